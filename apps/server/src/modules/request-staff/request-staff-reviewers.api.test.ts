import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { REQUEST_STAFF_MESSAGES } from '@rrp/domain';
import { history, requests } from '../../db/schema';
import { errorBody } from '../../../test/test-app';
import { admin, call, db, external, internal, manager, newRequest } from './request-staff.api-test-setup';
import {
  researcher,
  reviewer,
  reviewersOf,
  setUpRequestStaffApi,
  stranger,
  t,
} from './request-staff.api-test-setup';

/** The staff panel's reviewers (staff §5, §6; issue 8). */
setUpRequestStaffApi();

describe('PUT request/{id}/review_users/', () => {
  it('assigns reviewers from the reviewer groups, shows them on the request and records history', async () => {
    const id = await newRequest();
    const response = await call('PUT', `/api/request/${id}/review_users/`, admin, {
      users: [reviewer.id, internal.id, reviewer.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().review_users.map((row: { display_name: string }) => row.display_name)).toEqual([
      'Ivan Internal',
      'Paula Reviewer',
    ]);
    expect(response.json().reviewers_locked).toBe(false);
    expect(await reviewersOf(id)).toEqual([reviewer.id, internal.id].sort((a, b) => a - b));

    const detail = await call('GET', `/api/request/${id}/`, admin);
    expect(
      detail
        .json()
        .review_users.map((row: { id: number }) => row.id)
        .sort(),
    ).toEqual([reviewer.id, internal.id].sort());
    const rows = await db()
      .select()
      .from(history)
      .where(
        and(eq(history.model, 'request'), eq(history.objectId, String(id)), eq(history.action, 'update')),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.changedFields).toContain('review_users');

    // The same list again changes nothing and writes no history.
    await call('PUT', `/api/request/${id}/review_users/`, admin, { users: [internal.id, reviewer.id] });
    const again = await db()
      .select()
      .from(history)
      .where(
        and(eq(history.model, 'request'), eq(history.objectId, String(id)), eq(history.action, 'update')),
      );
    expect(again).toHaveLength(1);
  });

  it('hides the reviewers from the researcher who owns the request', async () => {
    const id = await newRequest();
    await call('PUT', `/api/request/${id}/review_users/`, admin, { users: [reviewer.id] });
    const detail = await call('GET', `/api/request/${id}/`, researcher.token);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).not.toHaveProperty('review_users');
    expect(detail.json()).not.toHaveProperty('zendesk_ticket_ids');
  });

  it('refuses more than 100 reviewers, unknown users and users outside the reviewer groups, changing nothing', async () => {
    const id = await newRequest();
    await call('PUT', `/api/request/${id}/review_users/`, admin, { users: [reviewer.id] });
    const tooMany = await call('PUT', `/api/request/${id}/review_users/`, admin, {
      users: Array.from({ length: 101 }, (_, index) => index + 1),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(errorBody(tooMany).users).toEqual([REQUEST_STAFF_MESSAGES.tooManyReviewers]);

    const unknown = await call('PUT', `/api/request/${id}/review_users/`, admin, { users: [999_999] });
    expect(unknown.statusCode).toBe(400);
    expect(errorBody(unknown).users).toEqual(['Unknown users: 999999.']);

    const notReviewer = await call('PUT', `/api/request/${id}/review_users/`, admin, {
      users: [internal.id, stranger.id],
    });
    expect(notReviewer.statusCode).toBe(400);
    expect(errorBody(notReviewer).users).toEqual(['Not in a reviewer group: Sam Stranger.']);

    const malformed = await call('PUT', `/api/request/${id}/review_users/`, admin, { users: ['x'] });
    expect(malformed.statusCode).toBe(400);
    const extra = await call('PUT', `/api/request/${id}/review_users/`, admin, { users: [], colour: 1 });
    expect(extra.statusCode).toBe(400);
    expect(await reviewersOf(id)).toEqual([reviewer.id]);
  });

  it('refuses changes once a rejection locked the reviewers', async () => {
    const id = await newRequest(5);
    await db().update(requests).set({ reviewersLocked: true }).where(eq(requests.id, id));
    const response = await call('PUT', `/api/request/${id}/review_users/`, admin, { users: [reviewer.id] });
    expect(response.statusCode).toBe(400);
    expect(errorBody(response).non_field_errors).toEqual([REQUEST_STAFF_MESSAGES.reviewersLocked]);
    expect(await reviewersOf(id)).toEqual([]);
  });

  it('asks to confirm removing a reviewer of a request under review (409), and removes with confirm', async () => {
    const id = await newRequest(3);
    await call('PUT', `/api/request/${id}/review_users/`, admin, { users: [reviewer.id, external.id] });
    const asked = await call('PUT', `/api/request/${id}/review_users/`, admin, { users: [external.id] });
    expect(asked.statusCode).toBe(409);
    expect(errorBody(asked).active_reviewers).toEqual([{ id: reviewer.id, display_name: 'Paula Reviewer' }]);
    expect(errorBody(asked).detail).toBe(REQUEST_STAFF_MESSAGES.activeReview('Paula Reviewer'));
    expect(await reviewersOf(id)).toHaveLength(2);

    // Adding needs no confirmation.
    const added = await call('PUT', `/api/request/${id}/review_users/`, admin, {
      users: [reviewer.id, external.id, internal.id],
    });
    expect(added.statusCode).toBe(200);

    const confirmed = await call('PUT', `/api/request/${id}/review_users/`, admin, {
      users: [external.id],
      confirm: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await reviewersOf(id)).toEqual([external.id]);
  });

  it('removes reviewers of a request that is not under review without asking', async () => {
    const id = await newRequest(2);
    await call('PUT', `/api/request/${id}/review_users/`, admin, { users: [reviewer.id] });
    const cleared = await call('PUT', `/api/request/${id}/review_users/`, admin, { users: [] });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().review_users).toEqual([]);
  });

  it('is for admins and project managers: reviewers and researchers get 403, an unknown request 404', async () => {
    const id = await newRequest();
    expect(
      (await call('PUT', `/api/request/${id}/review_users/`, manager, { users: [reviewer.id] })).statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', `/api/request/${id}/review_users/`, reviewer.token, { users: [] })).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', `/api/request/${id}/review_users/`, researcher.token, { users: [] })).statusCode,
    ).toBe(403);
    expect((await call('PUT', `/api/request/999999/review_users/`, admin, { users: [] })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/request/${id}/review_users/`, payload: { users: [] } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('reviewers see only their own assignments (staff §6)', () => {
  it('lists and opens assigned requests only, for portal and internal reviewers', async () => {
    const assigned = await newRequest();
    const other = await newRequest();
    await call('PUT', `/api/request/${assigned}/review_users/`, admin, { users: [reviewer.id, internal.id] });

    for (const token of [reviewer.token, internal.token]) {
      const list = await call('GET', '/api/request/?limit=1000', token);
      expect(list.statusCode, list.body).toBe(200);
      const ids = list.json().results.map((row: { id: number }) => row.id);
      expect(ids).toContain(assigned);
      expect(ids).not.toContain(other);
      expect(list.json().results.every((row: { id: number }) => ids.includes(row.id))).toBe(true);
      expect((await call('GET', `/api/request/${assigned}/`, token)).statusCode).toBe(200);
      expect((await call('GET', `/api/request/${other}/`, token)).statusCode).toBe(404);
    }
    // The count is of their assignments too.
    const counted = await call('GET', `/api/request/?limit=1`, reviewer.token);
    const all = await call('GET', '/api/request/?limit=1000', reviewer.token);
    expect(counted.json().count).toBe(all.json().results.length);
  });
});
