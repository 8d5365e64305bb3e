import { afterAll, beforeAll, expect } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { todayIso } from '@rrp/domain';
import { files, projects, requests, sampleTypeAllowedUsers, sampleTypes } from '../../db/schema';
import { addTeamMember, createDataset, createProject, createSample } from '../../db/factories';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';

/**
 * The requests API tests' shared set-up: staff of each kind, a researcher with a project (a valid
 * IRB, a teammate) and a stranger with theirs, the datasets and samples the tests ask for, and the
 * calls and payloads they send. Each test file registers it through `setUpRequestsApi()`.
 */
export let t: TestContext;
export let admin: { id: number; token: string };
export let reviewer: string;
/** Staff who read every request (reviewers see only their assignments). */
export let viewer: string;
export let tissueManager: string;
export let sbso: string;
export let researcher: { id: number; email: string; token: string };
export let teammate: { id: number; email: string; token: string };
export let other: { id: number; email: string; token: string };
export let projectId: number;
export let otherProjectId: number;
export const ds: Record<string, number> = {};
export const st: Record<string, number> = {};

async function person(
  roles: Parameters<TestContext['createUser']>[0]['roles'],
  firstName: string,
  lastName: string,
) {
  const user = await t.createUser({ roles, firstName, lastName });
  return { ...user, token: await t.tokenFor(user.email) };
}

const day = (offset: number) => todayIso(new Date(Date.now() + offset * 86_400_000));
export const db = () => t.database.db;

export async function attachIrb(project: number, ownerId: number, renewalOffset: number) {
  const [file] = await db()
    .insert(files)
    .values({
      name: 'irb.pdf',
      storageKey: `test/${Math.random()}`,
      type: 'irb',
      contentType: 'application/pdf',
      size: 10,
      creatorId: ownerId,
      projectId: project,
      additionalData: { designation: 1, approval_date: day(-400), renewal_date: day(renewalOffset) },
    })
    .returning();
  await db().update(projects).set({ latestIrbId: file!.id }).where(eq(projects.id, project));
}

export function setUpRequestsApi(): void {
  beforeAll(async () => {
    t = await createTestContext();
    const adminUser = await person(['portal_admin'], 'Ann', 'Admin');
    admin = adminUser;
    reviewer = await t.tokenForRole('portal_reviewer');
    viewer = await t.tokenForRole('internal_read_only');
    tissueManager = await t.tokenForRole('abn_proj_mgr');
    sbso = await t.tokenForRole('sbso');
    researcher = await person(['primary_researcher'], 'Rita', 'Researcher');
    teammate = await person(['primary_researcher'], 'Tom', 'Teammate');
    other = await person(['primary_researcher'], 'Otto', 'Other');
    const project = await createProject(db(), { ownerId: researcher.id, title: 'Sleep study' });
    projectId = project.id;
    await attachIrb(projectId, researcher.id, 200);
    await addTeamMember(db(), {
      projectId,
      email: teammate.email,
      firstName: 'Tom',
      lastName: 'Teammate',
      userRole: 2,
    });
    otherProjectId = (await createProject(db(), { ownerId: other.id, title: 'Other study' })).id;

    ds.plain = (await createDataset(db(), { name: 'Plain Phenotype', cohortId: 1 })).id;
    ds.second = (await createDataset(db(), { name: 'Second Phenotype', cohortId: 2 })).id;
    ds.globus = (
      await createDataset(db(), {
        name: 'Globus Genomes',
        cohortId: 1,
        globusLocations: [
          { endpoint_id: '5f3c1c2e-8a0e-4d3b-9f0e-2b7c2f6e4a11', endpoint_name: 'B', location: '/g/' },
        ],
      })
    ).id;
    ds.gpf = (await createDataset(db(), { name: 'GPF Variants', cohortId: 1, gpfAccessible: true })).id;
    ds.limited = (await createDataset(db(), { name: 'Restricted Imaging', limited: true })).id;
    ds.unavailable = (await createDataset(db(), { name: 'Withdrawn Data', available: false })).id;
    ds.noCohort = (await createDataset(db(), { name: 'Reference Panel', cohortId: null })).id;

    for (const row of await db().select().from(sampleTypes)) st[row.type] = row.id;
    await db().insert(sampleTypeAllowedUsers).values({ sampleTypeId: st.ipsc!, userId: researcher.id });
    await createSample(db(), { id: '11000-p1', sampleTypeId: st.plasma!, amountAvailable: 4, unit: 'μl' });
    await createSample(db(), { id: '11000-mo', sampleTypeId: st.plasma!, status: 'limited' });
    await createSample(db(), {
      id: '14710-x1',
      sampleTypeId: st.plasma!,
      status: 'unavailable',
      amountAvailable: 0,
    });
    await createSample(db(), { id: '12000-i1', sampleTypeId: st.ipsc!, ipscConsented: true });
    await createSample(db(), { id: '12000-i2', sampleTypeId: st.ipsc! });
    await createSample(db(), { id: '13000-l1', sampleTypeId: st.lcl!, status: 'cpls', ipscConsented: true });
    await createSample(db(), { id: '13000-l2', sampleTypeId: st.lcl! });
    await createSample(db(), { id: '15000-d1', sampleTypeId: st.dna!, unit: 'μg' });
  });
  afterAll(() => t.close());
}

