import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { REQUEST_MESSAGES, RESOURCE_MIX_MESSAGES, todayIso } from '@rrp/domain';
import {
  emailLogs,
  files,
  history,
  projects,
  requestDatasets,
  requestMembers,
  requestSamples,
  requests,
  sampleTypeAllowedUsers,
  sampleTypes,
} from '../../db/schema';
import {
  addRequestSamples,
  addTeamMember,
  createDataset,
  createProject,
  createRequest,
  createSample,
  linkRequestDatasets,
} from '../../db/factories';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';

let t: TestContext;
let admin: { id: number; token: string };
let reviewer: string;
/** Staff who read every request (reviewers see only their assignments). */
let viewer: string;
let tissueManager: string;
let sbso: string;
let researcher: { id: number; email: string; token: string };
let teammate: { id: number; email: string; token: string };
let other: { id: number; email: string; token: string };
let projectId: number;
let otherProjectId: number;
const ds: Record<string, number> = {};
const st: Record<string, number> = {};

async function person(
  roles: Parameters<TestContext['createUser']>[0]['roles'],
  firstName: string,
  lastName: string,
) {
  const user = await t.createUser({ roles, firstName, lastName });
  return { ...user, token: await t.tokenFor(user.email) };
}

const day = (offset: number) => todayIso(new Date(Date.now() + offset * 86_400_000));
const db = () => t.database.db;

