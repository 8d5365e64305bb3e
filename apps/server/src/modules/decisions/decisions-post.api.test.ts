import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { LIMITS, TEAM_GAP_REASONS, todayIso, WORKFLOW_MESSAGES } from '@rrp/domain';
import {
  emailLogs,
  files,
  history,
  institutions,
  notifications,
  projects,
  requests,
  userInstitutions,
  users,
} from '../../db/schema';
import { addTeamMember, createDataset, createProject, createRequest } from '../../db/factories';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';
import { startFakeSmtp } from '../../../test/fake-smtp';
import { CLAMD_MISSING, eicar, startClamd, type RunningClamd } from '../../../test/clamd.mjs';

/**
 * Decisions on requests (staff §4.2, §7; issue 8): the options per flow and role, the
 * transitions and their dates, the pending-team variant, decision e-mails with documents sent
 * over SMTP, and the refusals that change nothing.
 */
let t: TestContext;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let clamd: RunningClamd;
let admin: { id: number; token: string };
let rmAdmin: string;
let tissueManager: string;
/** Staff who read every request but may not decide. */
let viewer: string;
let reviewer: string;
let researcher: { id: number; email: string; token: string };
let stranger: string;
let projectId: number;
let datasetId: number;
let institutionId: number;

const db = () => t.database.db;
const day = (offset: number) => todayIso(new Date(Date.now() + offset * 86_400_000));

async function person(roles: Parameters<TestContext['createUser']>[0]['roles'], first: string, last: string) {
  const user = await t.createUser({ roles, firstName: first, lastName: last });
  return { ...user, token: await t.tokenFor(user.email) };
}

async function attachIrb(project: number, ownerId: number) {
  const [file] = await db()
    .insert(files)
    .values({
      name: 'irb.pdf',
      storageKey: `test/${randomBytes(4).toString('hex')}`,
      type: 'irb',
      contentType: 'application/pdf',
      size: 10,
      creatorId: ownerId,
      projectId: project,
      additionalData: { designation: 1, approval_date: day(-30), renewal_date: day(300) },
    })
    .returning();
  await db().update(projects).set({ latestIrbId: file!.id }).where(eq(projects.id, project));
}

/** The institution's RDA, with this status (3 = Fully Executed). */
async function setRda(institution: number, status: number) {
  const [file] = await db()
    .insert(files)
    .values({
      name: 'rda.pdf',
      storageKey: `test/${randomBytes(4).toString('hex')}`,
      type: 'rda',
      contentType: 'application/pdf',
      size: 10,
      institutionId: institution,
      additionalData: { status },
    })
    .returning();
  await db().update(institutions).set({ currentRdaId: file!.id }).where(eq(institutions.id, institution));
}

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: auth(token) });
const decide = (id: number, payload: object, token = admin.token) =>
  t.app.inject({ method: 'POST', url: `/api/request/${id}/decision/`, headers: auth(token), payload });
const row = async (id: number) => (await db().select().from(requests).where(eq(requests.id, id)))[0]!;
const newRequest = (typeId: number, statusId: number, project = projectId) =>
  createRequest(db(), { projectId: project, typeId, statusId, displayName: `Type ${typeId} request` });

/** Delivers the outbox and answers the one message sent: the drafted rejection, to the owner. */
async function deliveredRejection(portalRequestId: string) {
  await t.app.outbox.deliverDue();
  expect(smtp.inbox).toHaveLength(1);
  expect(smtp.inbox[0]).toMatchObject({
    to: [researcher.email],
    subject: `Research Resource Portal: request ${portalRequestId} Rejected`,
  });
  return smtp.inbox[0]!;
}

/** A valid decision e-mail. */
const mail = (extra: object = {}) => ({
  to: 'rita@example.test, second@example.test',
  cc: '',
  bcc: 'audit@example.test',
  subject: 'Your request',
  body: 'Dear Rita,\n\nA decision was made.',
  attachments: [],
  ...extra,
});

