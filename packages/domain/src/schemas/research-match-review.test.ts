import { describe, expect, it } from 'vitest';
import { can } from '../permissions/can';
import { ROLE_KEYS, type RoleKey } from '../constants/roles';
import { decisionOptions, resolveDecision, WORKFLOW_STATUS as S } from '../workflows/transitions';
import {
  conflictInputSchema,
  createReviewSchema,
  formatAverage,
  REVIEW_MESSAGES,
  reviewProgress,
  updateReviewSchema,
} from './research-match-review';
import { startReviewInputSchema, START_REVIEW_DUE_DATE_TOKEN } from './research-match-review-cycle';
import { reviewUsersInputSchema } from './request-staff';

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('the Research Match flow walked from application to approval (staff §4.2, §4.3)', () => {
  // Each step: from, the decision asked, what it becomes (team complete).
  const walk: [number, number, number][] = [
    [S.submitted, S.underReview, S.underReview], // Start Review
    [S.underReview, S.reviewMeeting, S.reviewMeeting], // Close and Move to Review Meeting
    [S.reviewMeeting, S.conditionallyApproved, S.conditionallyApproved],
    [S.conditionallyApproved, S.approved, S.approved],
  ];
  it.each(walk)('%i --%i--> %i', (from, to, expected) => {
    const result = resolveDecision({ flow: 'research_match', from, to, teamComplete: true });
    expect(result).toMatchObject({ ok: true, status: expected });
  });

  it('approving with an incomplete team lands on Approved (Pending Team), which is approved later', () => {
    expect(
      resolveDecision({
        flow: 'research_match',
        from: S.conditionallyApproved,
        to: S.approved,
        teamComplete: false,
      }),
    ).toMatchObject({ ok: true, status: S.approvedPendingTeam });
    expect(decisionOptions('research_match', S.approvedPendingTeam, true).map((o) => o.status)).toEqual([
      S.approved,
      S.rejected,
    ]);
  });

  const refused: [number, number][] = [
    [S.submitted, S.reviewMeeting], // a new application goes through review first
    [S.submitted, S.approved],
    [S.underReview, S.approved], // decisions are made at the meeting
    [S.reviewMeeting, S.underReview],
    [S.conditionallyApproved, S.conditionallyApproved],
    [S.approved, S.rejected],
  ];
  it.each(refused)('%i cannot become %i', (from, to) => {
    expect(resolveDecision({ flow: 'research_match', from, to, teamComplete: true }).ok).toBe(false);
  });

  it('the decisions at the meeting send their e-mail (staff §4.2)', () => {
    const options = decisionOptions('research_match', S.reviewMeeting, true);
    expect(Object.fromEntries(options.map((o) => [o.status, o.email]))).toEqual({
      [S.rejected]: 'required',
      [S.approved]: 'required',
      [S.conditionallyApproved]: 'required',
      [S.withdrawn]: 'optional',
      [S.deferred]: 'required',
    });
  });
});

describe('review progress (staff §4.3)', () => {
  const blank = { scores: [null, null, null, null, null, null], recommended: false, anythingElse: false };
  it('New without a review or anything in it, In Progress once something is given', () => {
    expect(reviewProgress(3, null)).toBe('New');
    expect(reviewProgress(3, blank)).toBe('New');
    expect(reviewProgress(3, { ...blank, anythingElse: true })).toBe('In Progress');
    expect(reviewProgress(3, { ...blank, scores: [4, null, null, null, null, null] })).toBe('In Progress');
    expect(reviewProgress(3, { ...blank, scores: [4, 4, 4, 4, 4, 4] })).toBe('In Progress');
  });
  it('Completed with every score and the recommendation, or once the application left review', () => {
    expect(reviewProgress(3, { ...blank, scores: [4, 4, 4, 4, 4, 4], recommended: true })).toBe('Completed');
    for (const status of [4, 5, 8, 9, 10]) expect(reviewProgress(status, null)).toBe('Completed');
    expect(reviewProgress(2, null)).toBe('New');
  });
});

describe('averages as the meeting shows them (staff §9)', () => {
  it("2 decimals, or '-' when nobody scored", () => {
    expect(formatAverage(4.333)).toBe('4.33');
    expect(formatAverage(5)).toBe('5.00');
    expect(formatAverage(null)).toBe('-');
    expect(formatAverage(undefined)).toBe('-');
  });
});

