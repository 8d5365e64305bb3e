import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RESEARCH_MATCH_CRITERIA, WORKFLOW_STATUS, type ReviewerWorkloadDetail } from '@rrp/domain';
import { requestReviewers, requestStatusStays, reviews } from '../../db/schema';
import { createProject, createRequest } from '../../db/factories';
import { auth, createTestContext, type TestContext } from '../../../test/test-app';

/**
 * When a Research Match review started (platform/research-match-reviews.ts), as the reviewer
 * workload and the turnaround insights read it: a request that went through Under Review twice.
 */
let t: TestContext;
let admin: string;
let projectId: number;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenForRole('portal_admin');
  const owner = await t.createUser({ roles: ['primary_researcher'] });
  projectId = (await createProject(t.database.db, { ownerId: owner.id, title: 'Twice reviewed' })).id;
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth(admin) });

describe("a Research Match review's turnaround", () => {
  const DAY = 86_400_000;
  const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
  const S = WORKFLOW_STATUS;

  /**
   * A request assigned `assignedAgo` days ago whose stays are `stays` ([status, entered, left] in
   * days ago), with the reviewer's complete review last saved `savedAgo` days ago.
   */
  async function reviewed(
    reviewerId: number,
    assignedAgo: number,
    stays: [number, number, number | null][],
    savedAgo: number,
  ) {
    const request = await createRequest(t.database.db, { projectId: projectId, typeId: 4 });
    await t.database.db.delete(requestStatusStays).where(eq(requestStatusStays.requestId, request.id));
    await t.database.db.insert(requestStatusStays).values(
      stays.map(([statusId, entered, left], index) => ({
        requestId: request.id,
        typeId: 4,
        statusId,
        enteredAt: daysAgo(entered),
        leftAt: left === null ? null : daysAgo(left),
        version: index + 1,
      })),
    );
    await t.database.db
      .insert(requestReviewers)
      .values({ requestId: request.id, userId: reviewerId, reviewerRole: 1, created: daysAgo(assignedAgo) });
    await t.database.db.insert(reviews).values({
      requestId: request.id,
      reviewerId,
      reviewerRole: 1,
      quarter: '2026-Q3',
      ...Object.fromEntries(RESEARCH_MATCH_CRITERIA.map((name) => [`${name}Score`, 3])),
      reviewerDecision: 'Defer',
      modified: daysAgo(savedAgo),
    });
  }

  it('starts at the last entry into Under Review before the save, not an earlier or a later one', async () => {
    const reviewer = (
      await t.createUser({ roles: ['external_reviewer'], firstName: 'Eve', lastName: 'Twice' })
    ).id;
    // Under Review twice before the save (30 and 12 days ago): 12 - 8 = 4 days, not 22 or 32.
    await reviewed(
      reviewer,
      40,
      [
        [S.submitted, 45, 30],
        [S.underReview, 30, 25],
        [S.submitted, 25, 12],
        [S.underReview, 12, 9],
        [S.reviewMeeting, 9, null],
      ],
      8,
    );
    // Under Review again after the save (5 days ago), which is not this review's start: 18 - 16 = 2.
    await reviewed(
      reviewer,
      20,
      [
        [S.underReview, 18, 15],
        [S.submitted, 15, 5],
        [S.underReview, 5, null],
      ],
      16,
    );
    const response = await get(`/api/reviewer-workload/${reviewer}/`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ReviewerWorkloadDetail>()).toMatchObject({
      completed_last_year: 2,
      median_days_to_complete: 3,
    });
    // The turnaround insights read the same rule (p90 of 2 and 4 days: 3.8).
    const day = (date: Date) => date.toISOString().slice(0, 10);
    const insights = await get(
      `/api/insights/turnaround/?from=${day(daysAgo(60))}&to=${day(new Date())}&type=4`,
    );
    expect(insights.statusCode, insights.body).toBe(200);
    expect(insights.json<{ reviewers: unknown[] }>().reviewers).toContainEqual({
      reviewer: { id: reviewer, full_name: 'Eve Twice' },
      count: 2,
      median_days: 3,
      p90_days: 3.8,
    });
  });
});