function multipart(fields: Record<string, string>, name: string, content: Buffer) {
  const boundary = `----rrp${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
    );
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const upload = (token: string, requestId: number, name: string, content: Buffer) => {
  const body = multipart({ type: 'decision_docs', request: String(requestId) }, name, content);
  return t.app.inject({
    method: 'POST',
    url: '/api/file/',
    headers: { ...auth(token), 'content-type': body.contentType },
    payload: body.payload,
  });
};

beforeAll(async () => {
  smtp = await startFakeSmtp();
  clamd = await startClamd();
  t = await createTestContext({
    config: { SMTP_URL: smtp.url, CLAMAV_HOST: clamd.host, CLAMAV_PORT: String(clamd.port) },
  });
  admin = await person(['portal_admin'], 'Ann', 'Admin');
  rmAdmin = await t.tokenForRole('rm_admin');
  tissueManager = await t.tokenForRole('abn_proj_mgr');
  reviewer = await t.tokenForRole('portal_reviewer');
  viewer = await t.tokenForRole('internal_read_only');
  stranger = await t.tokenForRole('primary_researcher');
  researcher = await person(['primary_researcher'], 'Rita', 'Researcher');
  const [link] = await db()
    .select({ institutionId: userInstitutions.institutionId })
    .from(userInstitutions)
    .where(eq(userInstitutions.userId, researcher.id));
  institutionId = link!.institutionId;
  await setRda(institutionId, 3);
  projectId = (await createProject(db(), { ownerId: researcher.id, title: 'Sleep study' })).id;
  await attachIrb(projectId, researcher.id);
  datasetId = (await createDataset(db(), { name: 'Decision Phenotype', cohortId: 1 })).id;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await clamd?.stop();
});

beforeEach(async () => {
  await t.app.outbox.deliverDue();
  smtp.inbox.length = 0;
});

describe('GET request/{id}/decisions/', () => {
  it('lists the options of the caller’s flow, with the e-mail rule and the team', async () => {
    const { id } = await newRequest(1, 2);
    const response = await get(`/api/request/${id}/decisions/`, admin.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      flow: 'plain',
      status: 2,
      status_name: 'Submitted',
      options: [
        { status: 3, name: 'Under Review', action: 'Under Review', email: 'optional' },
        { status: 4, name: 'Approved', action: 'Approve', email: 'optional' },
        { status: 5, name: 'Rejected', action: 'Reject', email: 'required' },
        { status: 6, name: 'Revisions Requested', action: 'Request Revisions', email: 'optional' },
      ],
      team: { complete: true, missing: [] },
    });
  });

  it('uses the Research Match flow for Research Match requests and the role’s table', async () => {
    const rm = await newRequest(4, 2);
    const asAdmin = (await get(`/api/request/${rm.id}/decisions/`, admin.token)).json();
    expect(asAdmin.flow).toBe('research_match');
    expect(asAdmin.options.map((option: { status: number }) => option.status)).toEqual([3, 11, 9, 5]);
    expect(asAdmin.options.find((option: { status: number }) => option.status === 9).email).toBe('required');
    const asRmAdmin = (await get(`/api/request/${rm.id}/decisions/`, rmAdmin)).json();
    expect(asRmAdmin.flow).toBe('research_match');

    const dataset = await newRequest(1, 3);
    const defaultTable = (await get(`/api/request/${dataset.id}/decisions/`, rmAdmin)).json();
    expect(defaultTable.flow).toBe('default');
    expect(defaultTable.options.map((option: { status: number }) => option.status)).toEqual([4, 5, 6]);

    const tissue = await newRequest(8, 4);
    const asManager = (await get(`/api/request/${tissue.id}/decisions/`, tissueManager)).json();
    expect(asManager.flow).toBe('biospecimen');
    expect(asManager.options.map((option: { status: number }) => option.status)).toEqual([6, 7]);
  });

  it('lists the same options as the transitions on the request’s detail, empty for the owner', async () => {
    const { id } = await newRequest(1, 2);
    const options = (await get(`/api/request/${id}/decisions/`, admin.token)).json().options;
    expect(options.length).toBeGreaterThan(0);
    const detail = await get(`/api/request/${id}/`, admin.token);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().transitions).toEqual(options);
    expect((await get(`/api/request/${id}/`, researcher.token)).json().transitions).toEqual([]);
    // Lists do not carry them (the team check is per request).
    const list = (await get(`/api/request/?id=${id}`, admin.token)).json();
    expect(list.results[0]).not.toHaveProperty('transitions');
  });

  it('gives no options to roles that may not decide, and hides others’ requests', async () => {
    const { id } = await newRequest(1, 2);
    for (const token of [researcher.token, viewer]) {
      const response = await get(`/api/request/${id}/decisions/`, token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ flow: null, options: [], status: 2 });
    }
    expect((await get(`/api/request/${id}/decisions/`, stranger)).statusCode).toBe(404);
    expect((await get(`/api/request/999999/decisions/`, admin.token)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/request/${id}/decisions/` })).statusCode).toBe(
      401,
    );
  });
});