describe('review and conflict input', () => {
  it('scores are whole numbers from 1 to 5 (or null to clear)', () => {
    for (const bad of [0, 6, 2.5, '3', -1, true])
      expect(issues(updateReviewSchema.safeParse({ research: { score: bad } }))).toEqual([
        ['research.score', REVIEW_MESSAGES.scoreRange],
      ]);
    for (const good of [1, 3, 5, null])
      expect(updateReviewSchema.safeParse({ research: { score: good } }).success).toBe(true);
    expect(createReviewSchema.safeParse({ request: 1, unknown_block: {} }).success).toBe(false);
    expect(issues(updateReviewSchema.safeParse({ reviewer_decision: 'Maybe' }))[0]![0]).toBe(
      'reviewer_decision',
    );
  });

  it('Yes needs an explanation; No does not', () => {
    expect(issues(conflictInputSchema.safeParse({ request: 1, conflict_exists: true }))).toEqual([
      ['explanation', REVIEW_MESSAGES.explanationRequired],
    ]);
    expect(
      issues(conflictInputSchema.safeParse({ request: 1, conflict_exists: true, explanation: '  ' })),
    ).toEqual([['explanation', REVIEW_MESSAGES.explanationRequired]]);
    expect(conflictInputSchema.safeParse({ request: 1, conflict_exists: false }).success).toBe(true);
    expect(issues(conflictInputSchema.safeParse({ request: 1 }))).toEqual([
      ['conflict_exists', REVIEW_MESSAGES.conflictAnswerRequired],
    ]);
  });

  it('reviewers are ids or ids with a role 1–3', () => {
    expect(reviewUsersInputSchema.safeParse({ users: [1, { id: 2, reviewer_role: 1 }] }).success).toBe(true);
    expect(reviewUsersInputSchema.safeParse({ users: [{ id: 2, reviewer_role: 4 }] }).success).toBe(false);
  });

  it('Start Review needs applications, a due date and an e-mail with recipients', () => {
    const email = { to: 'a@example.test', subject: 'S', body: `By ${START_REVIEW_DUE_DATE_TOKEN}` };
    expect(startReviewInputSchema.safeParse({ requests: [1], due_date: '2099-01-02', email }).success).toBe(
      true,
    );
    expect(issues(startReviewInputSchema.safeParse({ requests: [1], due_date: '', email }))).toEqual([
      ['due_date', REVIEW_MESSAGES.dueDateRequired],
    ]);
    expect(issues(startReviewInputSchema.safeParse({ requests: [], due_date: '2099-01-02', email }))).toEqual(
      [['requests', REVIEW_MESSAGES.chooseApplications]],
    );
  });
});

describe('who does what in the review cycle (the permission table)', () => {
  const actor = (role: RoleKey) => ({ userId: 7, role, roles: [role] });
  const who = (action: Parameters<typeof can>[1], subject: Parameters<typeof can>[2], object?: object) =>
    ROLE_KEYS.filter((role) => can(actor(role), action, subject, object)).sort();

  it('administrators start review, move to the meeting, read the meeting and send the report', () => {
    expect(who('review', 'ReviewCycle')).toEqual(['portal_admin', 'rm_admin']);
    expect(who('create', 'ResearchMatchReport')).toEqual(['portal_admin', 'rm_admin']);
    expect(who('read', 'ReviewMeeting')).toEqual([
      'internal_read_only',
      'portal_admin',
      'portal_admin_lead',
      'rm_admin',
    ]);
  });

  it('only an assigned reviewer without a conflict scores, on their own review', () => {
    const scorers = ['external_reviewer', 'internal_reviewer', 'portal_reviewer'];
    expect(who('create', 'Review', { reviewerIds: [7], conflictedIds: [], authorId: 7 })).toEqual(scorers);
    expect(who('create', 'Review', { reviewerIds: [7], conflictedIds: [7], authorId: 7 })).toEqual([]);
    expect(who('create', 'Review', { reviewerIds: [], conflictedIds: [], authorId: 7 })).toEqual([]);
    expect(who('update', 'Review', { reviewerIds: [7], conflictedIds: [], authorId: 8 })).toEqual([]);
    expect(who('create', 'ReviewConflict', { reviewerIds: [7] })).toEqual(scorers);
    expect(who('delete', 'ReviewConflict', { authorId: 7 })).toEqual(['portal_admin', 'rm_admin']);
  });
});
