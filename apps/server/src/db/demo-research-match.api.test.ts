import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestDto, ReviewCentreDto } from '@rrp/domain';
import { auth, createTestContext, type TestContext } from '../../test/test-app';
import { requests, reviews } from './schema';
import { seedDemoData } from './seed';

/** The Research Match demo: the review cycle at work for a new administrator or reviewer. */
let t: TestContext;
const seed = () =>
  seedDemoData(t.database.db, t.config.demoPassword, t.app.demo.attachDefaultRda, t.app.demo.attachIrb);
const token = (email: string) => t.tokenFor(email, t.config.demoPassword);
const get = async <T>(url: string, as: string) => {
  const response = await t.app.inject({ url, headers: auth(as) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

beforeAll(async () => {
  t = await createTestContext();
  await seed();
});
afterAll(() => t.close());

describe('demo Research Match applications', () => {
  it('fill the review centre: one new, one under review, one at the review meeting; seeded once', async () => {
    const admin = await token('portal_admin@demo.test');
    const centre = await get<ReviewCentreDto>('/api/research-match/review-centre/', admin);
    const count = (key: string) => centre.tabs.find((tab) => tab.key === key)!.count;
    expect([count('new'), count('review'), count('meeting')]).toEqual([1, 1, 1]);

    const before = [await t.database.db.$count(requests), await t.database.db.$count(reviews)];
    await seed();
    expect([await t.database.db.$count(requests), await t.database.db.$count(reviews)]).toEqual(before);
  });

  it('give the internal reviewer a primary assignment with a partial review, ready to continue', async () => {
    const reviewer = await token('internal_reviewer@demo.test');
    const page = await get<{ results: RequestDto[] }>('/api/request/?type=4&status=3', reviewer);
    expect(page.results).toHaveLength(1);
    expect(page.results[0]!.my_review).toMatchObject({
      reviewer_role: 1,
      conflict_exists: false,
      progress: 'In Progress',
      can_score: true,
    });
    // The external reviewer has still to answer the conflict question.
    const external = await token('external_reviewer@demo.test');
    const theirs = await get<{ results: RequestDto[] }>('/api/request/?type=4&status=3', external);
    expect(theirs.results[0]!.my_review).toMatchObject({ conflict_exists: null, progress: 'New' });
  });

  it('show the meeting page with three complete reviews, their averages and total', async () => {
    const admin = await token('portal_admin@demo.test');
    const list = await get<{ results: RequestDto[] }>('/api/request/?type=4&status=8', admin);
    const meeting = await get<{
      reviews: { progress: string }[];
      averages: Record<string, number | null>;
      total: number;
    }>(`/api/request/${list.results[0]!.id}/review-meeting/`, admin);
    expect(meeting.reviews.map((review) => review.progress)).toEqual(['Completed', 'Completed', 'Completed']);
    // The applicant's team is complete: approving it gives Approved, not Approved (Pending Team).
    const decisions = await get<{ team: { complete: boolean }; options: { status: number }[] }>(
      `/api/request/${list.results[0]!.id}/decisions/`,
      admin,
    );
    expect(decisions.team.complete).toBe(true);
    expect(decisions.options.map((option) => option.status)).toEqual(expect.arrayContaining([4, 10]));
    expect(Object.values(meeting.averages).every((value) => typeof value === 'number')).toBe(true);
    // The total sums the unrounded averages; the rounded ones shown add up to within 0.03 of it.
    expect(meeting.total).toBeCloseTo(
      Object.values(meeting.averages).reduce<number>((sum, value) => sum + (value ?? 0), 0),
      1,
    );
  });
});