describe('GET request/{id}/decision-email/', () => {
  it('prefills the owner, the team on approval, a subject and a body naming the request', async () => {
    const teammate = await t.createUser({
      roles: ['primary_researcher'],
      firstName: 'Tom',
      lastName: 'Mate',
    });
    const { id, portalRequestId } = await newRequest(1, 2);
    await db().execute(
      // The team members with access on the request receive approval e-mails too.
      `insert into request_members (request_id, user_id) values (${id}, ${researcher.id}), (${id}, ${teammate.id})`,
    );
    const approve = await get(`/api/request/${id}/decision-email/?status=4`, admin.token);
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json()).toMatchObject({
      to: [researcher.email, teammate.email],
      cc: [],
      bcc: [],
      subject: `Research Resource Portal: request ${portalRequestId} Approved`,
    });
    expect(approve.json().body).toContain('Dear Rita Researcher,');
    expect(approve.json().body).toContain(`${portalRequestId} (Type 1 request)`);
    expect(approve.json().body).toContain('has been approved');
    const reject = (await get(`/api/request/${id}/decision-email/?status=5`, admin.token)).json();
    expect(reject.to).toEqual([researcher.email]);
    expect(reject.body).toContain('has not been approved');
  });

  it('refuses a bad status, roles that may not decide and unknown requests', async () => {
    const { id } = await newRequest(1, 2);
    const bad = await get(`/api/request/${id}/decision-email/?status=99`, admin.token);
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad).status).toEqual(['Please choose a decision.']);
    expect((await get(`/api/request/${id}/decision-email/?status=4`, researcher.token)).statusCode).toBe(403);
    expect((await get(`/api/request/999999/decision-email/?status=4`, admin.token)).statusCode).toBe(404);
  });
});

