import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailLogs } from '../../db/schema';
import { errorBody } from '../../../test/test-app';
import {
  admin,
  db,
  decide,
  get,
  mail,
  newRequest,
  researcher,
  rmAdmin,
  setUpDecisionsApi,
  stranger,
  t,
  tissueManager,
  viewer,
} from './decisions.api-test-setup';

/**
 * Decisions on requests (staff §4.2, §7; issue 8): the options per flow and role, the prefilled
 * e-mail, the message that came with a return, and the Research Match, tissue and default flows.
 */
setUpDecisionsApi();

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