async function attachIrb(project: number, ownerId: number, renewalOffset: number) {
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

const post = (payload: object, token = researcher.token, query = '') =>
  t.app.inject({ method: 'POST', url: `/api/request/${query}`, headers: auth(token), payload });
const patch = (id: number, payload: object, token = researcher.token) =>
  t.app.inject({ method: 'PATCH', url: `/api/request/${id}/`, headers: auth(token), payload });
const get = (url: string, token = researcher.token) => t.app.inject({ url, headers: auth(token) });
const remove = (id: number, token = researcher.token) =>
  t.app.inject({ method: 'DELETE', url: `/api/request/${id}/`, headers: auth(token) });
const validate = (payload: object, token = researcher.token, url = '/api/validateSamples/') =>
  t.app.inject({ method: 'POST', url, headers: auth(token), payload });
const requestCount = async () => (await db().select({ n: count() }).from(requests))[0]!.n;

const usage = { usage_answers: [true, true, true], agreed_to_usage_policy: true };
const datasetRequest = (extra: object = {}) => ({
  project: projectId,
  type: 1,
  datasets: [ds.plain],
  agreed_nih: true,
  data_safeguard: true,
  ...usage,
  submit: true,
  ...extra,
});
const shipping = {
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
const plasmaData = (extra: Record<string, unknown> = {}) => ({
  sample_type: st.plasma,
  samples: { '11000-p1': 2, '11000-mo': '1' },
  usage: 'Proteomics of plasma.',
  genetic_seq: ['none'],
  bio_destroyed: 'yes',
  ...shipping,
  ...extra,
});
const biospecimenRequest = (data: Record<string, unknown> = plasmaData(), extra: object = {}) => ({
  project: projectId,
  type: 2,
  additional_data: data,
  ...usage,
  submit: true,
  ...extra,
});

/** Nothing of a refused request is stored. */
async function expectRefused(
  response: Awaited<ReturnType<typeof post>>,
  before: number,
  field: string,
  message: string,
) {
  expect(response.statusCode, response.body).toBe(400);
  expect(errorBody(response)[field]).toEqual([message]);
  expect(await requestCount()).toBe(before);
}

describe('requests: create a dataset request', () => {
  it('submits a dataset request: status 2, submission date, R + 5 digits, names, cohorts, team list, history', async () => {
    const response = await post(
      datasetRequest({
        datasets: [ds.plain, ds.second],
        access_control_list: [{ user_id: teammate.id }],
      }),
      researcher.token,
      '?expand=project,datasets',
    );
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.portal_request_id).toMatch(/^R\d{5}$/);
    expect(body).toMatchObject({
      type: 1,
      type_name: 'Dataset',
      status: 2,
      status_name: 'Submitted',
      display_name: 'Plain Phenotype, Second Phenotype',
      owner: { id: researcher.id, display_name: 'Rita Researcher' },
      creator: { id: researcher.id },
      agreed_nih: true,
      data_safeguard: true,
      agreed_to_usage_policy: true,
      project: { id: projectId, title: 'Sleep study', latest_irb: { designation: 1 } },
      first_req_on_project: true,
      project_has_approved_req: false,
      research_team_ready: true,
      is_editable: false,
    });
    expect(body.submission_date).not.toBeNull();
    expect(body.datasets.map((dataset: { id: number }) => dataset.id).sort()).toEqual(
      [ds.plain, ds.second].sort(),
    );
    expect(body.cohorts.map((cohort: { id: number }) => cohort.id).sort()).toEqual([1, 2]);
    expect(body.access_control_list.map((entry: { user_id: number }) => entry.user_id).sort()).toEqual(
      [researcher.id, teammate.id].sort(),
    );
    expect(body.permissions).toEqual(expect.arrayContaining(['read', 'update', 'delete']));
    const rows = await db()
      .select()
      .from(history)
      .where(eq(history.objectId, String(body.id)))
      .orderBy(history.version);
    expect(rows.filter((row) => row.model === 'request').map((row) => row.action)).toEqual(['create']);
  });

  it('sends the owner a receipt when a request is submitted, and none for a draft (decision 094)', async () => {
    const receipts = () => db().select().from(emailLogs).where(eq(emailLogs.template, 'decision-submitted'));
    const before = (await receipts()).length;
    const submitted = await post(datasetRequest({ datasets: [ds.plain] }));
    expect(submitted.statusCode, submitted.body).toBe(201);
    const draft = await post(datasetRequest({ datasets: [ds.second], submit: false }));
    expect(draft.statusCode, draft.body).toBe(201);
    const logs = await receipts();
    expect(logs).toHaveLength(before + 1);
    const receipt = logs.at(-1)!;
    expect(receipt).toMatchObject({
      to: [researcher.email],
      modelName: 'request',
      objectIds: [submitted.json().id],
    });
    expect(receipt.subject).toContain(submitted.json().portal_request_id);
    expect(receipt.text).toContain(
      'We will review the resource request and get back to you with a decision soon.',
    );

    // Submitting the draft later sends its receipt.
    const later = await patch(draft.json().id, { status: 2 });
    expect(later.statusCode, later.body).toBe(200);
    expect((await receipts()).map((log) => log.objectIds[0])).toContain(draft.json().id);
  });

  it('saves a request as Created without a submission date when not submitted', async () => {
    const response = await post(datasetRequest({ submit: false }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ status: 1, submission_date: null, is_editable: true });
  });

  it('refuses a status other than Created or Submitted', async () => {
    await expectRefused(
      await post(datasetRequest({ status: 4, submit: undefined })),
      await requestCount(),
      'status',
      REQUEST_MESSAGES.statusNotAllowed,
    );
  });

  it('needs the security answers, through the dataset security form', async () => {
    const before = await requestCount();
    const response = await post(datasetRequest({ agreed_nih: false, data_safeguard: null }));
    expect(response.statusCode).toBe(400);
    expect(errorBody(response)).toMatchObject({
      agreed_nih: ['Required field'],
      data_safeguard: ['Required field'],
    });
    expect(await requestCount()).toBe(before);
  });

  it("asks for a Globus username ('Required field') when downloading a cloud dataset, and checks its form", async () => {
    const before = await requestCount();
    await expectRefused(
      await post(datasetRequest({ datasets: [ds.globus], intent_to_download: true })),
      before,
      'globus_username',
      'Required field',
    );
    await expectRefused(
      await post(
        datasetRequest({
          datasets: [ds.globus],
          intent_to_download: true,
          additional_data: { globus_username: 'nope' },
        }),
      ),
      before,
      'globus_username',
      'Not a valid Globus Id or Username',
    );
    const ok = await post(
      datasetRequest({
        datasets: [ds.globus],
        intent_to_download: true,
        additional_data: { globus_username: 'rita@globusid.org' },
      }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().additional_data).toMatchObject({ globus_username: 'rita@globusid.org' });
    expect(ok.json().intent_to_download).toBe(true);
  });

  it('asks for the GPF choice when a dataset is GPF accessible', async () => {
    const before = await requestCount();
    await expectRefused(
      await post(datasetRequest({ datasets: [ds.gpf] })),
      before,
      'gpf_access_status',
      'Required field',
    );
    const ok = await post(datasetRequest({ datasets: [ds.gpf], gpf_access_status: 2 }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().gpf_access_status).toBe(2);
    const bad = await post(datasetRequest({ datasets: [ds.gpf], gpf_access_status: 3 }));
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad).gpf_access_status).toEqual([REQUEST_MESSAGES.gpfChoice]);
  });

  it('enforces the usage step: three True answers and the terms', async () => {
    const before = await requestCount();
    for (const answers of [
      { usage_answers: [true, true, false], agreed_to_usage_policy: true },
      { usage_answers: [true, true], agreed_to_usage_policy: true },
      { usage_answers: [true, true, true], agreed_to_usage_policy: false },
      { usage_answers: null, agreed_to_usage_policy: null },
    ]) {
      await expectRefused(
        await post(datasetRequest(answers)),
        before,
        'agreed_to_usage_policy',
        REQUEST_MESSAGES.usageAnswers,
      );
    }
  });

  it('refuses missing, unknown, unavailable and restricted datasets', async () => {
    const before = await requestCount();
    await expectRefused(
      await post(datasetRequest({ datasets: [] })),
      before,
      'datasets',
      REQUEST_MESSAGES.chooseDataset,
    );
    await expectRefused(
      await post(datasetRequest({ datasets: [999_999] })),
      before,
      'datasets',
      REQUEST_MESSAGES.unknownDataset,
    );
    await expectRefused(
      await post(datasetRequest({ datasets: [ds.unavailable] })),
      before,
      'datasets',
      REQUEST_MESSAGES.unknownDataset,
    );
    await expectRefused(
      await post(datasetRequest({ datasets: [ds.limited] })),
      before,
      'datasets',
      REQUEST_MESSAGES.restrictedResource,
    );
  });

  it('lets a non-autism project request only resources without a cohort', async () => {
    const project = await createProject(db(), { ownerId: researcher.id, nonAutismResearch: true });
    const before = await requestCount();
    await expectRefused(
      await post(datasetRequest({ project: project.id })),
      before,
      'datasets',
      REQUEST_MESSAGES.nonAutismCohort,
    );
    const ok = await post(datasetRequest({ project: project.id, datasets: [ds.noCohort] }));
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('refuses a resource the owner is already approved for', async () => {
    const project = await createProject(db(), { ownerId: researcher.id });
    const approved = await createRequest(db(), { projectId: project.id, statusId: 4 });
    const dataset = await createDataset(db(), { name: 'Approved Already', cohortId: 1 });
    await linkRequestDatasets(db(), approved.id, [dataset.id]);
    const before = await requestCount();
    await expectRefused(
      await post(datasetRequest({ datasets: [dataset.id, ds.plain] })),
      before,
      'datasets',
      REQUEST_MESSAGES.alreadyApproved(['Approved Already']),
    );
  });

  it('refuses mixing a dataset with a sample type, and a second biospecimen (resource mixing)', async () => {
    const before = await requestCount();
    await expectRefused(
      await post(datasetRequest({ additional_data: { sample_type: st.plasma } })),
      before,
      'non_field_errors',
      RESOURCE_MIX_MESSAGES.dataset,
    );
    await expectRefused(
      await post(biospecimenRequest(plasmaData(), { datasets: [ds.plain] })),
      before,
      'non_field_errors',
      RESOURCE_MIX_MESSAGES.dataset,
    );
    await expectRefused(
      await post(biospecimenRequest(plasmaData({ sample_type: [st.plasma, st.lcl] }))),
      before,
      'non_field_errors',
      RESOURCE_MIX_MESSAGES.oneBiospecimen,
    );
  });

  it('files only for own projects; an expired IRB blocks the project; other types wait for their work', async () => {
    const before = await requestCount();
    await expectRefused(
      await post(datasetRequest({ project: otherProjectId })),
      before,
      'project',
      REQUEST_MESSAGES.notYourProject,
    );
    await expectRefused(
      await post(datasetRequest({ project: 999_999 })),
      before,
      'project',
      'Project not found.',
    );
    const expired = await createProject(db(), { ownerId: researcher.id });
    await attachIrb(expired.id, researcher.id, -1);
    await expectRefused(
      await post(datasetRequest({ project: expired.id })),
      before,
      'project',
      REQUEST_MESSAGES.irbExpired,
    );
    await expectRefused(
      await post(datasetRequest({ type: 8 })),
      before,
      'type',
      REQUEST_MESSAGES.unsupportedType,
    );
  });

  it('keeps the team list to the project team, each member once', async () => {
    const before = await requestCount();
    await expectRefused(
      await post(datasetRequest({ access_control_list: [{ user_id: other.id }] })),
      before,
      'access_control_list',
      REQUEST_MESSAGES.teamMember,
    );
    await expectRefused(
      await post(
        datasetRequest({ access_control_list: [{ user_id: teammate.id }, { user_id: teammate.id }] }),
      ),
      before,
      'access_control_list',
      REQUEST_MESSAGES.teamDuplicate,
    );
  });

  it('files for a project whose team has a member invited by e-mail without an account', async () => {
    const project = await createProject(db(), { ownerId: researcher.id, title: 'Invited member study' });
    await attachIrb(project.id, researcher.id, 200);
    await addTeamMember(db(), {
      projectId: project.id,
      email: 'not-yet-registered@example.test',
      firstName: 'Nora',
      lastName: 'Newcomer',
    });
    const response = await post(datasetRequest({ project: project.id }));
    expect(response.statusCode).toBe(201);
  });

  it('answers 400 for malformed payloads', async () => {
    const response = await post({ project: 'x', type: 'y', datasets: 'z' });
    expect(response.statusCode).toBe(400);
    expect(errorBody(response).project).toEqual([REQUEST_MESSAGES.chooseProject]);
    const huge = await post(datasetRequest({ project: 99_999_999_999, datasets: [99_999_999_999] }));
    expect(huge.statusCode).toBe(400);
    expect(errorBody(huge)).toMatchObject({ project: [REQUEST_MESSAGES.chooseProject] });
    // Answers a dataset request has no use for are dropped; usage answers must be true/false.
    const junk = await post(datasetRequest({ additional_data: { samples: { a: { b: 1 } } } }));
    expect(junk.statusCode, junk.body).toBe(201);
    expect(junk.json().additional_data).toEqual({ usage_answers: [true, true, true] });
    const before = await requestCount();
    const badAnswers = await post(datasetRequest({ additional_data: { usage_answers: 'x' } }));
    expect(badAnswers.statusCode).toBe(400);
    expect(errorBody(badAnswers).additional_data).toBeDefined();
    expect(await requestCount()).toBe(before);
  });
});

describe('requests: create a biospecimen request', () => {
  it('stores the sample type, samples with amounts and the cleaned form answers', async () => {
    const response = await post(biospecimenRequest());
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      type: 2,
      display_name: 'Plasma',
      sample_type: { id: st.plasma, type: 'plasma' },
      additional_data: {
        samples: { '11000-p1': 2, '11000-mo': 1 },
        sample_type: st.plasma,
        usage: 'Proteomics of plasma.',
      },
      agreed_nih: null,
    });
    const stored = await db().select().from(requestSamples).where(eq(requestSamples.requestId, body.id));
    expect(stored.map((row) => row.sampleId).sort()).toEqual(['11000-mo', '11000-p1']);
  });

  it('takes sample ids as a list or text: split, stripped and deduplicated', async () => {
    const response = await post(biospecimenRequest(plasmaData({ samples: '11000-p1, 11000-p1\n11000#-mo' })));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().additional_data.samples).toEqual({ '11000-mo': 1, '11000-p1': 1 });
  });

  it("refuses ids that do not validate ('* Save Failed.  Please fix the ids below and try again') and stores nothing", async () => {
    const before = await requestCount();
    const response = await post(
      biospecimenRequest(plasmaData({ samples: ['11000-p1', '14710-x1', 'nope-1', '12000-i1'] })),
    );
    await expectRefused(response, before, 'samples', REQUEST_MESSAGES.saveFailedIds);
    expect(errorBody(response).invalid_samples).toEqual([
      { id: '14710-x1', availability: 'Unavailable' },
      { id: 'nope-1', availability: 'Invalid Id' },
      { id: '12000-i1', availability: 'Invalid Id' },
    ]);
  });

  it("refuses missing samples ('* Required field'), bad amounts and missing form answers", async () => {
    const before = await requestCount();
    await expectRefused(
      await post(biospecimenRequest(plasmaData({ samples: ' , ' }))),
      before,
      'samples',
      REQUEST_MESSAGES.samplesRequired,
    );
    await expectRefused(
      await post(biospecimenRequest(plasmaData({ samples: { '11000-p1': -1 } }))),
      before,
      'samples',
      REQUEST_MESSAGES.amount,
    );
    const response = await post(biospecimenRequest(plasmaData({ usage: '', city: 'x'.repeat(76) })));
    expect(response.statusCode).toBe(400);
    expect(errorBody(response)).toMatchObject({
      usage: ['Required field'],
      city: ['Ensure this field has no more than 75 characters.'],
    });
    expect(await requestCount()).toBe(before);
  });

  it('enforces the field limits of the forms (award number 15, full name 30, phone 20, postal code 16)', async () => {
    const response = await post(
      biospecimenRequest(
        plasmaData({
          award_number: 'A'.repeat(16),
          full_name: 'N'.repeat(31),
          phone_number: '1'.repeat(21),
          postal_code: '9'.repeat(17),
        }),
      ),
    );
    expect(response.statusCode).toBe(400);
    expect(errorBody(response)).toMatchObject({
      award_number: ['Ensure this field has no more than 15 characters.'],
      full_name: ['Ensure this field has no more than 30 characters.'],
      phone_number: ['Ensure this field has no more than 20 characters.'],
      postal_code: ['Ensure this field has no more than 16 characters.'],
    });
  });

  it("iPSC: share_with_simons is required when modifying ('This is required by … to continue')", async () => {
    const ipsc = (extra: Record<string, unknown>) =>
      biospecimenRequest({
        sample_type: st.ipsc,
        samples: ['12000-i1'],
        usage: 'Neurons',
        ipsc_experience: 'Ten years',
        genetic_seq: ['wgs'],
        bio_destroyed: 'yes',
        ...shipping,
        ...extra,
      });
    const before = await requestCount();
    const modifying = {
      ipsc_modifying: 'yes',
      description: 'Knock-out',
      who_will_modify: 'lab',
      editing_methods: ['talen'],
      editing_process: 'Standard',
      quality_control: ['karyotype'],
      modified_ipscs_data: 'All',
    };
    const refused = await post(ipsc(modifying));
    expect(refused.statusCode).toBe(400);
    expect(errorBody(refused).share_with_simons).toEqual([
      REQUEST_MESSAGES.shareWithSimons(t.config.productName),
    ]);
    expect(await requestCount()).toBe(before);
    const ok = await post(ipsc({ ...modifying, share_with_simons: [true] }));
    expect(ok.statusCode, ok.body).toBe(201);
    // An iPSC sample without consent does not validate.
    const notConsented = await post(ipsc({ ipsc_modifying: 'no', samples: ['12000-i2'] }));
    expect(notConsented.statusCode).toBe(400);
    expect(errorBody(notConsented).invalid_samples).toEqual([
      { id: '12000-i2', availability: 'IPSC NOT CONSENTED' },
    ]);
  });

  it('LCL: CPL lines pass only when iPSCs are to be generated', async () => {
    const lcl = (generate: string) =>
      biospecimenRequest({
        sample_type: st.lcl,
        samples: ['13000-l1'],
        usage: 'Reprogramming',
        shipment_type: 'frozen',
        generate_ipscs: generate,
        genetic_seq: ['none'],
        bio_destroyed: 'yes',
        ...shipping,
      });
    const refused = await post(lcl('no'));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(errorBody(refused).invalid_samples).toEqual([{ id: '13000-l1', availability: 'CPLs Available' }]);
    const ok = await post(lcl('yes'));
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('refuses a restricted sample type to users not allowed, and an unknown one', async () => {
    const project = await createProject(db(), { ownerId: other.id });
    const response = await post(
      biospecimenRequest(plasmaData({ sample_type: st.fibroblast }), { project: project.id }),
      other.token,
    );
    expect(response.statusCode).toBe(400);
    expect(errorBody(response).sample_type).toEqual([REQUEST_MESSAGES.restrictedResource]);
    const unknown = await post(biospecimenRequest(plasmaData({ sample_type: 99_999 })));
    expect(errorBody(unknown).sample_type).toEqual([REQUEST_MESSAGES.unknownSampleType]);
    const missing = await post(biospecimenRequest(plasmaData({ sample_type: null })));
    expect(errorBody(missing).sample_type).toEqual([REQUEST_MESSAGES.chooseSampleType]);
  });
});

describe('requests: filing for a PI', () => {
  it('lets an admin file for the project owner without the usage step', async () => {
    const response = await post(
      datasetRequest({ usage_answers: undefined, agreed_to_usage_policy: undefined }),
      admin.token,
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      owner: { id: researcher.id },
      creator: { id: admin.id },
      agreed_to_usage_policy: false,
    });
  });

  it('lets a tissue project manager file too, and refuses an owner other than the PI', async () => {
    const response = await post(datasetRequest({ owner: researcher.id }), tissueManager);
    expect(response.statusCode, response.body).toBe(201);
    const before = await requestCount();
    await expectRefused(
      await post(datasetRequest({ owner: other.id }), admin.token),
      before,
      'owner',
      "The request's owner must be the project's Principal Investigator.",
    );
  });

  it('refuses reviewers and signing officials', async () => {
    expect((await post(datasetRequest(), reviewer)).statusCode).toBe(403);
    expect((await post(datasetRequest(), sbso)).statusCode).toBe(403);
  });
});

describe('requests: the spec’s payloads (researcher §3, §7)', () => {
  /** Researcher §7 "POST request": exactly the fields the spec names, for a dataset kind. */
  const specDatasetRequest = (extra: object = {}) => ({
    project: projectId,
    type: 1,
    agreed_to_usage_policy: true,
    access_control_list: [{ user_id: teammate.id }],
    intent_to_download: false,
    agreed_nih: true,
    data_safeguard: true,
    gpf_access_status: 2,
    datasets: [ds.gpf],
    ...extra,
  });
  /** The same for a biospecimen (DNA), its sample details nested as researcher §3 writes them. */
  const specDnaRequest = (
    sampleInfo: object = { dna_amount: 2, dna_concentration: 50 },
    extra: object = {},
  ) => ({
    project: projectId,
    type: 2,
    agreed_to_usage_policy: true,
    access_control_list: [{ user_id: teammate.id }],
    additional_data: {
      sample_type: st.dna,
      samples: { '15000-d1': 1 },
      sample_info: sampleInfo,
      usage: 'Whole genome sequencing.',
      genetic_seq: ['wgs'],
      bio_destroyed: 'yes',
      ...shipping,
    },
    ...extra,
  });
  const stored = async (id: number) => (await db().select().from(requests).where(eq(requests.id, id)))[0]!;

  it('creates a dataset request from the spec’s fields: the agreement stands for the usage step', async () => {
    const response = await post(specDatasetRequest());
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      type: 1,
      status: 1,
      agreed_to_usage_policy: true,
      intent_to_download: false,
      agreed_nih: true,
      data_safeguard: true,
      gpf_access_status: 2,
      datasets: [ds.gpf],
      additional_data: {},
    });
    expect(
      response
        .json()
        .access_control_list.map((entry: { user_id: number }) => entry.user_id)
        .sort(),
    ).toEqual([researcher.id, teammate.id].sort());

    // The agreement is still needed.
    const before = await requestCount();
    for (const agreed of [false, undefined]) {
      await expectRefused(
        await post(specDatasetRequest({ agreed_to_usage_policy: agreed })),
        before,
        'agreed_to_usage_policy',
        REQUEST_MESSAGES.usageAnswers,
      );
    }
  });

  it('takes the usage answers in additional_data too, where they are kept; each sent must be True', async () => {
    const inData = await post(specDatasetRequest({ additional_data: { usage_answers: [true, true, true] } }));
    expect(inData.statusCode, inData.body).toBe(201);
    expect(inData.json().additional_data).toEqual({ usage_answers: [true, true, true] });

    const before = await requestCount();
    for (const answers of [
      { additional_data: { usage_answers: [true, false, true] } },
      { additional_data: { usage_answers: [true, true] } },
      { usage_answers: [true, true, true], additional_data: { usage_answers: [true, true, false] } },
      { usage_answers: [null, true, true] },
    ]) {
      await expectRefused(
        await post(specDatasetRequest(answers)),
        before,
        'agreed_to_usage_policy',
        REQUEST_MESSAGES.usageAnswers,
      );
    }
  });

  it('creates a biospecimen request with sample_info nested as the spec writes it, or flat', async () => {
    const nested = await post(specDnaRequest());
    expect(nested.statusCode, nested.body).toBe(201);
    expect(nested.json()).toMatchObject({
      type: 2,
      status: 1,
      sample_type: { id: st.dna, type: 'dna' },
      additional_data: { samples: { '15000-d1': 1 }, dna_amount: 2, dna_concentration: 50 },
    });
    expect(nested.json().additional_data).not.toHaveProperty('sample_info');

    const lcl = await post({
      project: projectId,
      type: 2,
      agreed_to_usage_policy: true,
      additional_data: {
        sample_type: st.lcl,
        samples: { '13000-l2': 1 },
        sample_info: { shipment_type: 'frozen' },
        usage: 'Reprogramming',
        generate_ipscs: 'no',
        genetic_seq: ['none'],
        bio_destroyed: 'yes',
        ...shipping,
      },
    });
    expect(lcl.statusCode, lcl.body).toBe(201);
    expect(lcl.json().additional_data.shipment_type).toBe('frozen');

    const { sample_info: _nested, ...flatData } = specDnaRequest().additional_data;
    const flat = await post(
      specDnaRequest(undefined, { additional_data: { ...flatData, dna_amount: 3, dna_concentration: 40 } }),
    );
    expect(flat.statusCode, flat.body).toBe(201);
    expect(flat.json().additional_data).toMatchObject({ dna_amount: 3, dna_concentration: 40 });
  });

  it('validates nested sample details with the form’s messages, and refuses them given twice', async () => {
    const before = await requestCount();
    await expectRefused(
      await post(specDnaRequest({ dna_amount: 1, dna_concentration: 50 })),
      before,
      'dna_amount',
      'Ensure this value is greater than or equal to 2.',
    );
    const twice = specDnaRequest();
    await expectRefused(
      await post({ ...twice, additional_data: { ...twice.additional_data, dna_amount: 5 } }),
      before,
      'additional_data',
      REQUEST_MESSAGES.sampleInfoTwice('dna_amount'),
    );
    await expectRefused(
      await post(specDnaRequest({ dna_amount: 2, dna_concentration: 50, colour: 'red' })),
      before,
      'colour',
      'Unknown field.',
    );
  });

  it('edits with the spec’s PATCH shapes: additional_data (sample_info too), the agreement, status 2', async () => {
    const id = (await post(specDnaRequest())).json().id as number;
    const samplesAlone = await patch(id, { additional_data: { samples: { '15000-d1': 2 } } });
    expect(samplesAlone.statusCode, samplesAlone.body).toBe(200);
    expect(samplesAlone.json()).toMatchObject({ status: 1, additional_data: { samples: { '15000-d1': 2 } } });

    const nested = await patch(id, { additional_data: { sample_info: { dna_concentration: 45 } } });
    expect(nested.statusCode, nested.body).toBe(200);
    expect(nested.json().additional_data).toMatchObject({ dna_amount: 2, dna_concentration: 45 });

    const falseAnswer = await patch(id, { additional_data: { usage_answers: [true, false, true] } });
    expect(falseAnswer.statusCode).toBe(400);
    expect(errorBody(falseAnswer).agreed_to_usage_policy).toEqual([REQUEST_MESSAGES.usageAnswers]);

    const submitted = await patch(id, { status: 2, agreed_to_usage_policy: true });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 2, agreed_to_usage_policy: true });
    expect((await stored(id)).additionalData).not.toHaveProperty('usage_answers');
  });

  it('refuses fields the spec does not name, on POST and PATCH, storing nothing (issue 13)', async () => {
    const before = await requestCount();
    await expectRefused(
      await post(specDatasetRequest({ colour: 'red' })),
      before,
      'colour',
      'Unknown field.',
    );
    await expectRefused(
      await post(specDatasetRequest({ expiration_date: '2030-01-01' })),
      before,
      'expiration_date',
      'Unknown field.',
    );
    const id = (await post(specDatasetRequest({ submit: false }))).json().id as number;
    const response = await patch(id, { agreed_nih: false, colour: 'red' });
    expect(response.statusCode).toBe(400);
    expect(errorBody(response).colour).toEqual(['Unknown field.']);
    expect((await stored(id)).agreedNih).toBe(true);
  });

  it('accepts cohorts when they are those of the resources, and says which they are otherwise', async () => {
    // The GPF dataset belongs to cohort 1.
    const matching = await post(specDatasetRequest({ cohorts: [1] }));
    expect(matching.statusCode, matching.body).toBe(201);
    const cohorts = matching.json().cohorts as { id: number; name: string }[];
    expect(cohorts.map((cohort) => cohort.id)).toEqual([1]);

    const before = await requestCount();
    for (const sent of [[1, 2], [2], []]) {
      await expectRefused(
        await post(specDatasetRequest({ cohorts: sent })),
        before,
        'cohorts',
        REQUEST_MESSAGES.cohortsOfResources([cohorts[0]!.name]),
      );
    }
  });

  it('shows the accepted shapes in the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const body = (path: string, method: string) =>
      document.paths[path][method].requestBody.content['application/json'].schema;
    const create = body('/api/request/', 'post');
    expect(create.additionalProperties).toBe(false);
    expect(Object.keys(create.properties)).toEqual(
      expect.arrayContaining([
        'project',
        'type',
        'agreed_to_usage_policy',
        'access_control_list',
        'intent_to_download',
        'agreed_nih',
        'data_safeguard',
        'gpf_access_status',
        'datasets',
        'additional_data',
        'cohorts',
      ]),
    );
    expect(create.required).toEqual(['project', 'type']);
    const additional = create.properties.additional_data.anyOf?.[0] ?? create.properties.additional_data;
    expect(Object.keys(additional.properties)).toEqual(['usage_answers', 'sample_info']);
    const sampleInfo = additional.properties.sample_info.anyOf?.[0] ?? additional.properties.sample_info;
    expect(Object.keys(sampleInfo.properties)).toEqual([
      'shipment_type',
      'dna_amount',
      'dna_concentration',
      'num_cells',
      'volume',
    ]);
    const update = body('/api/request/{id}/', 'patch');
    expect(update.additionalProperties).toBe(false);
    expect(Object.keys(update.properties)).toEqual(
      expect.arrayContaining(['status', 'access_control_list', 'additional_data', 'intent_to_download']),
    );
  });
});

