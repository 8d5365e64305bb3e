import { eq } from 'drizzle-orm';
import { REQUEST_TYPE, WEBHOOK_EVENT_TYPE_KEYS } from '@rrp/domain';
import {
  createDataset,
  createDatasetAccess,
  createProject,
  createRenewal,
  createRequest,
  linkRequestDatasets,
} from '../src/db/factories';
import { notifications, requestSummaries, userInstitutions } from '../src/db/schema';
import { auth, type TestContext } from './test-app';

/** One versioned object: a fresh one to write, who may write it, and its writes. */
interface VersionTarget {
  /** The object's GET, which its PATCH or PUT shares. */
  url: string;
  token: string;
  /** The n-th change of the object (a PATCH body, each different from the last). */
  change?: (n: number) => object;
  /** A fresh object of the kind for DELETE: its URL (the delete ends it). */
  removable?: () => Promise<string>;
}

export interface VersionCase {
  name: string;
  /** The write routes it covers, as the app lists them (`PATCH /api/request/:id/`). */
  routes: string[];
  /** Its history's model: a stale write must add no history row. */
  history?: string;
  setup(t: TestContext): Promise<VersionTarget & { id: number }>;
}

export const idOf = (url: string) => Number(url.split('/').at(-2));

export async function created(t: TestContext, token: string, url: string, payload: object): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url, headers: auth(token), payload });
  if (response.statusCode !== 201) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return `${url}${response.json<{ id: number }>().id}/`;
}

async function firstOf(t: TestContext, token: string, url: string): Promise<string> {
  const response = await t.app.inject({ url, headers: auth(token) });
  const [row] = response.json<{ results: { id: number }[] }>().results;
  if (!row) throw new Error(`${url} is empty`);
  return `${url}${row.id}/`;
}

