import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REQUEST_MESSAGES, RESOURCE_MIX_MESSAGES } from '@rrp/domain';
import { emailLogs, history } from '../../db/schema';
import {
  addTeamMember,
  createDataset,
  createProject,
  createRequest,
  linkRequestDatasets,
} from '../../db/factories';
import { errorBody } from '../../../test/test-app';
import {
  setUpRequestsApi,
  researcher,
  teammate,
  other,
  projectId,
  otherProjectId,
  ds,
  st,
  db,
  attachIrb,
  post,
  patch,
  requestCount,
  datasetRequest,
  plasmaData,
  biospecimenRequest,
  expectRefused,
} from './requests.api-test-setup';

setUpRequestsApi();

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
