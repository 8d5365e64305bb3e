import { WORKFLOW_STATUS } from '@rrp/domain';
import { DAY, maxId, share, type Generation } from './generation';
import type { People } from './generate-people';
import type { Projects } from './generate-projects';
import type { Requests } from './generate-requests';
import { Random } from './random';

/** The history of what was generated; the request status stays are derived from it afterwards. */
export async function generateHistory(g: Generation, people: People, projects: Projects, requests: Requests) {
  const { database, size, seed, now, write } = g;
  const { firstInstitution, firstFile, rdas, staffIds } = people;
  const { firstProject, projectOwner, projectCreated } = projects;
  const { firstRequest, requestProject, requestType, paths } = requests;
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
}