/** Each object route with a write, with the simplest change its writer may make. */
export const VERSION_CASES: VersionCase[] = [
  {
    name: 'request',
    routes: ['PATCH /api/request/:id/', 'DELETE /api/request/:id/'],
    history: 'request',
    async setup(t) {
      const owner = await t.createUser({ roles: ['primary_researcher'] });
      const token = await t.tokenFor(owner.email);
      const project = await createProject(t.database.db, { ownerId: owner.id });
      const dataset = await createDataset(t.database.db, { name: 'Requested dataset' });
      const make = async () => {
        const request = await createRequest(t.database.db, { projectId: project.id });
        await linkRequestDatasets(t.database.db, request.id, [dataset.id]);
        return `/api/request/${request.id}/`;
      };
      const url = await make();
      const change = (n: number) => ({
        agreed_nih: true,
        data_safeguard: true,
        intent_to_download: n % 2 === 1,
        additional_data: { globus_username: 'versioned@globusid.org' },
      });
      return { url, id: idOf(url), token, change, removable: make };
    },
  },
  {
    name: 'request summary',
    routes: ['PATCH /api/request/:id/summary/'],
    history: 'request_summary',
    async setup(t) {
      const owner = await t.createUser({ roles: ['primary_researcher'] });
      const project = await createProject(t.database.db, { ownerId: owner.id });
      const request = await createRequest(t.database.db, {
        projectId: project.id,
        typeId: REQUEST_TYPE.researchMatch,
      });
      await t.database.db.insert(requestSummaries).values({ requestId: request.id });
      const token = await t.tokenForRole('portal_admin');
      const url = `/api/request/${request.id}/summary/`;
      return { url, id: request.id, token, change: (n) => ({ scientific_title: `Title v${n}` }) };
    },
  },
  {
    name: 'dataset',
    routes: ['PATCH /api/dataset/:id/'],
    history: 'dataset',
    async setup(t) {
      const dataset = await createDataset(t.database.db, { name: 'Versioned dataset' });
      const token = await t.tokenForRole('portal_admin');
      return {
        url: `/api/dataset/${dataset.id}/`,
        id: dataset.id,
        token,
        change: (n) => ({ name: `Dataset v${n}` }),
      };
    },
  },
  {
    name: 'institution',
    routes: ['PATCH /api/institution/:id/', 'DELETE /api/institution/:id/'],
    history: 'institution',
    async setup(t) {
      const token = await t.tokenForRole('portal_admin');
      const make = async () =>
        `/api/institution/${(await t.institutionWithOfficial(`Versioned U ${Math.random()}`)).institution.id}/`;
      const url = await make();
      return {
        url,
        id: idOf(url),
        token,
        change: (n) => ({ name: `Versioned University ${n}` }),
        removable: make,
      };
    },
  },
  {
    name: 'user',
    routes: ['PATCH /api/user/:id/'],
    history: 'user',
    async setup(t) {
      const user = await t.createUser({ roles: ['primary_researcher'] });
      const token = await t.tokenFor(user.email);
      return {
        url: `/api/user/${user.id}/`,
        id: user.id,
        token,
        change: (n) => ({ first_name: `Name${n}` }),
      };
    },
  },
  {
    name: 'project',
    routes: ['PATCH /api/project/:id/', 'DELETE /api/project/:id/'],
    history: 'project',
    async setup(t) {
      const owner = await t.createUser({ roles: ['primary_researcher'] });
      const token = await t.tokenFor(owner.email);
      const make = async () =>
        `/api/project/${(await createProject(t.database.db, { ownerId: owner.id })).id}/`;
      const url = await make();
      return { url, id: idOf(url), token, change: (n) => ({ title: `Project v${n}` }), removable: make };
    },
  },
  {
    name: 'release note',
    routes: ['PATCH /api/release_note/:id/', 'DELETE /api/release_note/:id/'],
    async setup(t) {
      const token = await t.tokenForRole('superuser');
      const make = () =>
        created(t, token, '/api/release_note/', { version: `9${Math.floor(Math.random() * 1e6)}.0` });
      const url = await make();
      return { url, id: idOf(url), token, change: (n) => ({ text: `Notes ${n}` }), removable: make };
    },
  },
  {
    name: 'webhook',
    routes: ['PATCH /api/webhook/:id/', 'DELETE /api/webhook/:id/'],
    history: 'webhook',
    async setup(t) {
      const token = await t.tokenForRole('superuser');
      const make = () =>
        created(t, token, '/api/webhook/', {
          url: 'http://127.0.0.1:9/portal',
          secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
          event_types: [WEBHOOK_EVENT_TYPE_KEYS[0]],
        });
      const url = await make();
      return { url, id: idOf(url), token, change: (n) => ({ description: `Hook ${n}` }), removable: make };
    },
  },
  {
    name: 'notification',
    routes: ['DELETE /api/notification/:id/'],
    async setup(t) {
      const user = await t.createUser({ roles: ['primary_researcher'] });
      const token = await t.tokenFor(user.email);
      const make = async () => {
        const [row] = await t.database.db
          .insert(notifications)
          .values({ recipientId: user.id, message: 'Versioned' })
          .returning();
        return `/api/notification/${row!.id}/`;
      };
      const url = await make();
      return { url, id: idOf(url), token, removable: make };
    },
  },
  {
    name: 'sample type',
    routes: ['PATCH /api/sample-type/:id/'],
    history: 'sampletype',
    async setup(t) {
      const token = await t.tokenForRole('portal_admin');
      const url = await firstOf(t, token, '/api/sample-type/');
      return { url, id: idOf(url), token, change: (n) => ({ available: n % 2 === 0 }) };
    },
  },
  {
    name: 'dataset access',
    routes: ['PATCH /api/datasetaccess/:id/'],
    history: 'datasetaccess',
    async setup(t) {
      const user = await t.createUser({ roles: ['primary_researcher'] });
      const dataset = await createDataset(t.database.db, { name: 'Accessed dataset' });
      const access = await createDatasetAccess(t.database.db, {
        userId: user.id,
        datasetId: dataset.id,
        accessType: 'AWS',
      });
      const token = await t.tokenForRole('access_admin');
      const types = ['AWS', 'Other'];
      return {
        url: `/api/datasetaccess/${access.id}/`,
        id: access.id,
        token,
        change: (n) => ({ access_type: types[n % 2] }),
      };
    },
  },
  {
    name: 'renewal',
    routes: ['PATCH /api/renewal/:id/'],
    history: 'renewal',
    async setup(t) {
      const owner = await t.createUser({ roles: ['primary_researcher'] });
      const project = await createProject(t.database.db, { ownerId: owner.id });
      const request = await createRequest(t.database.db, { projectId: project.id });
      const renewal = await createRenewal(t.database.db, { requestId: request.id });
      const token = await t.tokenFor(owner.email);
      return {
        url: `/api/renewal/${renewal.id}/`,
        id: renewal.id,
        token,
        change: (n) => ({
          agreed_to_usage_policy: true,
          additional_data: {
            renew: true,
            publication_status: 1,
            publications: [{ citation: 'Doe J. Autism genetics. 2025.', published: '2025-03-01' }],
            generated_check: false,
            impact: `Used ${n} times.`,
          },
        }),
      };
    },
  },
  {
    name: 'feature toggle',
    routes: ['PATCH /api/feature-toggle/:id/'],
    history: 'feature-toggle',
    async setup(t) {
      const token = await t.tokenForRole('superuser');
      const url = await firstOf(t, token, '/api/feature-toggle/');
      const { enabled } = (await t.app.inject({ url, headers: auth(token) })).json<{ enabled: boolean }>();
      return { url, id: idOf(url), token, change: (n) => ({ enabled: n % 2 === 1 ? !enabled : enabled }) };
    },
  },
  {
    name: 'reminder setting',
    routes: ['PATCH /api/reminder-setting/:id/'],
    history: 'reminder_setting',
    async setup(t) {
      const token = await t.tokenForRole('portal_admin');
      const url = await firstOf(t, token, '/api/reminder-setting/');
      return { url, id: idOf(url), token, change: (n) => ({ after_days: 10 + n }) };
    },
  },
  {
    name: 'affiliation',
    routes: ['PATCH /api/user-institution/:id/'],
    history: 'user-institution',
    async setup(t) {
      const user = await t.createUser({ roles: ['primary_researcher'] });
      const [row] = await t.database.db
        .select()
        .from(userInstitutions)
        .where(eq(userInstitutions.userId, user.id));
      const token = await t.tokenForRole('portal_admin');
      return {
        url: `/api/user-institution/${row!.id}/`,
        id: row!.id,
        token,
        change: (n) => ({ verified: n % 2 === 0 }),
      };
    },
  },
];
