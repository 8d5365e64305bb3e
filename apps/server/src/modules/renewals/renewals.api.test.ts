import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { RENEWAL_MESSAGES } from '@rrp/domain';
import { addTeamMember, createProject, createRequest } from '../../db/factories';
import { files, history, notifications, requestRenewals, requests, sampleTypes } from '../../db/schema';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';

let t: TestContext;
let admin: { id: number; token: string };
let owner: { id: number; email: string; token: string };
let member: { id: number; token: string };
let stranger: string;
let reviewer: string;
let projectId: number;
let ipscTypeId: number;
let plasmaTypeId: number;

const DAY = 86_400_000;
const db = () => t.database.db;
const inDays = (days: number) => new Date(Date.now() + days * DAY);

const post = (payload: object, token = owner.token) =>
  t.app.inject({ method: 'POST', url: '/api/renewal/', headers: auth(token), payload });
const patch = (id: number, payload: object, token = owner.token) =>
  t.app.inject({ method: 'PATCH', url: `/api/renewal/${id}/`, headers: auth(token), payload });
const get = (url: string, token = owner.token) => t.app.inject({ url, headers: auth(token) });

/** A request of the owner's project, fulfilled and expiring in `days` days unless told otherwise. */
async function request(input: Partial<Parameters<typeof createRequest>[1]> = {}, days = 30) {
  return (
    await createRequest(db(), {
      projectId,
      statusId: 7,
      typeId: 1,
      displayName: 'SSC Phenotype',
      expirationDate: inDays(days),
      ...input,
    })
  ).id;
}

const answersYes = {
  renew: true,
  publication_status: 1,
  publications: [{ citation: 'Doe J. Autism genetics. 2025.', published: '2025-03-01' }],
  generated_check: false,
  impact: 'Used for a replication study.',
};
const answersNo = {
  renew: false,
  publication_status: 3,
  generated_check: false,
  impact: 'The study ended early.',
};

beforeAll(async () => {
  t = await createTestContext();
  const adminUser = await t.createUser({ roles: ['portal_admin'] });
  admin = { id: adminUser.id, token: await t.tokenFor(adminUser.email) };
  const ownerUser = await t.createUser({
    roles: ['primary_researcher'],
    firstName: 'Rita',
    lastName: 'Renew',
  });
  owner = { ...ownerUser, token: await t.tokenFor(ownerUser.email) };
  const memberUser = await t.createUser({ roles: ['primary_researcher'] });
  member = { id: memberUser.id, token: await t.tokenFor(memberUser.email) };
  stranger = await t.tokenForRole('primary_researcher');
  reviewer = await t.tokenForRole('portal_reviewer');
  projectId = (await createProject(db(), { ownerId: owner.id, title: 'Renewal study' })).id;
  await addTeamMember(db(), {
    projectId,
    email: memberUser.email,
    firstName: 'Mia',
    lastName: 'Member',
    userRole: 2,
  });
  // The biospecimen sample types are reference data (seeded).
  const types = await db().select().from(sampleTypes);
  ipscTypeId = types.find((row) => row.type === 'ipsc')!.id;
  plasmaTypeId = types.find((row) => row.type === 'plasma')!.id;
});
afterAll(() => t.close());

