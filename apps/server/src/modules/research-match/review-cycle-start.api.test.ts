import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  RESEARCH_MATCH_MESSAGES,
  REVIEW_MESSAGES,
  START_REVIEW_DUE_DATE_TOKEN,
  defaultReviewQuarter,
  quarterKey,
} from '@rrp/domain';
import { emailLogs, history, requestRenewals, requestReviewers, requestSummaries } from '../../db/schema';
import { createRenewal, createRequest } from '../../db/factories';
import { errorBody } from '../../../test/test-app';
import {
  admin,
  rmAdmin,
  primary,
  secondary,
  portalReviewer,
  abnReviewer,
  researcher,
  projectId,
  db,
  day,
  call,
  application,
  emailDraft,
  startReview,
  statusOf,
  assign,
  useReviewCycleContext,
} from './review-cycle.fixtures';

useReviewCycleContext();

describe('Start Review (staff §2.4, §4.3)', () => {
  it('lists the new applications and renewals with the e-mail draft; only for administrators', async () => {
    const fresh = await application('Start list');
    const response = await call('GET', '/api/research-match/start-review/', rmAdmin.token);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.applications.map((row: { id: number }) => row.id)).toContain(fresh.id);
    expect(body.email.body).toContain(START_REVIEW_DUE_DATE_TOKEN);
    // The committee: the Research Match reviewers.
    expect(body.email.to).toEqual(expect.arrayContaining([primary.email, secondary.email]));
    expect((await call('GET', '/api/research-match/start-review/', primary.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/research-match/start-review/', researcher.token)).statusCode).toBe(403);
  });

  it('refuses a missing or past due date, and applications that are not new, changing nothing', async () => {
    const fresh = await application('Bad start');
    const underReview = await createRequest(db(), { projectId, typeId: 4, statusId: 3 });
    const dataset = await createRequest(db(), { projectId, typeId: 1, statusId: 2 });
    const before = await db().select({ n: count() }).from(emailLogs);
    const cases: [object, string, string][] = [
      [
        { requests: [fresh.id], due_date: '', email: emailDraft },
        'due_date',
        REVIEW_MESSAGES.dueDateRequired,
      ],
      [{ requests: [fresh.id], email: emailDraft }, 'due_date', REVIEW_MESSAGES.dueDateRequired],
      [
        { requests: [fresh.id], due_date: day(-1), email: emailDraft },
        'due_date',
        RESEARCH_MATCH_MESSAGES.dueDatePast,
      ],
      [{ requests: [], due_date: day(3), email: emailDraft }, 'requests', REVIEW_MESSAGES.chooseApplications],
      [
        { requests: [fresh.id, underReview.id], due_date: day(3), email: emailDraft },
        'requests',
        REVIEW_MESSAGES.notNew(underReview.portalRequestId),
      ],
      [
        { requests: [dataset.id], due_date: day(3), email: emailDraft },
        'requests',
        REVIEW_MESSAGES.notNew(dataset.portalRequestId),
      ],
      [
        { requests: [fresh.id], due_date: day(3), email: { ...emailDraft, to: [] } },
        'email',
        'Add at least one recipient.',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call('POST', '/api/research-match/start-review/', admin.token, payload);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      const errors = errorBody(response);
      expect(Object.keys(errors), response.body).toContain(field);
      if (message) expect(errors[field]).toEqual([message]);
    }
    expect(await statusOf(fresh.id)).toBe(2);
    expect(await db().select({ n: count() }).from(emailLogs)).toEqual(before);
  });

  it('moves each to Under Review, sets the due date at 12:00 and the review cycle, then e-mails', async () => {
    const first = await application('Start one');
    const renewed = await application('Start renewal');
    const renewal = await createRenewal(db(), { requestId: renewed.id, statusId: 2 });
    const due = day(20);
    const response = await startReview([first.id, renewed.id], due);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ moved: [first.id, renewed.id], due_date: `${due}T12:00:00.000Z` });
    for (const id of [first.id, renewed.id]) {
      expect(await statusOf(id)).toBe(3);
      const [summary] = await db().select().from(requestSummaries).where(eq(requestSummaries.requestId, id));
      expect(summary!.dueDate!.toISOString()).toBe(`${due}T12:00:00.000Z`);
      expect(summary!.reviewCycle).toBe(1);
      expect(summary!.reviewQuarter).toBe(quarterKey(defaultReviewQuarter()));
    }
    // The renewal that brought the application back is under review with it.
    const [renewalRow] = await db().select().from(requestRenewals).where(eq(requestRenewals.id, renewal.id));
    expect(renewalRow!.statusId).toBe(3);
    // The due date's change is audited.
    const audits = await db()
      .select()
      .from(history)
      .where(and(eq(history.model, 'request_summary'), eq(history.objectId, String(first.id))));
    expect(audits.some((row) => row.changedFields.includes('dueDate'))).toBe(true);
    const [log] = await db().select().from(emailLogs).where(eq(emailLogs.template, 'rm_start_review'));
    expect(log!.to).toEqual(['committee@example.test']);
    expect(log!.text).not.toContain(START_REVIEW_DUE_DATE_TOKEN);
    expect(log!.objectIds).toEqual([first.id, renewed.id]);
    // Nothing left to start: the list is empty for those two.
    const list = (await call('GET', '/api/research-match/start-review/', admin.token)).json();
    expect(list.applications.map((row: { id: number }) => row.id)).not.toContain(first.id);
  });
});

describe('Reviewer roles on a Research Match application (staff §3 review_users, reviewer_role)', () => {
  it('assigns reviewers with roles, one primary, from the Research Match reviewer groups only', async () => {
    const app = await application('Roles');
    const ok = await assign(app.id, [
      { id: primary.id, reviewer_role: 1 },
      { id: secondary.id, reviewer_role: 2 },
      portalReviewer.id,
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    const byId = new Map(ok.json().review_users.map((user: { id: number }) => [user.id, user]));
    expect(byId.get(primary.id)).toMatchObject({ reviewer_role: 1, reviewer_role_name: 'Primary Reviewer' });
    expect(byId.get(secondary.id)).toMatchObject({
      reviewer_role: 2,
      reviewer_role_name: 'Secondary Reviewer',
    });
    expect(byId.get(portalReviewer.id)).toMatchObject({
      reviewer_role: 3,
      conflict_exists: null,
      progress: 'New',
    });

    // A plain id keeps the role; swapping the primary in one call is allowed.
    const swapped = await assign(app.id, [
      { id: primary.id, reviewer_role: 2 },
      { id: secondary.id, reviewer_role: 1 },
      portalReviewer.id,
    ]);
    expect(swapped.statusCode, swapped.body).toBe(200);
    const roles = await db()
      .select({ user: requestReviewers.userId, role: requestReviewers.reviewerRole })
      .from(requestReviewers)
      .where(eq(requestReviewers.requestId, app.id));
    expect(new Map(roles.map((row) => [row.user, row.role]))).toEqual(
      new Map([
        [primary.id, 2],
        [secondary.id, 1],
        [portalReviewer.id, 3],
      ]),
    );

    const twoPrimaries = await assign(app.id, [
      { id: primary.id, reviewer_role: 1 },
      { id: secondary.id, reviewer_role: 1 },
    ]);
    expect(twoPrimaries.statusCode).toBe(400);
    expect(errorBody(twoPrimaries).users).toEqual([REVIEW_MESSAGES.onePrimary]);
    const tissueReviewer = await assign(app.id, [{ id: abnReviewer.id, reviewer_role: 2 }]);
    expect(tissueReviewer.statusCode).toBe(400);
    expect(errorBody(tissueReviewer).users).toEqual([REVIEW_MESSAGES.notRmReviewer('Abe Tester')]);
    const badRole = await assign(app.id, [{ id: primary.id, reviewer_role: 4 }]);
    expect(badRole.statusCode).toBe(400);
    // Nothing changed by the refused calls.
    const after = await db().select().from(requestReviewers).where(eq(requestReviewers.requestId, app.id));
    expect(after).toHaveLength(3);
    // Research Match administrators assign reviewers too.
    expect((await assign(app.id, [{ id: primary.id, reviewer_role: 1 }], rmAdmin.token)).statusCode).toBe(
      200,
    );
  });

  it('the review delete action removes a reviewer in a role, asking first while Under Review', async () => {
    const app = await application('Delete action');
    await assign(app.id, [
      { id: primary.id, reviewer_role: 1 },
      { id: secondary.id, reviewer_role: 2 },
    ]);
    const wrongRole = await call('POST', '/api/review/delete/', admin.token, {
      request: app.id,
      reviewer: secondary.id,
      role: 1,
    });
    expect(wrongRole.statusCode).toBe(400);
    expect(errorBody(wrongRole).reviewer).toEqual([REVIEW_MESSAGES.notAssignedWithRole]);
    expect((await startReview([app.id])).statusCode).toBe(200);
    const unconfirmed = await call('POST', '/api/review/delete/', admin.token, {
      request: app.id,
      reviewer: secondary.id,
      role: 2,
    });
    expect(unconfirmed.statusCode).toBe(409);
    const confirmed = await call('POST', '/api/review/delete/', admin.token, {
      request: app.id,
      reviewer: secondary.id,
      role: 2,
      confirm: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().review_users.map((user: { id: number }) => user.id)).toEqual([primary.id]);
    expect(
      (await call('POST', '/api/review/delete/', secondary.token, { request: app.id, reviewer: primary.id }))
        .statusCode,
    ).toBe(403);
  });
});
