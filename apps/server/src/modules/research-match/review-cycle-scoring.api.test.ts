import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { REVIEW_MESSAGES, defaultReviewQuarter, quarterKey, type ReviewCentreDto } from '@rrp/domain';
import { history, requestReviewers, requests, reviewConflicts, reviews } from '../../db/schema';
import { errorBody } from '../../../test/test-app';
import {
  admin,
  primary,
  secondary,
  outsider,
  researcher,
  db,
  call,
  application,
  startReview,
  statusOf,
  assign,
  scores,
  useReviewCycleContext,
} from './review-cycle.fixtures';

useReviewCycleContext();

describe('Conflicts of interest and scoring (staff §4.3, §5)', () => {
  let app: { id: number; portalRequestId: string };
  let reviewId: number;

  beforeAll(async () => {
    app = await application('Scored');
    await assign(app.id, [
      { id: primary.id, reviewer_role: 1 },
      { id: secondary.id, reviewer_role: 2 },
    ]);
  });

  it('refuses scoring before review starts and before the conflict question is answered', async () => {
    const early = await call('POST', '/api/conflict/', secondary.token, {
      request: app.id,
      conflict_exists: false,
    });
    expect(early.statusCode, early.body).toBe(201);
    const beforeReview = await call('POST', '/api/review/', secondary.token, {
      request: app.id,
      ...scores(3),
    });
    expect(beforeReview.statusCode).toBe(400);
    expect(errorBody(beforeReview).non_field_errors).toEqual([REVIEW_MESSAGES.notUnderReview]);
    expect((await startReview([app.id])).statusCode).toBe(200);
    const unanswered = await call('POST', '/api/review/', primary.token, { request: app.id, ...scores(3) });
    expect(unanswered.statusCode).toBe(400);
    expect(errorBody(unanswered).non_field_errors).toEqual([REVIEW_MESSAGES.conflictFirst]);
    expect(await db().select().from(reviews).where(eq(reviews.requestId, app.id))).toHaveLength(0);
  });

  it('Yes needs an explanation; it takes the reviewer off the primary role and closes scoring', async () => {
    const bare = await call('POST', '/api/conflict/', primary.token, {
      request: app.id,
      conflict_exists: true,
    });
    expect(bare.statusCode).toBe(400);
    expect(errorBody(bare).explanation).toEqual([REVIEW_MESSAGES.explanationRequired]);
    const blank = await call('POST', '/api/conflict/', primary.token, {
      request: app.id,
      conflict_exists: true,
      explanation: '   ',
    });
    expect(blank.statusCode).toBe(400);
    expect(
      await db().select().from(reviewConflicts).where(eq(reviewConflicts.userId, primary.id)),
    ).toHaveLength(0);

    const declared = await call('POST', '/api/conflict/', primary.token, {
      request: app.id,
      conflict_exists: true,
      explanation: 'I co-authored with the applicant.',
    });
    expect(declared.statusCode, declared.body).toBe(201);
    expect(declared.json()).toMatchObject({
      conflict_exists: true,
      removed_as_primary: true,
      user: primary.id,
    });
    const [assignment] = await db()
      .select()
      .from(requestReviewers)
      .where(and(eq(requestReviewers.requestId, app.id), eq(requestReviewers.userId, primary.id)));
    expect(assignment!.reviewerRole).toBe(3);

    const scoring = await call('POST', '/api/review/', primary.token, { request: app.id, ...scores(4) });
    expect(scoring.statusCode).toBe(403);
    expect(errorBody(scoring).detail).toBe(REVIEW_MESSAGES.hasConflict);
    const withdraw = await call('POST', '/api/conflict/', primary.token, {
      request: app.id,
      conflict_exists: false,
    });
    expect(withdraw.statusCode).toBe(400);
    expect(errorBody(withdraw).conflict_exists).toEqual([REVIEW_MESSAGES.conflictWithdrawOnlyAdmin]);
    // They cannot be made primary again while the conflict stands.
    const back = await assign(app.id, [
      { id: primary.id, reviewer_role: 1 },
      { id: secondary.id, reviewer_role: 2 },
    ]);
    expect(back.statusCode).toBe(400);
    expect(errorBody(back).users).toEqual([REVIEW_MESSAGES.conflictedPrimary('Priya Tester')]);

    // Their request page says so, and closes the form.
    const page = (await call('GET', `/api/request/${app.id}/`, primary.token)).json();
    expect(page.my_review).toMatchObject({ conflict_exists: true, can_score: false, reviewer_role: 3 });
  });

  it('answers conflicts by user and request; one for each id; only the answerer and staff read them', async () => {
    const mine = await call(
      'GET',
      `/api/conflict/?request=${app.id}&user=${primary.id}&expand=user`,
      primary.token,
    );
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().results).toHaveLength(1);
    expect(mine.json().results[0].user).toEqual({ id: primary.id, display_name: 'Priya Tester' });
    const id = mine.json().results[0].id;
    expect((await call('GET', `/api/conflict/${id}/`, primary.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/conflict/${id}/`, secondary.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/conflict/?request=${app.id}`, secondary.token)).json().count).toBe(1);
    expect((await call('GET', `/api/conflict/?request=${app.id}`, admin.token)).json().count).toBe(2);
    expect((await call('DELETE', `/api/conflict/${id}/`, primary.token)).statusCode).toBe(403);
  });

  it('scores are whole numbers 1 to 5; a bad score stores nothing', async () => {
    for (const bad of [0, 6, 2.5, '3', -1]) {
      const response = await call('POST', '/api/review/', secondary.token, {
        request: app.id,
        research: { score: bad },
      });
      expect(response.statusCode, String(bad)).toBe(400);
      expect(errorBody(response).research).toEqual([REVIEW_MESSAGES.scoreRange]);
    }
    expect(await db().select().from(reviews).where(eq(reviews.requestId, app.id))).toHaveLength(0);
  });

  it('the assigned reviewer saves part of a review, then the rest (In Progress, then Completed)', async () => {
    const started = await call('POST', '/api/review/?expand=reviewer', secondary.token, {
      request: app.id,
      reviewer: secondary.id,
      reviewer_role: 2,
      research: { score: 4, strengths: 'Clear question' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const review = started.json();
    reviewId = review.id;
    expect(review).toMatchObject({
      request: app.id,
      reviewer: { id: secondary.id, display_name: 'Sam Tester' },
      reviewer_role: 2,
      cycle: 1,
      quarter: quarterKey(defaultReviewQuarter()),
      research: { score: 4, strengths: 'Clear question', weaknesses: '' },
      engagement: { score: null },
      progress: 'In Progress',
      editable: true,
      total: 4,
    });
    const again = await call('POST', '/api/review/', secondary.token, { request: app.id, ...scores(2) });
    expect(again.statusCode).toBe(400);
    expect(errorBody(again).non_field_errors).toEqual([REVIEW_MESSAGES.alreadyReviewing]);

    const rest = await call('PATCH', `/api/review/${reviewId}/`, secondary.token, {
      ...scores(3),
      research: { score: 5 },
      reviewer_decision: 'Conditionally Approve',
      build_merit: 'Yes',
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({
      research: { score: 5, strengths: 'Clear question' },
      community: { score: 3 },
      reviewer_decision: 'Conditionally Approve',
      build_merit: 'Yes',
      progress: 'Completed',
      total: 20,
    });
    const badPatch = await call('PATCH', `/api/review/${reviewId}/`, secondary.token, {
      feasibility: { score: 9 },
      reviewer_decision: 'Maybe',
    });
    expect(badPatch.statusCode).toBe(400);
    expect((await call('GET', `/api/review/${reviewId}/`, secondary.token)).json().feasibility.score).toBe(3);

    // Every save is audited.
    const audits = await db()
      .select()
      .from(history)
      .where(and(eq(history.model, 'review'), eq(history.objectId, String(reviewId))));
    expect(audits.map((row) => row.action)).toEqual(['create', 'update']);

    // The staff panel shows the reviewer's progress.
    const page = (await call('GET', `/api/request/${app.id}/`, admin.token)).json();
    const sam = page.review_users.find((user: { id: number }) => user.id === secondary.id);
    expect(sam).toMatchObject({ conflict_exists: false, progress: 'Completed' });
  });

  it('reviews are read by their author and by staff; others are refused', async () => {
    expect((await call('GET', `/api/review/${reviewId}/`, primary.token)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/review/${reviewId}/`, primary.token, scores(1))).statusCode).toBe(404);
    expect((await call('PATCH', `/api/review/${reviewId}/`, admin.token, scores(1))).statusCode).toBe(403);
    const staffList = await call(
      'GET',
      `/api/review/?request=${app.id}&req_type=4&expand=request`,
      admin.token,
    );
    expect(staffList.statusCode, staffList.body).toBe(200);
    expect(staffList.json().results[0].request).toMatchObject({ id: app.id, status: 3 });
    expect((await call('GET', `/api/review/?reviewer=${secondary.id}`, primary.token)).json().count).toBe(0);
    expect((await call('GET', '/api/review/', researcher.token)).statusCode).toBe(403);
    // A reviewer not assigned to the application does not see it.
    const stranger = await call('POST', '/api/review/', outsider.token, { request: app.id, ...scores(3) });
    expect(stranger.statusCode).toBe(404);
    const strangerConflict = await call('POST', '/api/conflict/', outsider.token, {
      request: app.id,
      conflict_exists: false,
    });
    expect(strangerConflict.statusCode).toBe(404);
    const forSomeoneElse = await call('POST', '/api/review/', secondary.token, {
      request: app.id,
      reviewer: primary.id,
    });
    expect(forSomeoneElse.statusCode).toBe(403);
  });

  it('the review centre counts the caller’s tabs; reviewers see only their assignments', async () => {
    const staff = (
      await call('GET', '/api/research-match/review-centre/', admin.token)
    ).json() as ReviewCentreDto;
    expect(staff.scope).toBe('all');
    expect(staff.tabs.map((tab) => tab.key)).toEqual(['new', 'review', 'meeting', 'decision', 'followup']);
    expect(staff.can_start_review).toBe(true);
    const reviewing = staff.tabs.find((tab) => tab.key === 'review')!;
    const [row] = await db()
      .select({ n: count() })
      .from(requests)
      .where(and(eq(requests.typeId, 4), eq(requests.statusId, 3)));
    expect(reviewing.count).toBe(row!.n);
    const own = (
      await call('GET', '/api/research-match/review-centre/', secondary.token)
    ).json() as ReviewCentreDto;
    expect(own).toMatchObject({ scope: 'own', can_start_review: false, can_dispatch_report: false });
    expect(own.tabs.map((tab) => tab.key)).toEqual(['review', 'revisions', 'approved']);
    expect(own.tabs[0]!.count).toBe(1);
    expect((await call('GET', '/api/research-match/review-centre/', researcher.token)).statusCode).toBe(403);
  });

  it('moves applications Under Review to the review meeting, all or none; scoring then closes', async () => {
    const fresh = await application('Not yet');
    const refused = await call('POST', '/api/research-match/review-meeting/', admin.token, {
      requests: [app.id, fresh.id],
    });
    expect(refused.statusCode).toBe(400);
    expect(errorBody(refused).requests).toEqual([
      REVIEW_MESSAGES.notUnderReviewToMove(fresh.portalRequestId),
    ]);
    expect(await statusOf(app.id)).toBe(3);
    expect(
      (await call('POST', '/api/research-match/review-meeting/', secondary.token, { requests: [app.id] }))
        .statusCode,
    ).toBe(403);

    const moved = await call('POST', '/api/research-match/review-meeting/', admin.token, {
      requests: [app.id],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({
      moved: [app.id],
      title: 'Appliation Moved Successfully',
      detail: 'The application has been moved to the review meeting.',
    });
    expect(await statusOf(app.id)).toBe(8);
    const late = await call('PATCH', `/api/review/${reviewId}/`, secondary.token, { research: { score: 1 } });
    expect(late.statusCode).toBe(400);
    expect(errorBody(late).non_field_errors).toEqual([REVIEW_MESSAGES.notUnderReview]);
    expect((await call('GET', `/api/review/${reviewId}/`, secondary.token)).json()).toMatchObject({
      editable: false,
      progress: 'Completed',
    });
  });
});