describe('POST renewal/: the renewal choice', () => {
  it('Yes extends the request to today plus 365*3 days, records history and tells the admins', async () => {
    const id = await request();
    const response = await post({
      request: id,
      type: 1,
      agreed_to_usage_policy: true,
      additional_data: answersYes,
    });
    expect(response.statusCode, response.body).toBe(201);
    const renewal = response.json();
    expect(renewal).toMatchObject({
      request: id,
      type: 1,
      type_name: 'Dataset',
      status: 2,
      status_name: 'Submitted',
      owner: { id: owner.id, display_name: 'Rita Renew' },
      agreed_to_usage_policy: true,
      additional_data: answersYes,
    });
    expect(renewal.permissions).toEqual(expect.arrayContaining(['read', 'update']));
    const extended = new Date(renewal.expiration_after).getTime();
    expect(Math.abs(extended - (Date.now() + 365 * 3 * DAY))).toBeLessThan(60_000);

    const detail = (await get(`/api/request/${id}/`)).json();
    expect(detail.expiration_date).toBe(renewal.expiration_after);
    expect(detail.status).toBe(7);

    const rows = await db()
      .select()
      .from(history)
      .where(and(eq(history.model, 'renewal'), eq(history.objectId, String(renewal.id))));
    expect(rows.map((row) => row.action)).toEqual(['create']);
    const requestRows = await db()
      .select()
      .from(history)
      .where(
        and(eq(history.model, 'request'), eq(history.objectId, String(id)), eq(history.action, 'update')),
      );
    expect(requestRows.at(-1)?.changedFields).toContain('expirationDate');

    const bell = await db().select().from(notifications).where(eq(notifications.recipientId, admin.id));
    expect(bell.map((row) => row.redirect)).toContain(`/request/${id}?tab=renewal`);
    expect(bell.find((row) => row.redirect === `/request/${id}?tab=renewal`)?.message).toContain(
      'Renewal submitted for R',
    );
  });

  it('No leaves the expiration date as it was and records the choice', async () => {
    const expiration = inDays(-10);
    const id = await request({ expirationDate: expiration });
    const response = await post({ request: id, additional_data: answersNo });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      additional_data: { renew: false },
      expiration_before: expiration.toISOString(),
      expiration_after: null,
    });
    const [row] = await db().select().from(requests).where(eq(requests.id, id));
    expect(row!.expirationDate?.toISOString()).toBe(expiration.toISOString());
  });

  it('clears publication data unless data was published, and generated data unless generated_check is Yes', async () => {
    const id = await request();
    const response = await post({
      request: id,
      agreed_to_usage_policy: true,
      additional_data: {
        ...answersYes,
        publication_status: 2,
        generated_check: false,
        generated_data: 'kept nowhere',
        bio_destroyed: 'yes',
        modified_ipscs: true,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const answers = response.json().additional_data;
    expect(answers.publication_status).toBe(2);
    expect(answers).not.toHaveProperty('publications');
    expect(answers).not.toHaveProperty('generated_data');
    // A dataset request is not asked about biospecimens or iPSC lines.
    expect(answers).not.toHaveProperty('bio_destroyed');
    expect(answers).not.toHaveProperty('modified_ipscs');
  });

  it('asks a biospecimen request that is not renewed how its biospecimens were handled', async () => {
    const id = await request({ typeId: 2, sampleTypeId: plasmaTypeId, displayName: 'Plasma' });
    const missing = await post({ request: id, additional_data: answersNo });
    expect(missing.statusCode).toBe(400);
    expect(errorBody(missing)).toMatchObject({ bio_destroyed: ['Required field'] });
    const kept = await post({ request: id, additional_data: { ...answersNo, bio_destroyed: 'no' } });
    expect(errorBody(kept)).toMatchObject({ bio_destroyed_description: ['Required field'] });
    const filed = await post({
      request: id,
      additional_data: {
        ...answersNo,
        bio_destroyed: 'no',
        bio_destroyed_description: 'Returned to the repository.',
      },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json().additional_data).toMatchObject({ bio_destroyed: 'no' });
    expect(filed.json().additional_data).not.toHaveProperty('modified_ipscs');
  });

  it('asks an iPSC request about modified lines', async () => {
    const id = await request({ typeId: 2, sampleTypeId: ipscTypeId, displayName: 'iPSC' });
    const missing = await post({ request: id, agreed_to_usage_policy: true, additional_data: answersYes });
    expect(errorBody(missing)).toMatchObject({ modified_ipscs: ['Required field'] });
    const filed = await post({
      request: id,
      agreed_to_usage_policy: true,
      additional_data: {
        ...answersYes,
        modified_ipscs: true,
        modified_ipscs_data: 'CRISPR knock-out of SHANK3.',
      },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json().additional_data).toMatchObject({ modified_ipscs: true });
  });
});

describe('POST renewal/: refusals change nothing', () => {
  const count = async (requestId: number) =>
    (await db().select().from(requestRenewals).where(eq(requestRenewals.requestId, requestId))).length;

  it('refuses unanswered questions with the form validator’s messages', async () => {
    const id = await request();
    const response = await post({ request: id, additional_data: { renew: true } });
    expect(response.statusCode).toBe(400);
    expect(errorBody(response)).toMatchObject({
      publication_status: ['Required field'],
      generated_check: ['Required field'],
      impact: ['Required field'],
    });
    expect(await count(id)).toBe(0);
  });

  it('refuses a Yes without the usage policy', async () => {
    const id = await request();
    const before = (await db().select().from(requests).where(eq(requests.id, id)))[0]!.expirationDate;
    const response = await post({ request: id, additional_data: answersYes });
    expect(errorBody(response).agreed_to_usage_policy).toEqual([RENEWAL_MESSAGES.usagePolicy]);
    const after = (await db().select().from(requests).where(eq(requests.id, id)))[0]!.expirationDate;
    expect(after?.toISOString()).toBe(before?.toISOString());
    expect(await count(id)).toBe(0);
  });

  it('refuses requests that are not near expiry, not yet fulfilled or not approved', async () => {
    const far = await request({}, 400);
    const response = await post({ request: far, additional_data: answersNo });
    expect(response.statusCode).toBe(400);
    expect(errorBody(response).non_field_errors).toEqual([
      expect.stringMatching(/^This request can be renewed from six months/),
    ]);
    const none = await request({ expirationDate: null, statusId: 4 });
    expect(errorBody(await post({ request: none, additional_data: answersNo })).non_field_errors).toEqual([
      RENEWAL_MESSAGES.noExpiration,
    ]);
    const submitted = await request({ statusId: 2 });
    expect(
      errorBody(await post({ request: submitted, additional_data: answersNo })).non_field_errors,
    ).toEqual([RENEWAL_MESSAGES.notRenewable]);
  });

  it('allows one open renewal per request', async () => {
    const id = await request({}, -5);
    expect((await post({ request: id, additional_data: answersNo })).statusCode).toBe(201);
    const second = await post({ request: id, additional_data: answersNo });
    expect(second.statusCode).toBe(400);
    expect(errorBody(second).non_field_errors).toEqual([RENEWAL_MESSAGES.openRenewal]);
    expect(await count(id)).toBe(1);
  });

  it('lets only the owner file: a team member 403, a stranger and a missing request 400, staff 403', async () => {
    const id = await request();
    const byMember = await post({ request: id, additional_data: answersNo }, member.token);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().detail).toBe(RENEWAL_MESSAGES.notOwner);
    const byStranger = await post({ request: id, additional_data: answersNo }, stranger);
    expect(byStranger.statusCode).toBe(400);
    expect(errorBody(byStranger).request).toEqual([RENEWAL_MESSAGES.requestNotFound]);
    const missing = await post({ request: 99_999, additional_data: answersNo });
    expect(errorBody(missing).request).toEqual([RENEWAL_MESSAGES.requestNotFound]);
    expect((await post({ request: id, additional_data: answersNo }, admin.token)).statusCode).toBe(403);
    expect(await count(id)).toBe(0);
  });

  it('refuses a type that does not match and a malformed body', async () => {
    const id = await request();
    expect(errorBody(await post({ request: id, type: 2, additional_data: answersNo })).type).toEqual([
      RENEWAL_MESSAGES.wrongType,
    ]);
    const bad = await post({ request: id, additional_data: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(await count(id)).toBe(0);
  });
});

describe('POST renewal/: Research Match renewals', () => {
  /** A PDF record uploaded by this user (the form's file answers name files by id). */
  const upload = async (creatorId: number) =>
    (
      await db()
        .insert(files)
        .values({
          name: 'irb.pdf',
          storageKey: `test/${Math.random()}`,
          type: 'rm_renewal',
          contentType: 'application/pdf',
          size: 10,
          creatorId,
        })
        .returning({ id: files.id })
    )[0]!.id;
  const rmAnswers = (irb: number, consent: number) => ({
    study_findings: 'Recruitment went well.',
    sci_justification: 'We need a second wave.',
    progress: 'Half of the sample is enrolled.',
    sample_size: 200,
    all_consented: 120,
    all_participated: 100,
    cohort_consented: 80,
    cohort_participated: 70,
    additional_participants: 100,
    lay_summary: 'We talk to families about language.',
    recent_irb: irb,
    consent_form: consent,
  });

  it('files a type 5 renewal and sends the application back to Submitted through the workflow', async () => {
    const id = await request({ typeId: 4, displayName: 'Language study' });
    const before = (await db().select().from(requests).where(eq(requests.id, id)))[0]!;
    const answers = rmAnswers(await upload(owner.id), await upload(owner.id));
    const noTerms = await post({ request: id, additional_data: answers });
    expect(errorBody(noTerms).agreed_to_usage_policy).toEqual([RENEWAL_MESSAGES.usagePolicy]);
    const response = await post({
      request: id,
      type: 5,
      agreed_to_usage_policy: true,
      additional_data: answers,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      type: 5,
      type_name: 'Research Match Renewal',
      status: 2,
      additional_data: { rm_application: { id }, sample_size: 200 },
      expiration_after: null,
    });
    const after = (await db().select().from(requests).where(eq(requests.id, id)))[0]!;
    expect(after.statusId).toBe(2);
    // Research Match requests are not extended: they go back to review.
    expect(after.expirationDate?.toISOString()).toBe(before.expirationDate?.toISOString());
    const rows = await db()
      .select()
      .from(history)
      .where(
        and(eq(history.model, 'request'), eq(history.objectId, String(id)), eq(history.action, 'update')),
      );
    expect(rows.at(-1)?.changedFields).toContain('statusId');
    const listed = (await get(`/api/renewal/?rm_application=${id}&status=2`, admin.token)).json();
    expect(listed.results.map((row: { id: number }) => row.id)).toEqual([response.json().id]);
  });

  it('refuses files the owner did not upload and a resource impact type', async () => {
    const id = await request({ typeId: 4 });
    const response = await post({
      request: id,
      agreed_to_usage_policy: true,
      additional_data: rmAnswers(await upload(admin.id), await upload(owner.id)),
    });
    expect(response.statusCode).toBe(400);
    expect(errorBody(response).recent_irb).toEqual([RENEWAL_MESSAGES.ownFile]);
    expect(errorBody(await post({ request: id, type: 4, additional_data: {} })).type).toEqual([
      RENEWAL_MESSAGES.wrongType,
    ]);
    expect((await db().select().from(requests).where(eq(requests.id, id)))[0]!.statusId).toBe(7);
  });
});

describe('GET and PATCH renewal/', () => {
  let renewalId: number;
  let requestId: number;

  beforeAll(async () => {
    requestId = await request({}, 60);
    const response = await post({
      request: requestId,
      agreed_to_usage_policy: true,
      additional_data: answersYes,
    });
    renewalId = response.json().id;
  });

  it('lists renewals for the owner, the team and staff, filtered by request, rm_application and status', async () => {
    const mine = (await get(`/api/renewal/?request=${requestId}`)).json();
    expect(mine.results.map((row: { id: number }) => row.id)).toEqual([renewalId]);
    const team = (await get(`/api/renewal/?rm_application=${requestId}`, member.token)).json();
    expect(team.count).toBe(1);
    const staff = (
      await get(`/api/renewal/?status__in=2,3&owner=${owner.id}&ordering=-submission_date`, reviewer)
    ).json();
    expect(staff.results.map((row: { id: number }) => row.id)).toContain(renewalId);
    expect((await get('/api/renewal/', stranger)).json().count).toBe(0);
    expect((await get(`/api/renewal/${renewalId}/`, stranger)).statusCode).toBe(404);
    expect((await get(`/api/renewal/${renewalId}/`, member.token)).statusCode).toBe(200);
    expect((await get('/api/renewal/?colour=red')).statusCode).toBe(400);
  });

  it('lets the owner edit the answers but not the choice, and not the status', async () => {
    const edited = await patch(renewalId, {
      additional_data: { ...answersYes, impact: 'Two papers so far.' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().additional_data.impact).toBe('Two papers so far.');
    expect(edited.json().expiration_after).not.toBeNull();
    const flipped = await patch(renewalId, { additional_data: answersNo });
    expect(errorBody(flipped).renew).toEqual([RENEWAL_MESSAGES.choiceFixed]);
    const status = await patch(renewalId, { status: 4 });
    expect(status.statusCode).toBe(403);
    expect(status.json().detail).toBe(RENEWAL_MESSAGES.staffStatus);
    expect((await patch(renewalId, { impact: 'x' })).statusCode).toBe(400);
  });

  it('lets admins set the status; a returned renewal goes back to Submitted when the owner edits it', async () => {
    expect(errorBody(await patch(renewalId, { status: 99 }, admin.token)).status).toEqual([
      RENEWAL_MESSAGES.statusChoice,
    ]);
    expect((await patch(renewalId, { status: 4 }, reviewer)).statusCode).toBe(403);
    const answers = await patch(renewalId, { additional_data: answersYes }, admin.token);
    expect(answers.statusCode).toBe(403);
    const returned = await patch(renewalId, { status: 6 }, admin.token);
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().status_name).toBe('Revisions Requested');
    const resubmitted = await patch(renewalId, { additional_data: { ...answersYes, impact: 'Revised.' } });
    expect(resubmitted.json().status).toBe(2);
    expect((await patch(renewalId, { status: 4 }, admin.token)).json().status).toBe(4);
    const late = await patch(renewalId, { additional_data: answersYes });
    expect(errorBody(late).non_field_errors).toEqual([RENEWAL_MESSAGES.notEditable]);
    const rows = await db()
      .select()
      .from(history)
      .where(and(eq(history.model, 'renewal'), eq(history.objectId, String(renewalId))));
    expect(rows.filter((row) => row.action === 'update').length).toBeGreaterThanOrEqual(4);
  });

  it('shows the renewal history to the owner through history/', async () => {
    const response = await get(`/api/history/?model=renewal&pk=${renewalId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().count).toBeGreaterThan(0);
    expect((await get(`/api/history/?model=renewal&pk=${renewalId}`, stranger)).statusCode).toBe(404);
  });
});