describe('requests: read and list', () => {
  let mine: number;
  let othersRequest: number;
  beforeAll(async () => {
    mine = (
      await createRequest(db(), {
        projectId,
        statusId: 3,
        displayName: 'Listed Resource',
        submissionDate: new Date('2030-01-02T00:00:00Z'),
      })
    ).id;
    othersRequest = (
      await createRequest(db(), {
        projectId: otherProjectId,
        statusId: 2,
        displayName: 'Hidden Resource',
        submissionDate: new Date('2030-01-03T00:00:00Z'),
      })
    ).id;
  });

  it('shows researchers their own and their teams’ requests, newest submission first', async () => {
    const response = await get('/api/request/?status__in=2,3&limit=100');
    expect(response.statusCode, response.body).toBe(200);
    const ids = response.json().results.map((row: { id: number }) => row.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(othersRequest);
    const dates = response
      .json()
      .results.map((row: { submission_date: string | null }) => row.submission_date);
    expect(dates[0]).toBe('2030-01-02T00:00:00.000Z');
    // The teammate sees the project's requests too, read-only.
    const team = await get(`/api/request/${mine}/`, teammate.token);
    expect(team.statusCode).toBe(200);
    expect(team.json().permissions).toEqual(expect.arrayContaining(['list', 'read']));
    expect(team.json().permissions).not.toContain('update');
    expect(team.json().permissions).not.toContain('delete');
    expect((await get(`/api/request/${othersRequest}/`)).statusCode).toBe(404);
  });

  it('shows staff every request, with filters, search and ordering', async () => {
    const all = await get('/api/request/?limit=1000', viewer);
    expect(all.json().results.map((row: { id: number }) => row.id)).toEqual(
      expect.arrayContaining([mine, othersRequest]),
    );
    const byOwner = await get(`/api/request/?owner=${other.id}`, viewer);
    expect(byOwner.json().results.every((row: { owner: { id: number } }) => row.owner.id === other.id)).toBe(
      true,
    );
    const search = await get('/api/request/?search=hidden', viewer);
    expect(search.json().results.map((row: { id: number }) => row.id)).toEqual([othersRequest]);
    const byType = await get('/api/request/?type=2&limit=1000', viewer);
    expect(byType.json().results.every((row: { type: number }) => row.type === 2)).toBe(true);
    const byCohort = await get('/api/request/?cohort=2&limit=1000', viewer);
    expect(byCohort.json().count).toBeGreaterThan(0);
    expect(
      byCohort
        .json()
        .results.every((row: { cohorts: { id: number }[] }) => row.cohorts.some((c) => c.id === 2)),
    ).toBe(true);
    const byTeam = await get(`/api/request/?project__userproject__user=${teammate.id}&limit=1000`, viewer);
    expect(byTeam.json().results.every((row: { project: number }) => row.project === projectId)).toBe(true);
    const ordered = await get('/api/request/?ordering=portal_request_id&limit=1000', viewer);
    const publicIds = ordered
      .json()
      .results.map((row: { portal_request_id: string }) => row.portal_request_id);
    expect(publicIds).toEqual([...publicIds].sort());
  });

  it('answers 400 for unknown filters, orderings, expansions and bad values', async () => {
    expect((await get('/api/request/?colour=red')).statusCode).toBe(400);
    expect((await get('/api/request/?ordering=colour')).statusCode).toBe(400);
    expect((await get('/api/request/?status=abc')).statusCode).toBe(400);
    expect((await get(`/api/request/${mine}/?expand=colour`)).statusCode).toBe(400);
  });

  it('refuses signing officials and visitors', async () => {
    expect((await get('/api/request/', sbso)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/request/' })).statusCode).toBe(401);
  });

  it('filters by team list user and by dataset, and documents the calls in OpenAPI', async () => {
    const created = await post(
      datasetRequest({ datasets: [ds.second], access_control_list: [{ user_id: teammate.id }] }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const byUser = await get(`/api/request/?users=${teammate.id}&limit=1000`, viewer);
    expect(byUser.json().results.map((row: { id: number }) => row.id)).toContain(id);
    expect(
      byUser
        .json()
        .results.every((row: { access_control_list: { user_id: number }[] }) =>
          row.access_control_list.some((entry) => entry.user_id === teammate.id),
        ),
    ).toBe(true);
    const byDataset = await get(`/api/request/?datasets=${ds.second}&limit=1000&expand=datasets`, viewer);
    expect(byDataset.json().results.map((row: { id: number }) => row.id)).toContain(id);
    expect(
      byDataset
        .json()
        .results.every((row: { datasets: { id: number }[] }) => row.datasets.some((d) => d.id === ds.second)),
    ).toBe(true);
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/request/', '/api/request/{id}/', '/api/validateSamples/']),
    );
    const params = document.paths['/api/request/'].get.parameters.map(
      (param: { name: string }) => param.name,
    );
    expect(params).toEqual(
      expect.arrayContaining(['type', 'status__in', 'owner', 'project', 'cohort', 'search']),
    );
  });

  it('flags a team not ready and an IRB uploaded after the submission', async () => {
    const project = await createProject(db(), { ownerId: researcher.id });
    await addTeamMember(db(), {
      projectId: project.id,
      email: 'no-account-yet@example.test',
      firstName: 'Nora',
      lastName: 'Newcomer',
    });
    const request = await createRequest(db(), {
      projectId: project.id,
      statusId: 2,
      submissionDate: new Date(Date.now() - 86_400_000),
    });
    const before = (await get(`/api/request/${request.id}/`)).json();
    expect(before).toMatchObject({ research_team_ready: false, has_new_irb: false });
    await attachIrb(project.id, researcher.id, 300);
    expect((await get(`/api/request/${request.id}/`)).json().has_new_irb).toBe(true);
  });

  it('flags a project with an approved request and a first request', async () => {
    const project = await createProject(db(), { ownerId: researcher.id });
    const first = await createRequest(db(), { projectId: project.id, statusId: 4 });
    const second = await createRequest(db(), { projectId: project.id, statusId: 2 });
    const a = (await get(`/api/request/${first.id}/`)).json();
    const b = (await get(`/api/request/${second.id}/`)).json();
    expect(a).toMatchObject({ first_req_on_project: true, project_has_approved_req: false });
    expect(b).toMatchObject({ first_req_on_project: false, project_has_approved_req: true });
  });
});

describe('requests: edit', () => {
  async function returned(statusId: number) {
    const response = await post(datasetRequest());
    const id = response.json().id as number;
    await db().update(requests).set({ statusId }).where(eq(requests.id, id));
    return id;
  }

  it('lets the owner edit a request in Revisions Requested or Deferred, which resets it to Submitted', async () => {
    for (const status of [6, 9]) {
      const id = await returned(status);
      const response = await patch(id, { access_control_list: [{ user_id: teammate.id }] });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().status).toBe(2);
      expect(
        response.json().access_control_list.map((entry: { user_id: number }) => entry.user_id),
      ).toContain(teammate.id);
    }
  });

  it('refuses owner edits in other statuses, with nothing changed', async () => {
    for (const status of [2, 3, 5]) {
      const id = await returned(status);
      const response = await patch(id, { agreed_nih: false });
      expect(response.statusCode).toBe(400);
      expect(errorBody(response).non_field_errors).toEqual([REQUEST_MESSAGES.notEditable]);
      const [row] = await db().select().from(requests).where(eq(requests.id, id));
      expect(row!.agreedNih).toBe(true);
      expect(row!.statusId).toBe(status);
    }
  });

  it('submits a draft with status 2, and refuses other status changes', async () => {
    const draft = (await post(datasetRequest({ submit: false }))).json().id as number;
    const refused = await patch(draft, { status: 4 });
    expect(refused.statusCode).toBe(400);
    expect(errorBody(refused).status).toEqual([
      'Status changes other than submitting are made through the review workflow.',
    ]);
    const response = await patch(draft, { status: 2 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 2 });
    expect(response.json().submission_date).not.toBeNull();
  });

  it('re-validates an edit: samples alone, and a bad form answer changes nothing', async () => {
    const id = (await post(biospecimenRequest())).json().id as number;
    await db().update(requests).set({ statusId: 6 }).where(eq(requests.id, id));
    const bad = await patch(id, { additional_data: { samples: ['14710-x1'] } });
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad).samples).toEqual([REQUEST_MESSAGES.saveFailedIds]);
    const badForm = await patch(id, { additional_data: { email: 'not-an-email' } });
    expect(errorBody(badForm).email).toEqual(['Please enter a valid email address.']);
    const stored = await db().select().from(requestSamples).where(eq(requestSamples.requestId, id));
    expect(stored).toHaveLength(2);
    const ok = await patch(id, { additional_data: { samples: { '11000-p1': 3 } } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 2, additional_data: { samples: { '11000-p1': 3 } } });
  });

  it('writes an edit in one transaction: a refused team list leaves the samples and status as they were', async () => {
    const id = (await post(biospecimenRequest())).json().id as number;
    await db().update(requests).set({ statusId: 9 }).where(eq(requests.id, id));
    const response = await patch(id, {
      additional_data: { samples: { '11000-p1': 1 } },
      access_control_list: [{ user_id: other.id }],
    });
    expect(response.statusCode).toBe(400);
    expect(errorBody(response).access_control_list).toEqual([REQUEST_MESSAGES.teamMember]);
    const stored = await db().select().from(requestSamples).where(eq(requestSamples.requestId, id));
    expect(stored.map((row) => row.sampleId).sort()).toEqual(['11000-mo', '11000-p1']);
    const [row] = await db().select().from(requests).where(eq(requests.id, id));
    expect(row!.statusId).toBe(9);
  });

  it('refuses edits by teammates (403), strangers (404) and reviewers (403)', async () => {
    const id = await returned(6);
    expect((await patch(id, {}, teammate.token)).statusCode).toBe(403);
    expect((await patch(id, {}, other.token)).statusCode).toBe(404);
    expect((await patch(id, {}, reviewer)).statusCode).toBe(403);
    expect((await patch(999_999, {})).statusCode).toBe(404);
  });

  it('refuses edits of request types this form does not file yet', async () => {
    // Funding requests (type 3) have no form yet; tissue requests are filed since issue 18.
    const request = await createRequest(db(), { projectId, typeId: 3, statusId: 6 });
    const response = await patch(request.id, { agreed_to_usage_policy: true }, admin.token);
    expect(response.statusCode).toBe(400);
    expect(errorBody(response).type).toEqual([REQUEST_MESSAGES.unsupportedType]);
  });

  it('lets admins edit in any status, moving only a returned request back to Submitted', async () => {
    const id = await returned(3);
    const response = await patch(id, { access_control_list: [{ user_id: teammate.id }] }, admin.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe(3);
    const returnedId = await returned(6);
    const edited = await patch(returnedId, { access_control_list: [] }, admin.token);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().status).toBe(2);
  });

  it('marks members left out of the list as removed', async () => {
    const id = (await post(datasetRequest({ access_control_list: [{ user_id: teammate.id }] }))).json()
      .id as number;
    await db().update(requests).set({ statusId: 6 }).where(eq(requests.id, id));
    const response = await patch(id, { access_control_list: [] });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await db().select().from(requestMembers).where(eq(requestMembers.requestId, id));
    expect(rows.find((row) => row.userId === teammate.id)!.removalDate).not.toBeNull();
    expect(rows.find((row) => row.userId === researcher.id)!.removalDate).toBeNull();
  });
});

describe('requests: delete', () => {
  it("deletes an open request ('Request Deleted Successfully') with its datasets, samples and team list", async () => {
    const id = (await post(biospecimenRequest())).json().id as number;
    const response = await remove(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: true,
      msg: 'Request Deleted Successfully',
      data: { id },
    });
    expect(await db().select().from(requests).where(eq(requests.id, id))).toHaveLength(0);
    expect(await db().select().from(requestSamples).where(eq(requestSamples.requestId, id))).toHaveLength(0);
    expect(await db().select().from(requestMembers).where(eq(requestMembers.requestId, id))).toHaveLength(0);
    const rows = await db()
      .select()
      .from(history)
      .where(eq(history.objectId, String(id)))
      .orderBy(history.version);
    expect(rows.filter((row) => row.model === 'request').map((row) => row.action)).toEqual([
      'create',
      'delete',
    ]);
  });

  it('refuses to delete approved or rejected requests, and those an approval led to', async () => {
    for (const statusId of [4, 5, 7, 12, 13, 14]) {
      const request = await createRequest(db(), { projectId, statusId });
      await linkRequestDatasets(db(), request.id, [ds.second!]);
      const response = await remove(request.id);
      expect(response.statusCode).toBe(400);
      expect(errorBody(response)).toMatchObject({
        status: false,
        non_field_errors: [REQUEST_MESSAGES.cannotDeleteDecided],
        data: { id: request.id, status: statusId },
      });
      expect(
        await db().select().from(requestDatasets).where(eq(requestDatasets.requestId, request.id)),
      ).toHaveLength(1);
    }
  });

  it('lets only the owner and admins delete', async () => {
    const request = await createRequest(db(), { projectId, statusId: 2 });
    expect((await remove(request.id, teammate.token)).statusCode).toBe(403);
    expect((await remove(request.id, reviewer)).statusCode).toBe(403);
    expect((await remove(request.id, other.token)).statusCode).toBe(404);
    expect((await remove(request.id, admin.token)).statusCode).toBe(200);
    expect((await remove(request.id, admin.token)).statusCode).toBe(404);
  });
});

