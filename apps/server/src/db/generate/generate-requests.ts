import { REQUEST_TYPE, WORKFLOW_STATUS } from '@rrp/domain';
import { DAY, HOUR, maxId, type Generation } from './generation';
import type { People } from './generate-people';
import type { Projects } from './generate-projects';
import { firstEntry, lastDecision, statusPath, statusSequence, type StatusPath } from './histories';
import { Random } from './random';

const S = WORKFLOW_STATUS;
/** Request status -> share of requests (most old requests end fulfilled or archived). */
const STATUS_WEIGHTS = new Map<number, number>([
  [S.created, 5], // drafts, never submitted
  [S.submitted, 6],
  [S.underReview, 5],
  [S.approved, 12],
  [S.rejected, 6],
  [S.revisionsRequested, 3],
  [S.fulfilled, 38],
  [S.reviewMeeting, 1],
  [S.deferred, 1],
  [S.conditionallyApproved, 2],
  [S.withdrawn, 6],
  [S.approvedPendingTeam, 1],
  [S.archived, 13.5],
  [S.suspended, 0.5],
]);
const WITH_EXPIRY = new Set<number>([
  S.approved,
  S.fulfilled,
  S.approvedPendingTeam,
  S.archived,
  S.suspended,
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

/**
 * The biospecimen inventory, then requests of every type and status with their datasets, samples
 * and access lists.
 */
export async function generateRequests(g: Generation, people: People, projects: Projects) {
  const { database, size, seed, reference, now, spread, write } = g;
  const { staffIds } = people;
  const { firstProject, projectOwner, projectInstitution, projectCreated, projectMembers } = projects;
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
        if (type === REQUEST_TYPE.dataset) {
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
        } else if (type === REQUEST_TYPE.biospecimen) {
          const t = requestRandom.int(0, reference.sampleTypes.length - 1);
          sampleTypeId = reference.sampleTypes[t]!.id;
          requestSampleType[r] = t + 1;
          displayName = reference.sampleTypes[t]!.name;
        } else if (type === REQUEST_TYPE.researchMatch || type === REQUEST_TYPE.researchMatchRenewal) {
          const cohort = requestRandom.pick(reference.cohorts);
          cohortIds = [cohort.id];
          displayName = `Research Match: ${cohort.name}`;
        }
        requestDatasets.push(datasetIds);
        const submitted = firstEntry(path, S.submitted);
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
          status !== S.created,
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
        const draft = paths[r]!.statuses.length === 1 && paths[r]!.statuses[0] === S.created;
        for (const userId of projectMembers[requestProject[r]!]!) {
          if (requestRandom.chance(0.7))
            yield [firstRequest + r, userId, !draft && requestRandom.chance(0.8), created];
        }
      }
    })(),
  );
  return { firstRequest, requestProject, requestType, paths };
}
export type Requests = Awaited<ReturnType<typeof generateRequests>>;
