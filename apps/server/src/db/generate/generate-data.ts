import { sql } from 'drizzle-orm';
import {
  RESEARCH_MATCH_CRITERIA,
  RESEARCH_MATCH_TYPES,
  RESEARCH_TEAM_ROLES,
  WORKFLOW_STATUS,
  type RoleKey,
} from '@rrp/domain';
import type { Database } from '../../platform/db/database';
import { rebuildStatusStays } from '../../platform/status-stays';
import { bulkWriter, type Row } from './bulk-writer';
import {
  firstEntry,
  lastDecision,
  rdaPath,
  reviewStay,
  statusPath,
  statusSequence,
  type StatusPath,
} from './histories';
import { Random } from './random';
import {
  FIRST_NAMES,
  INSTITUTION_KINDS,
  LAST_NAMES,
  PLACES,
  POPULATIONS,
  STUDY_KINDS,
  TOPICS,
} from './vocabulary';

/** How many rows of each kind to add. */
export interface DataSize {
  users: number;
  institutions: number;
  projects: number;
  requests: number;
  history: number;
}

/** The size the benchmark targets: several times the foundation's real portal. */
export const FULL_SIZE: DataSize = {
  users: 100_000,
  institutions: 20_000,
  projects: 60_000,
  requests: 200_000,
  history: 1_000_000,
};

const DAY = 86_400_000;
const HOUR = 3_600_000;
const YEARS_OF_DATA = 8;
const REVIEWER_DECISIONS = ['Approve', 'Conditionally Approve', 'Defer', 'Reject'] as const;

/** The review quarter of a moment, as the reviews keep it (YYYY-Qn). */
const quarterOf = (at: number) => {
  const date = new Date(at);
  return `${date.getUTCFullYear()}-Q${Math.floor(date.getUTCMonth() / 3) + 1}`;
};

/** Request status id -> share of requests (most old requests end fulfilled or archived). */
const STATUS_WEIGHTS = new Map<number, number>([
  [1, 5], // Created: drafts, never submitted
  [2, 6],
  [3, 5],
  [4, 12],
  [5, 6],
  [6, 3],
  [7, 38],
  [8, 1],
  [9, 1],
  [10, 2],
  [11, 6],
  [12, 1],
  [13, 13.5],
  [14, 0.5],
]);
const WITH_EXPIRY = new Set([4, 7, 12, 13, 14]);
/** An approved institution's RDA status -> share (1 Signature Needed, 2 Awaiting Execution, 3 Fully Executed). */
const RDA_WEIGHTS = new Map<number, number>([
  [3, 85],
  [2, 5],
  [1, 10],
]);

/** Request type id -> share: datasets and biospecimens dominate. */
const TYPE_WEIGHTS = new Map<number, number>([
  [1, 50],
  [2, 25],
  [3, 3],
  [4, 8],
  [5, 3],
  [6, 4],
  [7, 3],
  [8, 4],
]);
const TYPE_NAMES: Record<number, string> = {
  3: 'Funding',
  6: 'Data Access to a brain-tissue network',
  7: 'Pilot Tissue Request',
  8: 'Tissue Request',
};

/** Roles of the generated staff (about one user in two hundred); the rest are researchers. */
const STAFF_ROLES: readonly RoleKey[] = [
  'portal_admin',
  'portal_reviewer',
  'portal_reviewer',
  'external_reviewer',
  'internal_reviewer',
  'abn_reviewer',
  'rm_admin',
  'internal_read_only',
];
const REVIEWER_ROLES = new Set<RoleKey>([
  'portal_reviewer',
  'external_reviewer',
  'internal_reviewer',
  'abn_reviewer',
]);

/** Team size beyond the PI -> share of projects. */
const TEAM_SIZE_WEIGHTS = new Map<number, number>([
  [0, 25],
  [1, 25],
  [2, 20],
  [3, 15],
  [4, 10],
  [6, 5],
]);

