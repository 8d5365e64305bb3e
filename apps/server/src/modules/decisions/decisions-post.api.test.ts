import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { LIMITS, WORKFLOW_MESSAGES } from '@rrp/domain';
import { emailLogs, files, history, notifications, users } from '../../db/schema';
import { auth, errorBody } from '../../../test/test-app';
import { CLAMD_MISSING, eicar } from '../../../test/clamd.mjs';
import {
  admin,
  clamd,
  datasetId,
  db,
  decide,
  deliveredRejection,
  get,
  mail,
  newRequest,
  projectId,
  researcher,
  reviewer,
  row,
  setUpDecisionsApi,
  smtp,
  stranger,
  t,
  upload,
} from './decisions.api-test-setup';

/**
 * Decisions on requests (staff §4.2, §7; issue 8): the transitions of the plain flow and their
 * dates, decision e-mails with documents sent over SMTP, and the refusals that change nothing.
 */
setUpDecisionsApi();

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
      .where(and(eq(history.model, 'request'), eq(history.objectId, String(id))))
      // In the order they were written: without it, PostgreSQL may return the rows in any order.
      .orderBy(history.id);
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
