import { INSTITUTION_STATUS, RDA_STATUS, type RoleKey } from '@rrp/domain';
import { rdaPath, type StatusPath } from './histories';
import { DAY, maxId, type Generation } from './generation';
import { Random } from './random';
import { FIRST_NAMES, INSTITUTION_KINDS, LAST_NAMES, PLACES } from './vocabulary';

/** An approved institution's RDA status -> share (1 Signature Needed, 2 Awaiting Execution, 3 Fully Executed). */
const RDA_WEIGHTS = new Map<number, number>([
  [RDA_STATUS.fullyExecuted, 85],
  [RDA_STATUS.awaitingExecution, 5],
  [RDA_STATUS.signatureNeeded, 10],
]);
/** Institution status -> share: most are approved. */
const INSTITUTION_WEIGHTS = new Map<number, number>([
  [INSTITUTION_STATUS.approved, 82],
  [INSTITUTION_STATUS.pendingSbso, 5],
  [INSTITUTION_STATUS.underReview, 5],
  [INSTITUTION_STATUS.followUp, 4],
  [INSTITUTION_STATUS.rejected, 2],
  [INSTITUTION_STATUS.addingNewSbso, 2],
]);

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

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** Institutions with their RDAs, then users with their roles and affiliations. */
export async function generatePeople(g: Generation) {
  const { database, size, seed, reference, now, start, spread, write } = g;
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
        const status = institutionRandom.weighted(INSTITUTION_WEIGHTS);
        // Approved institutions mostly have a fully executed RDA; others one still being signed.
        const rdaStatus =
          status === INSTITUTION_STATUS.approved
            ? institutionRandom.weighted(RDA_WEIGHTS)
            : status === INSTITUTION_STATUS.underReview || status === INSTITUTION_STATUS.followUp
              ? institutionRandom.int(RDA_STATUS.signatureNeeded, RDA_STATUS.awaitingExecution)
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
  return {
    firstInstitution,
    firstFile,
    rdas,
    firstUser,
    emails,
    firstNames,
    lastNames,
    institutionOf,
    researchers,
    reviewers,
    staffIds,
    userCreated,
  };
}
export type People = Awaited<ReturnType<typeof generatePeople>>;
