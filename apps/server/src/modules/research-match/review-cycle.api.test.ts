import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  RESEARCH_MATCH_MESSAGES,
  REVIEW_MESSAGES,
  START_REVIEW_DUE_DATE_TOKEN,
  defaultReviewQuarter,
  quarterKey,
  todayIso,
  type ReviewCentreDto,
} from '@rrp/domain';
import {
  emailLogs,
  files,
  history,
  requestRenewals,
  requestReviewers,
  requests,
  requestSummaries,
  reviewConflicts,
  reviews,
} from '../../db/schema';
import { createProject, createRenewal, createRequest } from '../../db/factories';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';
import { startFakeSmtp } from '../../../test/fake-smtp';

/**
 * Research Match part 2 (issue 17): reviewer roles, conflicts of interest, scoring, Start Review,
 * the move to the review meeting, the meeting's averages and the report — each rule's success and
 * failure, and that bad input changes nothing.
 */

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
type Person = { id: number; email: string; token: string };
let admin: Person;
let rmAdmin: Person;
let primary: Person;
let secondary: Person;
let portalReviewer: Person;
let abnReviewer: Person;
let outsider: Person;
let researcher: Person;
let projectId: number;

const db = () => t.database.db;
const day = (offset: number) => todayIso(new Date(Date.now() + offset * 86_400_000));

async function person(roles: Parameters<TestContext['createUser']>[0]['roles'], firstName: string) {
  const user = await t.createUser({ roles, firstName, lastName: 'Tester' });
  return { ...user, token: await t.tokenFor(user.email) };
}

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
) => t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });

/** A submitted Research Match application with its summary, as part 1 leaves it. */
async function application(title: string, summary: Partial<typeof requestSummaries.$inferInsert> = {}) {
  const request = await createRequest(db(), {
    projectId,
    typeId: 4,
    statusId: 2,
    displayName: title,
    additionalData: {
      has_rm_flow: true,
      rm_application: { lay_title: `${title} for families`, lay_abstract: 'In plain words.' },
    },
  });
  await db()
    .insert(requestSummaries)
    .values({ requestId: request.id, scientificTitle: `${title} (scientific)`, ...summary });
  return request;
}

const emailDraft = {
  to: ['committee@example.test'],
  subject: 'Applications ready',
  body: `Please review by ${START_REVIEW_DUE_DATE_TOKEN}.`,
};

async function startReview(ids: number[], dueDate = day(14), token = admin.token) {
  return call('POST', '/api/research-match/start-review/', token, {
    requests: ids,
    due_date: dueDate,
    email: emailDraft,
  });
}

async function statusOf(id: number) {
  const [row] = await db().select({ status: requests.statusId }).from(requests).where(eq(requests.id, id));
  return row!.status;
}

async function assign(requestId: number, users: (object | number)[], token = admin.token) {
  return call('PUT', `/api/request/${requestId}/review_users/`, token, { users });
}

const scores = (value: number) =>
  Object.fromEntries(
    ['research', 'engagement', 'feasibility', 'alignment', 'scientific', 'community'].map((criterion) => [
      criterion,
      { score: value, strengths: `${criterion} strengths`, weaknesses: '' },
    ]),
  );

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestContext({ config: { SMTP_URL: smtp.url } });
  admin = await person(['portal_admin'], 'Ann');
  rmAdmin = await person(['rm_admin'], 'Rae');
  primary = await person(['internal_reviewer'], 'Priya');
  secondary = await person(['external_reviewer'], 'Sam');
  portalReviewer = await person(['portal_reviewer'], 'Pat');
  abnReviewer = await person(['abn_reviewer'], 'Abe');
  outsider = await person(['internal_reviewer'], 'Otto');
  researcher = await person(['primary_researcher'], 'Rita');
  projectId = (await createProject(db(), { ownerId: researcher.id, title: 'Sleep in autism' })).id;
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

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