interface Reference {
  groups: Map<string, number>;
  datasets: { id: number; name: string; cohortId: number | null }[];
  sampleTypes: { id: number; name: string }[];
  cohorts: { id: number; name: string }[];
}

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function maxId(database: Database, table: string): Promise<number> {
  const [row] = await rows<{ max: number | string | null }>(
    database,
    sql.raw(`select max(id) as max from "${table}"`),
  );
  return Number(row?.max ?? 0);
}

async function readReference(database: Database): Promise<Reference> {
  const groups = await rows<{ id: number; name: string }>(database, sql`select id, name from groups`);
  return {
    groups: new Map(groups.map((group) => [group.name, Number(group.id)])),
    datasets: (
      await rows<{ id: number; name: string; cohort_id: number | null }>(
        database,
        sql`select id, name, cohort_id from datasets where is_latest and available order by id`,
      )
    ).map((row) => ({ id: Number(row.id), name: row.name, cohortId: row.cohort_id })),
    sampleTypes: await rows<{ id: number; name: string }>(
      database,
      sql`select id, name from sample_types order by id`,
    ),
    cohorts: await rows<{ id: number; name: string }>(
      database,
      sql`select id, name from cohorts order by id`,
    ),
  };
}

/** Splits `total` over `parts` as evenly as whole numbers allow (the first ones get the remainder). */
const share = (total: number, parts: number, index: number) =>
  Math.floor(total / parts) + (index < total % parts ? 1 : 0);

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');

/**
 * Adds a realistic population on top of what the database holds (reference and demo data):
 * institutions, researchers and staff with roles and affiliations, projects with teams, requests
 * of every type and status over eight years with their datasets, samples, access lists and
 * reviewers, and the history of those objects. Ids continue after the current maximum, so it can
 * run on a database in use; the same seed gives the same rows.
 */
