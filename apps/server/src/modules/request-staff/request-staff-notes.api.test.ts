import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { REQUEST_STAFF_MESSAGES } from '@rrp/domain';
import { history, requests } from '../../db/schema';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';
import { startFakeHttp } from '../../../test/fake-http';
import { admin, call, db, manager } from './request-staff.api-test-setup';
import { newRequest, researcher, reviewer, setUpRequestStaffApi } from './request-staff.api-test-setup';

/** The staff panel's comments and Zendesk tickets, and their PATCH request/{id}/ form (staff §3, §7; issue 8). */
setUpRequestStaffApi();

describe('request comments', () => {
  it('adds comments with author and date and lists them newest first', async () => {
    const id = await newRequest();
    const first = await call('POST', `/api/request/${id}/comments/`, admin, {
      text: '  Waiting for the IRB.  ',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ request: id, text: 'Waiting for the IRB.' });
    expect(first.json().author.display_name).toBeTruthy();
    const second = await call('POST', `/api/request/${id}/comments/`, manager, { text: 'IRB received.' });
    expect(second.statusCode).toBe(201);

    const list = await call('GET', `/api/request/${id}/comments/`, admin);
    expect(list.statusCode).toBe(200);
    expect(list.json().count).toBe(2);
    expect(list.json().results.map((row: { text: string }) => row.text)).toEqual([
      'IRB received.',
      'Waiting for the IRB.',
    ]);
    const paged = await call('GET', `/api/request/${id}/comments/?limit=1&offset=1`, admin);
    expect(paged.json().results.map((row: { text: string }) => row.text)).toEqual(['Waiting for the IRB.']);
    const audit = await db()
      .select()
      .from(history)
      .where(and(eq(history.model, 'request_comment'), eq(history.objectId, String(first.json().id))));
    expect(audit).toHaveLength(1);
  });

  it('refuses blank and over-long comments and bad paging', async () => {
    const id = await newRequest();
    const blank = await call('POST', `/api/request/${id}/comments/`, admin, { text: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(errorBody(blank).text).toEqual([REQUEST_STAFF_MESSAGES.commentBlank]);
    const long = await call('POST', `/api/request/${id}/comments/`, admin, { text: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect(errorBody(long).text).toEqual([REQUEST_STAFF_MESSAGES.commentTooLong]);
    expect((await call('GET', `/api/request/${id}/comments/?limit=0`, admin)).statusCode).toBe(400);
    expect((await call('GET', `/api/request/${id}/comments/`, admin)).json().count).toBe(0);
  });

  it('is visible to admins and project managers only', async () => {
    const id = await newRequest();
    await call('PUT', `/api/request/${id}/review_users/`, admin, { users: [reviewer.id] });
    expect((await call('GET', `/api/request/${id}/comments/`, manager)).statusCode).toBe(200);
    expect((await call('GET', `/api/request/${id}/comments/`, reviewer.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/request/${id}/comments/`, researcher.token)).statusCode).toBe(403);
    expect(
      (await call('POST', `/api/request/${id}/comments/`, researcher.token, { text: 'Hi' })).statusCode,
    ).toBe(403);
    expect((await call('POST', `/api/request/999999/comments/`, admin, { text: 'Hi' })).statusCode).toBe(404);
  });
});

describe('Zendesk tickets', () => {
  it('stores ticket ids on the request (deduplicated), shows them to admins and records history', async () => {
    const id = await newRequest();
    const response = await call('PATCH', `/api/request/${id}/zendesk/`, admin, {
      zendesk_ticket_ids: ['1001', 1002, ' 1001 '],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().zendesk_ticket_ids).toEqual(['1001', '1002']);
    expect((await call('GET', `/api/request/${id}/`, admin)).json().zendesk_ticket_ids).toEqual([
      '1001',
      '1002',
    ]);
    const rows = await db()
      .select()
      .from(history)
      .where(
        and(eq(history.model, 'request'), eq(history.objectId, String(id)), eq(history.action, 'update')),
      );
    expect(rows.at(-1)!.changedFields).toContain('zendeskTicketIds');
    const cleared = await call('PATCH', `/api/request/${id}/zendesk/`, admin, { zendesk_ticket_ids: [] });
    expect(cleared.json().zendesk_ticket_ids).toEqual([]);
  });

  it('refuses ids that are not whole numbers and too many ids, changing nothing', async () => {
    const id = await newRequest();
    await call('PATCH', `/api/request/${id}/zendesk/`, admin, { zendesk_ticket_ids: ['7'] });
    const bad = await call('PATCH', `/api/request/${id}/zendesk/`, admin, { zendesk_ticket_ids: ['12a'] });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(errorBody(bad))).toContain(REQUEST_STAFF_MESSAGES.zendeskId);
    const many = await call('PATCH', `/api/request/${id}/zendesk/`, admin, {
      zendesk_ticket_ids: Array.from({ length: 21 }, (_, index) => String(index + 1)),
    });
    expect(many.statusCode).toBe(400);
    expect(JSON.stringify(errorBody(many))).toContain(REQUEST_STAFF_MESSAGES.tooManyTickets);
    expect((await call('PATCH', `/api/request/${id}/zendesk/`, admin, {})).statusCode).toBe(400);
    const [row] = await db().select().from(requests).where(eq(requests.id, id));
    expect(row!.zendeskTicketIds).toEqual(['7']);
  });

  it('answers conversations keyed by ticket id from the local fake, leaving unknown ids out', async () => {
    const response = await call('GET', '/api/zendesk_ticket/?ids=1001,424242', admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(Object.keys(response.json())).toEqual(['1001']);
    expect(response.json()['1001'].comments[0].author).toBe('Rita Researcher');
    // The local stand-in marks its tickets, so the panel can say Zendesk is not configured.
    expect(response.json()['1001'].demo).toBe(true);
    const none = await call('GET', '/api/zendesk_ticket/?ids=424242', admin);
    expect(none.json()).toEqual({});
  });

  it('refuses bad ticket queries and callers other than admins', async () => {
    expect((await call('GET', '/api/zendesk_ticket/?ids=abc', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/zendesk_ticket/', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/zendesk_ticket/?ids=1001', reviewer.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/zendesk_ticket/?ids=1001', researcher.token)).statusCode).toBe(403);
    const id = await newRequest();
    expect(
      (await call('PATCH', `/api/request/${id}/zendesk/`, researcher.token, { zendesk_ticket_ids: ['1'] }))
        .statusCode,
    ).toBe(403);
  });
});

describe('Zendesk through its API', () => {
  let api: TestContext;
  let fake: Awaited<ReturnType<typeof startFakeHttp>>;
  let failing = false;
  beforeAll(async () => {
    fake = await startFakeHttp(({ url }) => {
      if (failing) return { status: 500, json: { error: 'down' } };
      if (url.startsWith('/api/v2/tickets/show_many.json')) {
        return { json: { tickets: [{ id: 55, subject: 'Help with access', status: 'open' }] } };
      }
      if (url.startsWith('/api/v2/tickets/55/comments.json')) {
        return {
          json: {
            comments: [
              {
                id: 9,
                author_id: 3,
                plain_body: 'Thanks, solved.',
                public: true,
                created_at: '2026-01-01T00:00:00Z',
              },
            ],
            users: [{ id: 3, name: 'Agent Smith' }],
          },
        };
      }
      return { status: 404, json: {} };
    });
    api = await createTestContext({
      config: { ZENDESK_URL: fake.url, ZENDESK_EMAIL: 'agent@example.test', ZENDESK_API_TOKEN: 'zd-token' },
    });
  });
  afterAll(async () => {
    await api.close();
    await fake.close();
  });

  it('reads tickets and comments with the API token, and answers 503 when Zendesk fails', async () => {
    const token = await api.tokenForRole('portal_admin');
    const response = await api.app.inject({ url: '/api/zendesk_ticket/?ids=55,56', headers: auth(token) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      '55': {
        id: '55',
        subject: 'Help with access',
        status: 'open',
        comments: [
          {
            id: 9,
            author: 'Agent Smith',
            body: 'Thanks, solved.',
            public: true,
            created_at: '2026-01-01T00:00:00Z',
          },
        ],
      },
    });
    expect(fake.requests[0]!.url).toBe('/api/v2/tickets/show_many.json?ids=55,56');
    failing = true;
    const failed = await api.app.inject({ url: '/api/zendesk_ticket/?ids=55', headers: auth(token) });
    expect(failed.statusCode).toBe(503);
    expect(errorBody(failed).detail).toBe(REQUEST_STAFF_MESSAGES.fetchFailed);
  });
});

describe('PATCH request/{id}/ with comments {add} and zendesk_ticket_ids (staff §7)', () => {
  it('adds a comment and sets ticket ids in one call, answering the request', async () => {
    const id = await newRequest();
    const response = await call('PATCH', `/api/request/${id}/`, admin, {
      comments: { add: 'Checked the IRB.' },
      zendesk_ticket_ids: ['1003'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().zendesk_ticket_ids).toEqual(['1003']);
    const comments = await call('GET', `/api/request/${id}/comments/`, admin);
    expect(comments.json().results.map((row: { text: string }) => row.text)).toEqual(['Checked the IRB.']);
  });

  it('refuses them mixed with other changes, blank comments, and callers without the staff grants', async () => {
    const id = await newRequest();
    const mixed = await call('PATCH', `/api/request/${id}/`, admin, {
      comments: { add: 'Note' },
      agreed_nih: true,
    });
    expect(mixed.statusCode).toBe(400);
    expect(errorBody(mixed).non_field_errors).toEqual([REQUEST_STAFF_MESSAGES.staffFieldsAlone]);
    const blank = await call('PATCH', `/api/request/${id}/`, admin, { comments: { add: ' ' } });
    expect(blank.statusCode).toBe(400);
    // The owner may edit their request, but not write staff notes or tickets.
    const owner = await call('PATCH', `/api/request/${id}/`, researcher.token, { comments: { add: 'Hi' } });
    expect(owner.statusCode).toBe(403);
    const ownerTickets = await call('PATCH', `/api/request/${id}/`, researcher.token, {
      zendesk_ticket_ids: ['1'],
    });
    expect(ownerTickets.statusCode).toBe(403);
    expect((await call('GET', `/api/request/${id}/comments/`, admin)).json().count).toBe(0);
    const [row] = await db().select().from(requests).where(eq(requests.id, id));
    expect(row!.zendeskTicketIds).toEqual([]);
  });
});