export const post = (payload: object, token = researcher.token, query = '') =>
  t.app.inject({ method: 'POST', url: `/api/request/${query}`, headers: auth(token), payload });
export const patch = (id: number, payload: object, token = researcher.token) =>
  t.app.inject({ method: 'PATCH', url: `/api/request/${id}/`, headers: auth(token), payload });
export const get = (url: string, token = researcher.token) => t.app.inject({ url, headers: auth(token) });
export const remove = (id: number, token = researcher.token) =>
  t.app.inject({ method: 'DELETE', url: `/api/request/${id}/`, headers: auth(token) });
export const validate = (payload: object, token = researcher.token, url = '/api/validateSamples/') =>
  t.app.inject({ method: 'POST', url, headers: auth(token), payload });
export const requestCount = async () => (await db().select({ n: count() }).from(requests))[0]!.n;

const usage = { usage_answers: [true, true, true], agreed_to_usage_policy: true };
export const datasetRequest = (extra: object = {}) => ({
  project: projectId,
  type: 1,
  datasets: [ds.plain],
  agreed_nih: true,
  data_safeguard: true,
  ...usage,
  submit: true,
  ...extra,
});
export const shipping = {
  full_name: 'Rita Researcher',
  title: 'Professor',
  email: 'rita@example.test',
  phone_number: '555-0100',
  address: '1 Lab Way',
  city: 'Springfield',
  region: 'IL',
  postal_code: '62701',
  country: 'USA',
  shipping_vendor: 'FedEx',
  shipping_vendor_account_number: '12345',
};
export const plasmaData = (extra: Record<string, unknown> = {}) => ({
  sample_type: st.plasma,
  samples: { '11000-p1': 2, '11000-mo': '1' },
  usage: 'Proteomics of plasma.',
  genetic_seq: ['none'],
  bio_destroyed: 'yes',
  ...shipping,
  ...extra,
});
export const biospecimenRequest = (data: Record<string, unknown> = plasmaData(), extra: object = {}) => ({
  project: projectId,
  type: 2,
  additional_data: data,
  ...usage,
  submit: true,
  ...extra,
});

/** Nothing of a refused request is stored. */
export async function expectRefused(
  response: Awaited<ReturnType<typeof post>>,
  before: number,
  field: string,
  message: string,
) {
  expect(response.statusCode, response.body).toBe(400);
  expect(errorBody(response)[field]).toEqual([message]);
  expect(await requestCount()).toBe(before);
}