describe('POST request/{id}/decision/: the plain flow', () => {
  it('takes a dataset request from Submitted to Archived, with dates, suspension and bell notes', async () => {
    const filing = {
      project: projectId,
      type: 1,
      datasets: [datasetId],
      agreed_nih: true,
      data_safeguard: true,
      usage_answers: [true, true, true],
      agreed_to_usage_policy: true,
      submit: true,
    };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/request/',
      headers: auth(researcher.token),
      payload: filing,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect(created.json()).toMatchObject({ status: 2, revocation_date: null, reviewers_locked: false });

    const step = async (status: number, payload: object = {}) => {
      const response = await decide(id, { status, ...payload });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().status).toBe(status);
      return response.json();
    };
    await step(3);
    const revisions = await step(6);
    expect(revisions.decision_date).not.toBeNull();

    // The owner edits the returned request: it is Submitted again (an owner transition).
    const resubmitted = await t.app.inject({
      method: 'PATCH',
      url: `/api/request/${id}/`,
      headers: auth(researcher.token),
      payload: { agreed_nih: true },
    });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect(resubmitted.json().status).toBe(2);

    await step(4, { email: mail() });
    await t.app.outbox.deliverDue();
    // The receipts of the submission and the resubmission (decision 094), then the decision's.
    const receipt = expect.stringMatching(/: request R\d{5} Submitted$/);
    expect(smtp.inbox.map((message) => message.subject)).toEqual([receipt, receipt, 'Your request']);

    const before = Date.now();
    const fulfilled = await step(7);
    const expiry = Date.parse(fulfilled.expiration_date);
    const expected = before + LIMITS.requestExpiryDays * 86_400_000;
    expect(Math.abs(expiry - expected)).toBeLessThan(60_000);

    const suspended = await step(14);
    expect(suspended.revocation_date).not.toBeNull();
    const [owner] = await db().select().from(users).where(eq(users.id, researcher.id));
    expect(owner!.suspendedRequestId).toBe(id);
    const me = await get('/api/user/me/', researcher.token);
    expect(me.json().suspended_request).toBe(id);
    // While suspended, the owner cannot file another request.
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/request/',
      headers: auth(researcher.token),
      payload: filing,
    });
    expect(blocked.statusCode).toBe(400);
    expect(errorBody(blocked).non_field_errors).toEqual([WORKFLOW_MESSAGES.suspendedPrevents]);

    const back = await step(7);
    expect(back.revocation_date).toBeNull();
    expect(Date.parse(back.expiration_date)).toBe(expiry);
    const [cleared] = await db().select().from(users).where(eq(users.id, researcher.id));
    expect(cleared!.suspendedRequestId).toBeNull();

    await step(13);
    const archivedBack = await step(7);
    expect(archivedBack.status).toBe(7);

    // Every move is in the request's history, and the owner was told of every decision.
    const versions = await db()
      .select()
      .from(history)
      .where(and(eq(history.model, 'request'), eq(history.objectId, String(id))));
    expect(versions.map((version) => (version.data as { statusId: number }).statusId)).toEqual([
      2, 3, 6, 2, 4, 7, 14, 7, 13, 7,
    ]);
    const bell = await db().select().from(notifications).where(eq(notifications.recipientId, researcher.id));
    const notes = bell.filter((note) => (note.fields as { request_id?: number } | null)?.request_id === id);
    expect(notes).toHaveLength(8);
    expect(notes.at(-1)!.message).toMatch(/is now Fulfilled\.$/);
    expect(notes.at(-1)!.redirect).toBe(`/request/${id}`);
  });

  it('refuses a move outside the table with the allowed ones named, changing nothing', async () => {
    const { id } = await newRequest(1, 2);
    const response = await decide(id, { status: 7 });
    expect(response.statusCode).toBe(400);
    expect(errorBody(response).status).toEqual([
      'Fulfilled cannot be chosen for a request that is Submitted. Allowed: Under Review, Approved, Rejected, Revisions Requested.',
    ]);
    expect((await row(id)).statusId).toBe(2);

    const rejected = await newRequest(1, 5);
    const terminal = await decide(rejected.id, { status: 7 });
    expect(errorBody(terminal).status).toEqual([
      'Fulfilled cannot be chosen: no decision can be made on a request that is Rejected.',
    ]);
  });

  it('rejects with the composed e-mail and locks the reviewers', async () => {
    const { id } = await newRequest(1, 3);
    const done = await decide(id, { status: 5, email: mail() });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 5, reviewers_locked: true });
    const [log] = await db().select().from(emailLogs).where(eq(emailLogs.template, 'decision-rejected'));
    expect(log).toMatchObject({
      modelName: 'request',
      objectIds: [id],
      to: ['rita@example.test', 'second@example.test'],
      bcc: ['audit@example.test'],
    });
    // The composer's log lists it as about the request.
    const logs = await get(`/api/email_logs/?model_name=request&object_ids=${id}`, admin.token);
    expect(logs.json().results.map((entry: { template: string }) => entry.template)).toEqual([
      'decision-rejected',
    ]);
  });

  it('rejects without a composed e-mail by sending the drafted one to the owner (decision 096)', async () => {
    const { id, portalRequestId } = await newRequest(1, 3);
    const draft = (await get(`/api/request/${id}/decision-email/?status=5`, admin.token)).json();
    const response = await decide(id, { status: 5 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 5, reviewers_locked: true });
    const logs = await db().select().from(emailLogs).where(eq(emailLogs.template, 'decision-rejected'));
    expect(logs.filter((log) => log.objectIds.includes(id))).toEqual([
      expect.objectContaining({ to: [researcher.email], subject: draft.subject, text: draft.body }),
    ]);

    expect((await deliveredRejection(portalRequestId)).text).toContain('has not been approved');
  });

  it('validates the recipients: none, or a bad address, is a 400', async () => {
    const { id } = await newRequest(1, 3);
    const none = await decide(id, { status: 5, email: mail({ to: ' , ' }) });
    expect(none.statusCode).toBe(400);
    expect(errorBody(none).email).toEqual([WORKFLOW_MESSAGES.recipientsRequired]);
    const bad = await decide(id, { status: 5, email: mail({ cc: 'someone@' }) });
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad).email).toEqual(['Please enter a valid email address.']);
    expect((await row(id)).statusId).toBe(3);
  });

  it('lets only deciders decide', async () => {
    const { id } = await newRequest(1, 2);
    for (const token of [researcher.token, reviewer]) {
      const response = await decide(id, { status: 3 }, token);
      expect(response.statusCode).toBe(403);
    }
    expect((await decide(999999, { status: 3 })).statusCode).toBe(404);
    expect((await row(id)).statusId).toBe(2);
  });

  it('treats a status PATCH from a decider as the same decision', async () => {
    const { id } = await newRequest(1, 2);
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/request/${id}/`, headers: auth(admin.token), payload });
    const ok = await patch({ status: 3 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().status).toBe(3);
    const refused = await patch({ status: 7 });
    expect(refused.statusCode).toBe(400);
    expect((errorBody(refused).status as string[])[0]).toMatch(/^Fulfilled cannot be chosen/);
    const mixed = await patch({ status: 4, agreed_nih: false });
    expect(mixed.statusCode).toBe(400);
    expect((await row(id)).statusId).toBe(3);
    // A decision whose e-mail is optional sends none unless composed.
    await t.app.outbox.deliverDue();
    expect(smtp.inbox).toEqual([]);
  });

  it('rejects by PATCH request/{id}/ {"status": 5} (staff §7), e-mailing the owner the drafted rejection', async () => {
    const { id, portalRequestId } = await newRequest(1, 3);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/request/${id}/`,
      headers: auth(admin.token),
      payload: { status: 5 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 5, reviewers_locked: true });
    expect((await row(id)).decisionDate).not.toBeNull();

    expect((await deliveredRejection(portalRequestId)).text).toContain('Dear Rita Researcher,');
    const logs = await get(`/api/email_logs/?model_name=request&object_ids=${id}`, admin.token);
    expect(logs.json().results).toEqual([
      expect.objectContaining({ template: 'decision-rejected', status: 'sent' }),
    ]);

    // A move the table does not allow from Rejected stays a 400 with the spec's message, sending nothing.
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/request/${id}/`,
      headers: auth(admin.token),
      payload: { status: 4 },
    });
    expect(refused.statusCode).toBe(400);
    expect(errorBody(refused).status).toEqual([
      'Approved cannot be chosen: no decision can be made on a request that is Rejected.',
    ]);
    await t.app.outbox.deliverDue();
    expect(smtp.inbox).toHaveLength(1);
  });
});

describe('the message that came with a return to the applicant', () => {
  it('shows the owner the e-mail of the decision that asked for revisions, and nothing in other statuses', async () => {
    const { id } = await newRequest(1, 3);
    const asked = await decide(id, {
      status: 6,
      email: mail({ subject: 'Revisions needed', body: 'Please describe the cohort you will study.' }),
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const owner = (await get(`/api/request/${id}/`, researcher.token)).json();
    expect(owner.decision_message).toEqual({
      subject: 'Revisions needed',
      body: expect.stringContaining('Please describe the cohort you will study.'),
      sent: expect.any(String),
    });
    expect((await get(`/api/request/${id}/`, admin.token)).json().decision_message.subject).toBe(
      'Revisions needed',
    );
    // Not in other statuses, and not for a request returned without an e-mail.
    const plain = await newRequest(1, 3);
    expect((await decide(plain.id, { status: 6 })).statusCode).toBe(200);
    expect((await get(`/api/request/${plain.id}/`, researcher.token)).json().decision_message).toBeNull();
    const submitted = await newRequest(1, 2);
    expect((await get(`/api/request/${submitted.id}/`, researcher.token)).json()).not.toHaveProperty(
      'decision_message',
    );
  });
});

describe('the other flows', () => {
  const walk = async (id: number, token: string, steps: [number, object?][]) => {
    for (const [status, extra] of steps) {
      const response = await decide(id, { status, ...(extra ?? {}) }, token);
      expect(response.statusCode, `${status}: ${response.body}`).toBe(200);
      expect(response.json().status).toBe(status);
    }
  };

  it('Research Match: review, meeting, conditional approval and approval, each e-mailed', async () => {
    const { id } = await newRequest(4, 2);
    await walk(id, rmAdmin, [[3], [8], [10, { email: mail() }], [4, { email: mail() }]]);
    const logs = await db().select().from(emailLogs).where(eq(emailLogs.modelName, 'request'));
    expect(logs.filter((log) => log.objectIds.includes(id)).map((log) => log.template)).toEqual([
      'decision-conditionally-approved',
      'decision-approved',
    ]);
    // Deferring always e-mails: without a composed e-mail, the draft goes to the owner.
    const deferred = await newRequest(5, 8);
    await walk(deferred.id, rmAdmin, [[9]]);
    const [sent] = await db().select().from(emailLogs).where(eq(emailLogs.template, 'decision-deferred'));
    expect(sent).toMatchObject({ objectIds: [deferred.id], to: [researcher.email] });
    expect(sent!.text).toContain('has been deferred');
  });

  it('tissue and biospecimen: a project manager approves, asks for revisions and fulfils', async () => {
    const { id } = await newRequest(2, 2);
    await walk(id, tissueManager, [[3], [4], [6]]);
    const tissue = await newRequest(8, 3);
    await walk(tissue.id, tissueManager, [[4], [7]]);
    const none = await decide(tissue.id, { status: 14 }, tissueManager);
    expect(errorBody(none).status).toEqual([
      'Suspended cannot be chosen: no decision can be made on a request that is Fulfilled.',
    ]);
    // A project manager has no table for Submitted dataset requests (the default table).
    const dataset = await newRequest(1, 2);
    expect((await decide(dataset.id, { status: 3 }, tissueManager)).statusCode).toBe(400);
  });

  it('the default table: Under Review to approved, rejected or revisions', async () => {
    const { id } = await newRequest(1, 3);
    await walk(id, rmAdmin, [[6]]);
    const other = await newRequest(1, 3);
    await walk(other.id, rmAdmin, [[4]]);
    const refused = await decide(other.id, { status: 7 }, rmAdmin);
    expect(refused.statusCode).toBe(400);
  });
});

describe('decision documents', () => {
  it('sends the attached documents over SMTP and lists them on the request', async () => {
    const { id } = await newRequest(4, 8);
    const pdf = Buffer.from('%PDF-1.4\n% decision letter\n%%EOF\n');
    const uploaded = await upload(admin.token, id, 'decision-letter.pdf', pdf);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const fileId = uploaded.json().id as number;

    const response = await decide(id, { status: 4, email: mail({ attachments: [fileId] }) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().additional_data.decision_docs).toEqual([fileId]);
    const [file] = await db().select().from(files).where(eq(files.id, fileId));
    expect(file!.requestId).toBe(id);

    await t.app.outbox.deliverDue();
    expect(smtp.inbox).toHaveLength(1);
    expect(smtp.inbox[0]!.attachments).toEqual([
      { filename: 'decision-letter.pdf', contentType: 'application/pdf', content: pdf },
    ]);
    const logs = await db().select().from(emailLogs).where(eq(emailLogs.template, 'decision-approved'));
    expect(logs.find((log) => log.objectIds.includes(id))).toMatchObject({
      status: 'sent',
      attachmentFileIds: [fileId],
    });

    // The owner reads the document; a stranger does not.
    expect((await get(`/api/file/${fileId}/`, researcher.token)).statusCode).toBe(200);
    expect((await get(`/api/file/${fileId}/`, stranger)).statusCode).toBe(404);
    const listed = async (token: string) =>
      (await get('/api/file/?type=decision_docs&limit=100', token))
        .json()
        .results.map((file: { id: number }) => file.id);
    expect(await listed(researcher.token)).toContain(fileId);
    expect(await listed(stranger)).not.toContain(fileId);
    expect(await listed(admin.token)).toContain(fileId);
  });

  it('refuses an infected upload, and an attachment that is not a document of this request', async () => {
    if (!clamd) throw new Error(CLAMD_MISSING);
    const { id } = await newRequest(1, 3);
    const infected = await upload(admin.token, id, 'virus.pdf', eicar());
    expect(infected.statusCode).toBe(412);
    expect(errorBody(infected).detail).toBe('File virus.pdf did not pass virus scan');

    const other = await newRequest(1, 3);
    const foreign = await upload(admin.token, other.id, 'other.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    const foreignId = foreign.json().id as number;
    for (const attachments of [[999999], [foreignId]]) {
      const response = await decide(id, { status: 6, email: mail({ attachments }) });
      expect(response.statusCode).toBe(400);
      expect(errorBody(response).attachments).toEqual([WORKFLOW_MESSAGES.attachmentUnknown]);
    }
    expect((await row(id)).statusId).toBe(3);
    // Nothing queued about this request (other tests of this file send their own decisions).
    expect(
      await db()
        .select()
        .from(emailLogs)
        .where(
          and(
            eq(emailLogs.template, 'decision-revisions-requested'),
            sql`${id} = any(${emailLogs.objectIds})`,
          ),
        ),
    ).toEqual([]);

    // Only deciders upload decision documents, and only for a request.
    const asOwner = await upload(researcher.token, id, 'mine.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    expect(asOwner.statusCode).toBe(403);
  });
});

describe('the pending-team variant', () => {
  it('approves into Approved (Pending Team) and promotes the request when the joinder is signed', async () => {
    const coInvestigator = await t.createUser({
      roles: ['primary_researcher'],
      firstName: 'Cora',
      lastName: 'Coinvestigator',
      institutionVerified: false,
    });
    const project = await createProject(db(), { ownerId: researcher.id, title: 'Team study' });
    await attachIrb(project.id, researcher.id);
    await addTeamMember(db(), {
      projectId: project.id,
      email: coInvestigator.email,
      firstName: 'Cora',
      lastName: 'Coinvestigator',
      userRole: 2,
    });
    // A collaborator without an account does not hold the request back.
    await addTeamMember(db(), {
      projectId: project.id,
      email: 'helper@example.test',
      firstName: 'Hal',
      lastName: 'Helper',
      userRole: 3,
    });
    const { id } = await newRequest(2, 2, project.id);

    const options = (await get(`/api/request/${id}/decisions/`, admin.token)).json();
    expect(options.flow).toBe('biospecimen');
    expect(options.team).toEqual({
      complete: false,
      missing: [
        {
          user_id: coInvestigator.id,
          display_name: 'Cora Coinvestigator',
          reasons: [TEAM_GAP_REASONS.joinder],
        },
      ],
    });
    expect(options.options).toContainEqual({
      status: 12,
      name: 'Approved (Pending Team)',
      action: 'Approve',
      email: 'optional',
    });

    const approved = await decide(id, { status: 4 });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe(12);
    const again = await decide(id, { status: 4 });
    expect(errorBody(again).status).toEqual([WORKFLOW_MESSAGES.teamIncomplete]);

    const [link] = await db()
      .select()
      .from(userInstitutions)
      .where(eq(userInstitutions.userId, coInvestigator.id));
    const signed = await t.app.inject({
      method: 'PATCH',
      url: `/api/user-institution/${link!.id}/`,
      headers: auth(await t.tokenFor(coInvestigator.email)),
      payload: { joinder_date: new Date().toISOString() },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect((await row(id)).statusId).toBe(4);
    const bell = await db().select().from(notifications).where(eq(notifications.recipientId, researcher.id));
    expect(
      bell.some((note) => note.message.endsWith('is now Approved.') && note.redirect === `/request/${id}`),
    ).toBe(true);
  });

  it('promotes when the incomplete co-investigator leaves the team', async () => {
    const unsigned = await t.createUser({
      roles: ['primary_researcher'],
      firstName: 'Una',
      lastName: 'Unsigned',
      institutionVerified: false,
    });
    const project = await createProject(db(), { ownerId: researcher.id, title: 'Leaving member' });
    await attachIrb(project.id, researcher.id);
    await addTeamMember(db(), {
      projectId: project.id,
      email: unsigned.email,
      firstName: 'Una',
      lastName: 'Unsigned',
      userRole: 2,
    });
    const { id } = await newRequest(1, 3, project.id);
    expect((await decide(id, { status: 4 })).json().status).toBe(12);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/research-team/',
      headers: auth(researcher.token),
      payload: { project_id: project.id, team: [] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await row(id)).statusId).toBe(4);
  });

  it('promotes when the project’s IRB is uploaded', async () => {
    const project = await createProject(db(), { ownerId: researcher.id, title: 'No IRB yet' });
    const { id } = await newRequest(1, 2, project.id);
    expect((await decide(id, { status: 4 })).json().status).toBe(12);
    const missing = (await get(`/api/request/${id}/decisions/`, researcher.token)).json().team.missing;
    expect(missing).toEqual([
      { user_id: researcher.id, display_name: 'Rita Researcher', reasons: [TEAM_GAP_REASONS.irb] },
    ]);
    const body = multipart(
      {
        type: 'irb',
        project: String(project.id),
        additional_data: JSON.stringify({ designation: 1, approval_date: day(-5), renewal_date: day(360) }),
      },
      'irb.pdf',
      Buffer.from('%PDF-1.4\n% irb letter\n%%EOF\n'),
    );
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/file/',
      headers: { ...auth(researcher.token), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect((await row(id)).statusId).toBe(4);
  });

  it('promotes when the institution’s RDA becomes fully executed', async () => {
    const { institution } = await t.institutionWithOfficial('Awaiting Institute');
    await setRda(institution.id, 2);
    const member = await t.createUser({
      roles: ['primary_researcher'],
      firstName: 'Ida',
      lastName: 'Institute',
      institutionId: institution.id,
    });
    const project = await createProject(db(), { ownerId: member.id, title: 'RDA study' });
    await attachIrb(project.id, member.id);
    const { id } = await newRequest(1, 3, project.id);
    expect((await decide(id, { status: 4 })).json().status).toBe(12);
    const missing = (await get(`/api/request/${id}/decisions/`, admin.token)).json().team.missing;
    expect(missing).toEqual([
      { user_id: member.id, display_name: 'Ida Institute', reasons: [TEAM_GAP_REASONS.rda] },
    ]);

    // The RDA's countersignature (foundation lead) executes it.
    const [rdaRow] = await db()
      .select({ rda: institutions.currentRdaId })
      .from(institutions)
      .where(eq(institutions.id, institution.id));
    await db()
      .update(files)
      .set({
        additionalData: { status: 2, signature: 'Olga Official', signature_date: `${day(-1)}T12:00:00` },
      })
      .where(eq(files.id, rdaRow!.rda!));
    const lead = await t.createUser({ roles: ['portal_admin_lead'], firstName: 'Lee', lastName: 'Lead' });
    const countersigned = await t.app.inject({
      method: 'PATCH',
      url: `/api/file/${rdaRow!.rda}/`,
      headers: auth(await t.tokenFor(lead.email)),
      payload: { sf_signature: 'Lee Lead' },
    });
    expect(countersigned.statusCode, countersigned.body).toBe(200);
    expect((await row(id)).statusId).toBe(4);
  });
});

describe('demo data for the decision journeys', () => {
  it('seeds a Submitted dataset request of the demo researcher and a pending-team plasma request', async () => {
    // A database of its own: the demo catalogue is seeded only into an empty catalogue.
    const demo = await createTestContext();
    try {
      const { seedDemoData } = await import('../../db/seed');
      const seed = () =>
        seedDemoData(
          demo.database.db,
          demo.config.demoPassword,
          demo.app.demo.attachDefaultRda,
          demo.app.demo.attachIrb,
        );
      await seed();
      await seed();
      const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
        demo.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
      const demoAdmin = await demo.tokenFor('portal_admin@demo.test', demo.config.demoPassword);
      const researcherToken = await demo.tokenFor('primary_researcher@demo.test', demo.config.demoPassword);

      // The dataset request's team is complete: approving it gives Approved.
      const mine = (await call('GET', '/api/request/?status=2&type=1', researcherToken)).json();
      const dataset = mine.results.find(
        (entry: { display_name: string }) => entry.display_name === 'SSC Phenotype Data',
      );
      expect(dataset).toBeDefined();
      const options = (await call('GET', `/api/request/${dataset.id}/decisions/`, demoAdmin)).json();
      expect(options).toMatchObject({ flow: 'plain', team: { complete: true, missing: [] } });

      // The plasma request waits for its co-investigator's joinder.
      const [pending] = await demo.database.db
        .select({ id: requests.id })
        .from(requests)
        .innerJoin(projects, eq(projects.id, requests.projectId))
        .where(eq(projects.title, 'Plasma proteins and sleep in autistic adolescents'));
      const team = (await call('GET', `/api/request/${pending!.id}/decisions/`, demoAdmin)).json();
      expect(team).toMatchObject({ flow: 'biospecimen', status: 2 });
      expect(team.team.missing).toEqual([
        {
          user_id: expect.any(Number),
          display_name: 'Demo Co-Investigator',
          reasons: [TEAM_GAP_REASONS.joinder],
        },
      ]);
      const approved = await call('POST', `/api/request/${pending!.id}/decision/`, demoAdmin, { status: 4 });
      expect(approved.json().status).toBe(12);
      const coToken = await demo.tokenFor('coinvestigator@demo.test', demo.config.demoPassword);
      const [link] = await demo.database.db
        .select()
        .from(userInstitutions)
        .where(eq(userInstitutions.userId, team.team.missing[0].user_id));
      const signed = await call('PATCH', `/api/user-institution/${link!.id}/`, coToken, {
        joinder_date: new Date().toISOString(),
      });
      expect(signed.statusCode, signed.body).toBe(200);
      const [after] = await demo.database.db.select().from(requests).where(eq(requests.id, pending!.id));
      expect(after!.statusId).toBe(4);
    } finally {
      await demo.close();
    }
  }, 120_000);
});