export async function generateData(
  database: Database,
  size: DataSize,
  log: (line: string) => void,
  seed = 20_240_601,
): Promise<Record<string, number>> {
  const writer = bulkWriter(database);
  const reference = await readReference(database);
  if (reference.datasets.length === 0 || reference.sampleTypes.length === 0) {
    throw new Error('The catalogue is empty: seed the reference and demo data first.');
  }
  const written: Record<string, number> = {};
  const write = async (table: string, columns: readonly string[], source: Iterable<Row>) => {
    const started = Date.now();
    written[table] = (written[table] ?? 0) + (await writer.write(table, columns, source));
    log(`${table}: ${written[table]} rows (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  };

  const now = Date.now();
  const start = now - YEARS_OF_DATA * 365 * DAY;
  const spread = (random: Random, index: number, count: number) =>
    new Date(start + ((index + random.next()) / count) * (now - start - 30 * DAY));

  // --- Institutions and their RDAs -----------------------------------------------------------
  const firstInstitution = (await maxId(database, 'institutions')) + 1;
  const institutionRandom = new Random(seed);
  const firstFile = (await maxId(database, 'files')) + 1;
  /** Per institution: its RDA's path (sent, signed, executed), or null without one. */
  const rdas: (StatusPath | null)[] = [];
  let rdaCount = 0;
  await write(
    'institutions',
    [
      'id',
      'name',
      'official_name',
      'domains',
      'status_id',
      'nonprofit',
      'current_rda_id',
      'created',
      'modified',
    ],
    (function* () {
      for (let i = 0; i < size.institutions; i++) {
        const id = firstInstitution + i;
        const place = institutionRandom.pick(PLACES);
        const base = institutionRandom.pick(INSTITUTION_KINDS).replace('{place}', place);
        // Beyond the word lists' combinations, a campus tells same-named institutions apart.
        const name = i < PLACES.length * INSTITUTION_KINDS.length ? base : `${base} (Campus ${id})`;
        const created = spread(institutionRandom, i, size.institutions);
        const status = institutionRandom.weighted(
          new Map([
            [3, 82],
            [1, 5],
            [2, 5],
            [5, 4],
            [4, 2],
            [6, 2],
          ]),
        );
        // Approved institutions mostly have a fully executed RDA; others one still being signed.
        const rdaStatus =
          status === 3
            ? institutionRandom.weighted(RDA_WEIGHTS)
            : status === 2 || status === 5
              ? institutionRandom.int(1, 2)
              : 0;
        const rda = rdaStatus
          ? rdaPath(
              institutionRandom,
              rdaStatus,
              created.getTime() + institutionRandom.int(0, 10) * DAY,
              now - DAY,
            )
          : null;
        const rdaId = rda ? firstFile + rdaCount++ : null;
        rdas.push(rda);
        yield [
          id,
          name,
          name,
          `{${slug(place)}${id}.example.edu}`,
          status,
          institutionRandom.chance(0.9),
          rdaId,
          created,
          created,
        ];
      }
    })(),
  );
  await write(
    'files',
    [
      'id',
      'name',
      'storage_key',
      'type',
      'content_type',
      'size',
      'institution_id',
      'additional_data',
      'created',
      'modified',
    ],
    (function* () {
      let fileId = firstFile;
      for (const [i, rda] of rdas.entries()) {
        if (!rda) continue;
        yield [
          fileId,
          'RDA.pdf',
          `generated/rda-${fileId}.pdf`,
          'rda',
          'application/pdf',
          48_000,
          firstInstitution + i,
          { status: rda.statuses.at(-1)!, name: 'RDA' },
          new Date(rda.times[0]!),
          new Date(rda.times.at(-1)!),
        ];
        fileId++;
      }
    })(),
  );

  // --- Users, roles, affiliations ----------------------------------------------------------
  const firstUser = (await maxId(database, 'users')) + 1;
  const userRandom = new Random(seed + 1);
  const firstNames: string[] = [];
  const lastNames: string[] = [];
  const emails: string[] = [];
  const roleOf: RoleKey[] = [];
  const institutionOf = new Int32Array(size.users);
  for (let i = 0; i < size.users; i++) {
    firstNames.push(userRandom.pick(FIRST_NAMES));
    lastNames.push(userRandom.pick(LAST_NAMES));
    emails.push(`${firstNames[i]}.${lastNames[i]}.${firstUser + i}@example.org`.toLowerCase());
    const staff = i % 200 === 0;
    roleOf.push(
      staff
        ? userRandom.pick(STAFF_ROLES)
        : userRandom.weighted(
            new Map<RoleKey, number>([
              ['primary_researcher', 96],
              ['sbso', 3],
              ['pi_sbso', 1],
            ]),
          ),
    );
    institutionOf[i] = staff ? 0 : firstInstitution + institutionRandom.skewed(size.institutions, 1.8);
  }
  const researchers = roleOf.flatMap((role, i) =>
    role === 'primary_researcher' || role === 'pi_sbso' ? [i] : [],
  );
  const reviewers = roleOf.flatMap((role, i) => (REVIEWER_ROLES.has(role) ? [firstUser + i] : []));
  const staffIds = roleOf.flatMap((role, i) => (STAFF_ROLES.includes(role) ? [firstUser + i] : []));
  if (researchers.length === 0 || reviewers.length === 0) {
    throw new Error('Generate at least 1,000 users, so there are researchers and reviewers.');
  }
  const userCreated = (i: number) => new Date(start + (i / size.users) * (now - start - 60 * DAY));
  await write(
    'users',
    [
      'id',
      'email',
      'first_name',
      'last_name',
      'primary_role',
      'verified',
      'is_active',
      'agreed_to_terms_at',
      'created',
      'modified',
    ],
    (function* () {
      for (let i = 0; i < size.users; i++) {
        const created = userCreated(i);
        yield [
          firstUser + i,
          emails[i]!,
          firstNames[i]!,
          lastNames[i]!,
          roleOf[i]!,
          userRandom.chance(0.97),
          userRandom.chance(0.98),
          created,
          created,
          created,
        ];
      }
    })(),
  );
  await write(
    'user_groups',
    ['user_id', 'group_id'],
    (function* () {
      for (let i = 0; i < size.users; i++) yield [firstUser + i, reference.groups.get(roleOf[i]!)!];
    })(),
  );
  await write(
    'user_institutions',
    ['user_id', 'institution_id', 'primary', 'verified', 'created'],
    (function* () {
      for (let i = 0; i < size.users; i++) {
        if (institutionOf[i])
          yield [firstUser + i, institutionOf[i]!, true, userRandom.chance(0.9), userCreated(i)];
      }
    })(),
  );

  // --- Projects and their teams ------------------------------------------------------------
  const firstProject = (await maxId(database, 'projects')) + 1;
  const projectRandom = new Random(seed + 2);
  const projectOwner = new Int32Array(size.projects);
  const projectInstitution = new Int32Array(size.projects);
  const projectCreated = new Float64Array(size.projects);
  const projectMembers: number[][] = [];
  for (let p = 0; p < size.projects; p++) {
    const owner = researchers[projectRandom.skewed(researchers.length, 1.5)]!;
    projectOwner[p] = firstUser + owner;
    projectInstitution[p] = institutionOf[owner]!;
    projectCreated[p] = Math.max(
      userCreated(owner).getTime(),
      spread(projectRandom, p, size.projects).getTime(),
    );
  }
  await write(
    'projects',
    [
      'id',
      'owner_id',
      'creator_id',
      'institution_id',
      'title',
      'abstract',
      'non_autism_research',
      'created',
      'modified',
    ],
    (function* () {
      for (let p = 0; p < size.projects; p++) {
        const topic = projectRandom.pick(TOPICS);
        const population = projectRandom.pick(POPULATIONS);
        const title = `${projectRandom.pick(STUDY_KINDS)} ${topic} in ${population}`;
        const abstract = `We study ${topic} in ${population}, combining phenotype and genetic data from the foundation's cohorts. The aim is to understand ${projectRandom.pick(TOPICS)} and to improve support for families.`;
        const created = new Date(projectCreated[p]!);
        yield [
          firstProject + p,
          projectOwner[p]!,
          projectOwner[p]!,
          projectInstitution[p] || null,
          title,
          abstract,
          projectRandom.chance(0.03),
          created,
          created,
        ];
      }
    })(),
  );
  const firstMember = (await maxId(database, 'research_team_members')) + 1;
  let memberId = firstMember;
  await write(
    'research_team_members',
    [
      'id',
      'project_id',
      'user_id',
      'email',
      'first_name',
      'last_name',
      'user_role',
      'institution_id',
      'active',
      'removal_date',
      'created',
      'modified',
    ],
    (function* () {
      for (let p = 0; p < size.projects; p++) {
        const projectId = firstProject + p;
        const owner = projectOwner[p]! - firstUser;
        const created = new Date(projectCreated[p]!);
        const members: number[] = [];
        yield [
          memberId++,
          projectId,
          projectOwner[p]!,
          emails[owner]!,
          firstNames[owner]!,
          lastNames[owner]!,
          1,
          projectInstitution[p] || null,
          true,
          null,
          created,
          created,
        ];
        const teamSize = projectRandom.weighted(TEAM_SIZE_WEIGHTS);
        const chosen = new Set<number>([owner]);
        for (let m = 0; m < teamSize; m++) {
          const role = projectRandom.int(2, RESEARCH_TEAM_ROLES.length);
          if (projectRandom.chance(0.08)) {
            // Invited by e-mail, no account yet: the request's "research team ready" flag is off.
            const first = projectRandom.pick(FIRST_NAMES);
            const last = projectRandom.pick(LAST_NAMES);
            yield [
              memberId++,
              projectId,
              null,
              `${first}.${last}.p${projectId}m${m}@example.net`.toLowerCase(),
              first,
              last,
              role,
              null,
              true,
              null,
              created,
              created,
            ];
            continue;
          }
          const member = researchers[projectRandom.int(0, researchers.length - 1)]!;
          if (chosen.has(member)) continue;
          chosen.add(member);
          const removed = projectRandom.chance(0.05) ? new Date(created.getTime() + 200 * DAY) : null;
          if (!removed) members.push(firstUser + member);
          yield [
            memberId++,
            projectId,
            firstUser + member,
            emails[member]!,
            firstNames[member]!,
            lastNames[member]!,
            role,
            institutionOf[member] || null,
            projectRandom.chance(0.95),
            removed,
            created,
            created,
          ];
        }
        projectMembers.push(members);
      }
    })(),
  );

  // --- Samples (the biospecimen inventory validateSamples reads) --------------------------------
  const sampleRandom = new Random(seed + 3);
  const samplesPerType = Math.max(200, Math.ceil(size.requests / 10 / reference.sampleTypes.length));
  const sampleIds = reference.sampleTypes.map((_, t) =>
    Array.from({ length: samplesPerType }, (__, s) => `${500_000 + t * samplesPerType + s}-p1`),
  );
  await write(
    'samples',
    ['id', 'sample_type_id', 'amount_available', 'unit', 'ipsc_consented', 'status'],
    (function* () {
      for (const [t, type] of reference.sampleTypes.entries()) {
        for (const id of sampleIds[t]!) {
          const status = sampleRandom.weighted(
            new Map([
              ['available', 80],
              ['limited', 12],
              ['unavailable', 6],
              ['cpls', 2],
            ]),
          );
          yield [
            id,
            type.id,
            status === 'unavailable' ? 0 : sampleRandom.int(1, 40),
            'vials',
            sampleRandom.chance(0.3),
            status,
          ];
        }
      }
    })(),
  );

  // --- Requests -------------------------------------------------------------------------------
  const firstRequest = (await maxId(database, 'requests')) + 1;
  const requestRandom = new Random(seed + 4);
  const requestProject = new Int32Array(size.requests);
  const requestType = new Int8Array(size.requests);
  const requestDatasets: number[][] = [];
  const requestSampleType = new Int32Array(size.requests);
  /** Each request's statuses and when it entered them: its history, dates and reviews follow from it. */
  const paths: StatusPath[] = [];
  await write(
    'requests',
    [
      'id',
      'type_id',
      'status_id',
      'project_id',
      'owner_id',
      'institution_id',
      'creator_id',
      'submission_date',
      'decision_date',
      'expiration_date',
      'display_name',
      'cohort_ids',
      'sample_type_id',
      'agreed_to_usage_policy',
      'additional_data',
      'created',
      'modified',
    ],
    (function* () {
      for (let r = 0; r < size.requests; r++) {
        // Requests come in id order over the years; each belongs to a project older than itself.
        const created = spread(requestRandom, r, size.requests);
        let p = requestRandom.skewed(size.projects, 1.3);
        for (let tries = 0; projectCreated[p]! > created.getTime() && tries < 8; tries++) {
          p = requestRandom.int(0, size.projects - 1);
        }
        const type = requestRandom.weighted(TYPE_WEIGHTS);
        const status = requestRandom.weighted(STATUS_WEIGHTS);
        requestProject[r] = p;
        requestType[r] = type;
        const path = statusPath(
          requestRandom,
          statusSequence(requestRandom, type, status),
          created.getTime(),
          now - HOUR,
        );
        paths.push(path);
        let displayName = TYPE_NAMES[type] ?? '';
        let cohortIds: number[] = [];
        let sampleTypeId: number | null = null;
        let datasetIds: number[] = [];
        if (type === 1) {
          const picked = requestRandom.sample(
            reference.datasets,
            requestRandom.weighted(
              new Map([
                [1, 60],
                [2, 30],
                [3, 10],
              ]),
            ),
          );
          datasetIds = picked.map((dataset) => dataset.id);
          displayName = picked.map((dataset) => dataset.name).join(', ');
          cohortIds = [...new Set(picked.flatMap((dataset) => (dataset.cohortId ? [dataset.cohortId] : [])))];
        } else if (type === 2) {
          const t = requestRandom.int(0, reference.sampleTypes.length - 1);
          sampleTypeId = reference.sampleTypes[t]!.id;
          requestSampleType[r] = t + 1;
          displayName = reference.sampleTypes[t]!.name;
        } else if (type === 4 || type === 5) {
          const cohort = requestRandom.pick(reference.cohorts);
          cohortIds = [cohort.id];
          displayName = `Research Match: ${cohort.name}`;
        }
        requestDatasets.push(datasetIds);
        const submitted = firstEntry(path, WORKFLOW_STATUS.submitted);
        const decided = lastDecision(path);
        const expires =
          decided && WITH_EXPIRY.has(status) ? decided + requestRandom.int(1, 3) * 365 * DAY : null;
        const owner = projectOwner[p]!;
        const creator = requestRandom.chance(0.05) ? requestRandom.pick(staffIds) : owner;
        yield [
          firstRequest + r,
          type,
          status,
          firstProject + p,
          owner,
          projectInstitution[p] || null,
          creator,
          submitted === null ? null : new Date(submitted),
          decided === null ? null : new Date(decided),
          expires === null ? null : new Date(expires),
          displayName,
          cohortIds,
          sampleTypeId,
          status !== 1,
          {},
          new Date(path.times[0]!),
          new Date(path.times.at(-1)!),
        ];
      }
    })(),
  );
  await write(
    'request_datasets',
    ['request_id', 'dataset_id'],
    (function* () {
      for (let r = 0; r < size.requests; r++)
        for (const id of requestDatasets[r]!) yield [firstRequest + r, id];
    })(),
  );
  await write(
    'request_samples',
    ['request_id', 'sample_id', 'amount'],
    (function* () {
      for (let r = 0; r < size.requests; r++) {
        if (!requestSampleType[r]) continue;
        const pool = sampleIds[requestSampleType[r]! - 1]!;
        for (const id of requestRandom.sample(pool, requestRandom.int(1, 4)))
          yield [firstRequest + r, id, requestRandom.int(1, 3)];
      }
    })(),
  );
  await write(
    'request_members',
    ['request_id', 'user_id', 'verified', 'created'],
    (function* () {
      for (let r = 0; r < size.requests; r++) {
        const created = new Date(paths[r]!.times[0]!);
        const draft = paths[r]!.statuses.length === 1 && paths[r]!.statuses[0] === WORKFLOW_STATUS.created;
        for (const userId of projectMembers[requestProject[r]!]!) {
          if (requestRandom.chance(0.7))
            yield [firstRequest + r, userId, !draft && requestRandom.chance(0.8), created];
        }
      }
    })(),
  );

  // --- Reviewers and Research Match reviews ----------------------------------------------------
  // Requests that went under review have reviewers: assigned around the start of the review (most
  // before it); Research Match ones a primary, a secondary and sometimes another, each with a review
  // scored while the application was under review.
  const reviewRandom = new Random(seed + 6);
  interface Assignment {
    request: number;
    reviewer: number;
    role: number | null;
    assigned: number;
  }
  const assignments: Assignment[] = [];
  for (let r = 0; r < size.requests; r++) {
    const stay = reviewStay(paths[r]!);
    const researchMatch = RESEARCH_MATCH_TYPES.includes(requestType[r]!);
    if (!stay || (!researchMatch && !reviewRandom.chance(0.6))) continue;
    const submitted = firstEntry(paths[r]!, WORKFLOW_STATUS.submitted) ?? paths[r]!.times[0]!;
    const chosen = reviewRandom.sample(
      reviewers,
      researchMatch ? reviewRandom.int(2, 3) : reviewRandom.int(1, 3),
    );
    for (const [index, reviewer] of chosen.entries()) {
      const assigned = reviewRandom.chance(0.7)
        ? Math.max(submitted, stay[0] - reviewRandom.next() * 5 * DAY)
        : Math.min(stay[0] + reviewRandom.next() * 3 * DAY, stay[1] ?? now - HOUR);
      assignments.push({
        request: r,
        reviewer,
        role: researchMatch ? Math.min(index + 1, 3) : null,
        assigned,
      });
    }
  }
  await write(
    'request_reviewers',
    ['request_id', 'user_id', 'reviewer_role', 'created'],
    (function* () {
      for (const a of assignments) yield [firstRequest + a.request, a.reviewer, a.role, new Date(a.assigned)];
    })(),
  );
  const firstReview = (await maxId(database, 'reviews')) + 1;
  await write(
    'reviews',
    [
      'id',
      'request_id',
      'reviewer_id',
      'reviewer_role',
      'quarter',
      'cycle',
      ...RESEARCH_MATCH_CRITERIA.map((name) => `${name}_score`),
      'reviewer_decision',
      'build_merit',
      'created',
      'modified',
    ],
    (function* () {
      let reviewId = firstReview;
      for (const a of assignments) {
        if (a.role === null) continue;
        const [entered, left] = reviewStay(paths[a.request]!)!;
        const opened = Math.max(entered, a.assigned);
        const closes = left ?? now - HOUR;
        // Reviews of applications still under review are often unfinished; a few are never finished.
        const complete = left !== null ? reviewRandom.chance(0.92) : reviewRandom.chance(0.4);
        if (!complete && reviewRandom.chance(0.3)) continue;
        const scored = complete
          ? RESEARCH_MATCH_CRITERIA.length
          : reviewRandom.int(0, RESEARCH_MATCH_CRITERIA.length - 1);
        const saved = opened + reviewRandom.next() * Math.max(closes - opened, HOUR);
        yield [
          reviewId++,
          firstRequest + a.request,
          a.reviewer,
          a.role,
          quarterOf(entered),
          1,
          ...RESEARCH_MATCH_CRITERIA.map((_, index) => (index < scored ? reviewRandom.int(1, 5) : null)),
          complete ? reviewRandom.pick(REVIEWER_DECISIONS) : null,
          complete ? reviewRandom.pick(['Yes', 'No', 'Not Applicable']) : null,
          new Date(opened),
          new Date(saved),
        ];
      }
    })(),
  );
  await write(
    'request_summaries',
    ['request_id', 'due_date', 'review_quarter', 'review_cycle', 'created', 'modified'],
    (function* () {
      for (let r = 0; r < size.requests; r++) {
        if (!RESEARCH_MATCH_TYPES.includes(requestType[r]!)) continue;
        const submitted = firstEntry(paths[r]!, WORKFLOW_STATUS.submitted);
        if (submitted === null) continue;
        const stay = reviewStay(paths[r]!);
        // Start Review sets the due date: about a month after the review begins, at 12:00 (staff §4.3).
        const due = stay ? new Date(stay[0] + reviewRandom.int(21, 42) * DAY) : null;
        due?.setUTCHours(12, 0, 0, 0);
        yield [
          firstRequest + r,
          due,
          stay ? quarterOf(stay[0]) : null,
          stay ? 1 : 0,
          new Date(submitted),
          new Date(stay?.[0] ?? submitted),
        ];
      }
    })(),
  );

  // --- History: each request's status changes and some edits, projects' edits, RDAs' signatures ---
  const historyRandom = new Random(seed + 5);
  const statusVersions = paths.reduce((sum, path) => sum + path.statuses.length, 0);
  const rdaVersions = rdas.reduce((sum, rda) => sum + (rda?.statuses.length ?? 0), 0);
  const requestVersions = Math.max(statusVersions, Math.round(size.history * 0.85) - rdaVersions);
  const projectVersions = Math.max(0, size.history - requestVersions - rdaVersions);
  const firstHistory = (await maxId(database, 'history')) + 1;
  let historyId = firstHistory;
  await write(
    'history',
    ['id', 'model', 'object_id', 'version', 'action', 'changed_fields', 'data', 'modifier_id', 'modified'],
    (function* () {
      for (let r = 0; r < size.requests; r++) {
        const id = firstRequest + r;
        const path = paths[r]!;
        const owner = projectOwner[requestProject[r]!]!;
        const data = (status: number) => ({
          id,
          statusId: status,
          typeId: requestType[r],
          projectId: firstProject + requestProject[r]!,
        });
        // This request's share of the edits that change no status, spread over its stays.
        const edits = share(requestVersions - statusVersions, size.requests, r);
        let version = 1;
        for (let step = 0; step < path.statuses.length; step++) {
          const status = path.statuses[step]!;
          const at = path.times[step]!;
          const byOwner = status === WORKFLOW_STATUS.created || status === WORKFLOW_STATUS.submitted;
          yield [
            historyId++,
            'request',
            String(id),
            version,
            version === 1 ? 'create' : 'update',
            JSON.stringify(version === 1 ? Object.keys(data(status)) : ['statusId']),
            data(status),
            byOwner ? owner : historyRandom.pick(staffIds),
            new Date(at),
          ];
          version++;
          const until = path.times[step + 1] ?? now;
          const editsHere =
            Math.floor(edits / path.statuses.length) + (step < edits % path.statuses.length ? 1 : 0);
          for (let e = 0; e < editsHere; e++) {
            yield [
              historyId++,
              'request',
              String(id),
              version++,
              'update',
              JSON.stringify(['additionalData']),
              data(status),
              historyRandom.chance(0.5) ? owner : historyRandom.pick(staffIds),
              new Date(at + ((e + 1) / (editsHere + 1)) * (until - at)),
            ];
          }
        }
      }
      for (let p = 0; p < size.projects; p++) {
        const id = firstProject + p;
        const versions = share(projectVersions, size.projects, p);
        for (let v = 1; v <= versions; v++) {
          const at = new Date(Math.min(now, projectCreated[p]! + (v - 1) * historyRandom.int(1, 90) * DAY));
          yield [
            historyId++,
            'project',
            String(id),
            v,
            v === 1 ? 'create' : 'update',
            JSON.stringify(v === 1 ? [] : ['abstract']),
            { id, ownerId: projectOwner[p] },
            projectOwner[p]!,
            at,
          ];
        }
      }
      let fileId = firstFile;
      for (const [i, rda] of rdas.entries()) {
        if (!rda) continue;
        for (const [step, status] of rda.statuses.entries()) {
          yield [
            historyId++,
            'file',
            String(fileId),
            step + 1,
            step === 0 ? 'create' : 'update',
            JSON.stringify(['additionalData']),
            {
              id: fileId,
              type: 'rda',
              institutionId: firstInstitution + i,
              additionalData: { status, name: 'RDA' },
            },
            null,
            new Date(rda.times[step]!),
          ];
        }
        fileId++;
      }
    })(),
  );
  // The stays in each status, derived from that history as the migration derives them.
  const stays = Date.now();
  await rebuildStatusStays(database.db);
  log(`request_status_stays: derived from the history (${((Date.now() - stays) / 1000).toFixed(1)} s)`);

  // Explicit ids were written: move each sequence past them, then refresh the planner's statistics.
  for (const table of [
    'institutions',
    'users',
    'projects',
    'research_team_members',
    'requests',
    'files',
    'reviews',
    'history',
  ]) {
    await database.db.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('"${table}"', 'id'), greatest((select max(id) from "${table}"), 1))`,
      ),
    );
  }
  // VACUUM as well as ANALYZE: a freshly loaded table has no visibility map, so every index-only
  // scan (counts, id pages) would still read the heap until autovacuum came by.
  log('vacuum analyze');
  await database.db.execute(sql`vacuum analyze`);
  return written;
}