describe('requests: history', () => {
  it("lets the owner read their request's audit trail, not strangers", async () => {
    const id = (await post(datasetRequest())).json().id as number;
    const mine = await get(`/api/history/?model=request&pk=${id}`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().results.length).toBeGreaterThan(0);
    expect((await get(`/api/history/?model=request&pk=${id}`, other.token)).statusCode).not.toBe(200);
  });
});

describe('validateSamples', () => {
  it('answers availability, amounts, consent and request counts per id, in the order sent', async () => {
    const project = await createProject(db(), { ownerId: other.id });
    const approved = await createRequest(db(), {
      projectId: project.id,
      typeId: 2,
      statusId: 4,
      sampleTypeId: st.plasma,
    });
    await addRequestSamples(db(), approved.id, [{ id: '11000-mo' }]);
    const response = await validate({
      ids: '11000-mo, 11000-p1\n14710-x1 nope-9 12000-i1 11000-p1',
      sample_type: st.plasma,
    });
    expect(response.statusCode, response.body).toBe(200);
    const results = response.json().results as { id: string; availability: string }[];
    expect(results.map((row) => [row.id, row.availability])).toEqual([
      ['11000-mo', 'Limited'],
      ['11000-p1', 'Available'],
      ['14710-x1', 'Unavailable'],
      ['nope-9', 'Invalid Id'],
      ['12000-i1', 'Invalid Id'],
    ]);
    expect(results[1]).toMatchObject({ amount_available: 4, unit: 'μl', ipsc_consented: false });
    expect(results[0]).toMatchObject({ approved_count: 1 });
    expect((results[0] as unknown as { request_count: number }).request_count).toBeGreaterThanOrEqual(1);
    expect(results[3]).toMatchObject({
      amount_available: null,
      unit: null,
      request_count: 0,
      approved_count: 0,
    });
  });

  it('answers at the path without the trailing slash too, and checks consent for generate_ipscs', async () => {
    const response = await validate(
      { ids: ['13000-l2', '13000-l1'], sample_type: st.lcl, generate_ipscs: true },
      researcher.token,
      '/api/validateSamples',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results.map((row: { availability: string }) => row.availability)).toEqual([
      'IPSC NOT CONSENTED',
      'CPLs Available',
    ]);
  });

  it('takes at most 100 ids a call, needs ids and a known sample type', async () => {
    const tooMany = await validate({
      ids: Array.from({ length: 101 }, (_, i) => `x-${i}`),
      sample_type: st.plasma,
    });
    expect(tooMany.statusCode).toBe(400);
    const hundred = await validate({
      ids: Array.from({ length: 100 }, (_, i) => `x-${i}`),
      sample_type: st.plasma,
    });
    expect(hundred.statusCode).toBe(200);
    const none = await validate({ ids: [], sample_type: st.plasma });
    expect(errorBody(none).ids).toEqual([REQUEST_MESSAGES.samplesRequired]);
    const unknown = await validate({ ids: ['a'], sample_type: 99_999 });
    expect(errorBody(unknown).sample_type).toEqual([REQUEST_MESSAGES.unknownSampleType]);
  });

  it('is for requesters and staff who see availability, not signing officials or visitors', async () => {
    expect((await validate({ ids: ['a'], sample_type: st.plasma }, reviewer)).statusCode).toBe(200);
    expect((await validate({ ids: ['a'], sample_type: st.plasma }, sbso)).statusCode).toBe(403);
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/validateSamples/',
      payload: { ids: ['a'], sample_type: st.plasma },
    });
    expect(visitor.statusCode).toBe(401);
  });
});