describe('The review meeting page (staff §2.5, §9)', () => {
  it('averages each criterion to 2 decimals over the cycle’s reviews and totals them', async () => {
    const app = await application('Meeting');
    await assign(app.id, [
      { id: primary.id, reviewer_role: 1 },
      { id: secondary.id, reviewer_role: 2 },
      { id: portalReviewer.id, reviewer_role: 3 },
    ]);
    await startReview([app.id]);
    for (const reviewer of [primary, secondary, portalReviewer])
      await call('POST', '/api/conflict/', reviewer.token, { request: app.id, conflict_exists: false });
    await call('POST', '/api/review/', primary.token, { request: app.id, ...scores(5) });
    await call('POST', '/api/review/', secondary.token, {
      request: app.id,
      ...scores(4),
      community: { score: null },
    });
    await call('POST', '/api/review/', portalReviewer.token, { request: app.id, research: { score: 4 } });
    await call('POST', '/api/research-match/review-meeting/', admin.token, { requests: [app.id] });
    await call('PATCH', `/api/request/${app.id}/summary/`, admin.token, {
      meeting_notes: 'Discussed first.',
    });

    const response = await call('GET', `/api/request/${app.id}/review-meeting/`, admin.token);
    expect(response.statusCode, response.body).toBe(200);
    const meeting = response.json();
    // research: (5+4+4)/3 = 4.33; engagement…scientific: (5+4)/2 = 4.5; community: 5 (only one).
    expect(meeting.averages).toEqual({
      research: 4.33,
      engagement: 4.5,
      feasibility: 4.5,
      alignment: 4.5,
      scientific: 4.5,
      community: 5,
    });
    // The sum of the unrounded averages (13/3 + 4 × 4.5 + 5 = 27.33…).
    expect(meeting.total).toBe(27.33);
    expect(meeting.summary).toMatchObject({
      scientific_title: 'Meeting (scientific)',
      lay_title: 'Meeting for families',
      review_cycle: 1,
      meeting_notes: 'Discussed first.',
    });
    expect(meeting.reviews.map((review: { reviewer_role: number }) => review.reviewer_role)).toEqual([
      1, 2, 3,
    ]);
    expect(meeting.reviews[0]).toMatchObject({ total: 30, reviewer_decision: null, progress: 'Completed' });
    expect(meeting).toMatchObject({ can_edit_notes: true, can_decide: true });

    // Read-only staff see no meeting notes; reviewers do not see the meeting page.
    const lead = await t.tokenForRole('portal_admin_lead');
    const readOnly = (await call('GET', `/api/request/${app.id}/review-meeting/`, lead)).json();
    expect(readOnly.summary.meeting_notes).toBeUndefined();
    expect(readOnly.can_edit_notes).toBe(false);
    expect((await call('GET', `/api/request/${app.id}/review-meeting/`, primary.token)).statusCode).toBe(403);
  });

  it('shows "-" material: an application without scores has null averages and total', async () => {
    const app = await application('No scores');
    await startReview([app.id]);
    const meeting = (await call('GET', `/api/request/${app.id}/review-meeting/`, rmAdmin.token)).json();
    expect(Object.values(meeting.averages)).toEqual([null, null, null, null, null, null]);
    expect(meeting.total).toBeNull();
    expect(meeting.reviews).toEqual([]);
  });

  it("answers the spec's error for an application that never went into review", async () => {
    const app = await application('Never reviewed');
    const response = await call('GET', `/api/request/${app.id}/review-meeting/`, admin.token);
    expect(response.statusCode).toBe(404);
    expect(errorBody(response).detail).toBe(REVIEW_MESSAGES.meetingMissing);
    const dataset = await createRequest(db(), { projectId, typeId: 1, statusId: 3 });
    expect((await call('GET', `/api/request/${dataset.id}/review-meeting/`, admin.token)).statusCode).toBe(
      404,
    );
  });
});

describe('The research-match list (researcher §2 "Lists")', () => {
  it('filters by the summary’s keywords, categories, methods, region and review cycle', async () => {
    const tagged = await application('Tagged', {
      keywords: ['Sleep', 'Anxiety'],
      category: ['Medical and health'],
      studyType: ['Online Survey'],
      region: 'national',
    });
    const other = await application('Other tags', {
      keywords: ['Language'],
      category: ['Education'],
      studyType: ['In-clinic'],
      region: 'local',
    });
    const ids = async (query: string) =>
      (await call('GET', `/api/request/?type=4&limit=200&${query}`, admin.token))
        .json()
        .results.map((row: { id: number }) => row.id);
    expect(await ids('keywords=Sleep')).toEqual([tagged.id]);
    expect((await ids('keywords__in=Anxiety,Language')).sort()).toEqual([tagged.id, other.id].sort());
    expect(await ids('category=Education')).toEqual([other.id]);
    expect(await ids('methods=Online%20Survey')).toEqual([tagged.id]);
    expect(await ids('region=local')).toEqual([other.id]);
    expect(await ids(`review_cycle=0&id__in=${tagged.id},${other.id}`)).toHaveLength(2);
    const expanded = await call('GET', `/api/request/?id=${tagged.id}&expand=summary`, admin.token);
    expect(expanded.json().results[0].summary).toMatchObject({
      scientific_title: 'Tagged (scientific)',
      keywords: ['Sleep', 'Anxiety'],
      review_cycle: 0,
    });
  });
});

describe('GET rm_report_dispatch/ (staff §2.3, §7)', () => {
  it('e-mails the caller a CSV of the applications with their scores', async () => {
    const response = await call('GET', '/api/rm_report_dispatch/', rmAdmin.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ detail: REVIEW_MESSAGES.reportDispatched });
    const [log] = await db().select().from(emailLogs).where(eq(emailLogs.template, 'rm_report'));
    expect(log!.to).toEqual([rmAdmin.email]);
    expect(log!.attachmentFileIds).toHaveLength(1);
    const [file] = await db().select().from(files).where(eq(files.id, log!.attachmentFileIds[0]!));
    expect(file).toMatchObject({ contentType: 'text/csv', creatorId: rmAdmin.id, type: 'rm_report' });
    const csv = (await t.app.fileStorage.get(file!.storageKey)).toString('utf8');
    const [header, ...lines] = csv.split(/\r?\n/);
    expect(header).toContain('Research Average');
    expect(header).toContain('Total');
    const meetingLine = lines.find((line) => line.includes('Meeting (scientific)'))!;
    expect(meetingLine).toContain('4.33');
    expect(meetingLine).toContain('27.33');
    // Delivered with the attachment through the outbox.
    await t.app.outbox.deliverDue();
    const delivered = smtp.inbox.find((mail) => mail.to.includes(rmAdmin.email))!;
    expect(delivered.attachments).toEqual([
      expect.objectContaining({
        filename: `research-match-report-${todayIso()}.csv`,
        contentType: 'text/csv',
      }),
    ]);
    expect(delivered.attachments![0]!.content.toString('utf8')).toBe(csv);
    // Only Research Match administrators dispatch it; its file is the requester's alone.
    expect((await call('GET', '/api/rm_report_dispatch/', primary.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/file/${file!.id}/`, admin.token)).statusCode).toBe(404);
  });
});
