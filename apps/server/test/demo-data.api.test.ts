import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type { RequestDto, TurnaroundDto } from '@rrp/domain';
import { seedDemoData } from '../src/db/seed';
import { abnCarts, history, requests } from '../src/db/schema';
import { auth, createTestContext, type TestContext } from './test-app';

/**
 * The demo data shows the product (issue 30 item 10): the tissue request waiting for the ABN
 * reviewer has a collection with donors, and the demo requests' pasts span months, so Insights on
 * a new installation shows turnaround, stays and reviewer times that are not all "0 days".
 */
let t: TestContext;
const seed = () =>
  seedDemoData(t.database.db, t.config.demoPassword, t.app.demo.attachDefaultRda, t.app.demo.attachIrb);
const tokenOf = (email: string) => t.tokenFor(email, t.config.demoPassword);
beforeAll(async () => {
  t = await createTestContext();
  await seed();
});
afterAll(() => t.close());

describe('demo data', () => {
  it('gives the tissue request assigned to the ABN reviewer a collection with donors', async () => {
    const reviewer = await tokenOf('abn_reviewer@demo.test');
    const listed = await t.app.inject({ url: '/api/request/?type=8&status=2', headers: auth(reviewer) });
    expect(listed.statusCode, listed.body).toBe(200);
    const [tissue] = listed.json<{ results: RequestDto[] }>().results;
    expect(tissue?.owner.display_name).toBe('Tobias Applicant');
    const cartId = tissue!.additional_data.cart;
    expect(cartId).toEqual(expect.any(Number));

    const cart = await t.app.inject({ url: `/api/abn_cart/${cartId}/`, headers: auth(reviewer) });
    expect(cart.statusCode, cart.body).toBe(200);
    expect(cart.json()).toMatchObject({
      collection_name: 'Cerebellar vermis cases',
      identifiers: expect.any(Array),
    });
    expect(cart.json().identifiers).toHaveLength(5);
    const donors = await t.app.inject({ url: `/api/abn_data/?cart=${cartId}`, headers: auth(reviewer) });
    expect(donors.statusCode, donors.body).toBe(200);
    expect(donors.json().count).toBe(5);
  });

  it('shows non-zero turnaround, stays and reviewer times on Insights', async () => {
    const admin = await tokenOf('portal_admin@demo.test');
    const response = await t.app.inject({ url: '/api/insights/turnaround/', headers: auth(admin) });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<TurnaroundDto>();

    // Two first decisions in the last year: 12 and 38 days after their submissions.
    expect(report.submission_to_decision).toEqual({ count: 2, median_days: 25.3, p90_days: 35.6 });

    const stays = new Map(report.statuses.map((row) => [row.status_name, row]));
    for (const status of ['Created', 'Submitted', 'Under Review']) {
      expect(stays.get(status)?.median_days, status).toBeGreaterThan(1);
      expect(stays.get(status)!.p90_days!).toBeGreaterThan(stays.get(status)!.median_days!);
    }

    // The three reviewers of the application at the review meeting, slowest first.
    expect(report.reviewers.map((row) => [row.reviewer.full_name, row.median_days])).toEqual([
      ['Demo External Reviewer', 9.6],
      ['Demo Portal Reviewer', 8.1],
      ['Demo Research Match Internal Reviewer', 3.8],
    ]);

    // Open items have waited: the request sent back for revisions three weeks ago among them.
    const waiting = new Map(report.ageing.map((row) => [row.status_name, row]));
    expect(waiting.get('Revisions Requested')).toMatchObject({ open: 1, over_14_days: 1, over_30_days: 0 });
    expect(waiting.get('Submitted')!.over_30_days).toBe(1);
  });

  it("dates a request's history, submission and decision on the days it moved", async () => {
    const researcher = await tokenOf('primary_researcher@demo.test');
    const mine = await t.app.inject({ url: '/api/request/?status=6', headers: auth(researcher) });
    const [revisions] = mine.json<{ results: RequestDto[] }>().results;
    const daysBefore = (iso: string | null) => (Date.now() - Date.parse(iso!)) / 86_400_000;
    expect(daysBefore(revisions!.submission_date)).toBeCloseTo(58.2, 1);
    expect(daysBefore(revisions!.decision_date)).toBeCloseTo(20, 1);
    const versions = await t.database.db
      .select({ modified: history.modified, data: history.data })
      .from(history)
      .where(and(eq(history.model, 'request'), eq(history.objectId, String(revisions!.id))))
      .orderBy(history.version);
    const moves = versions.filter(
      (row, index) => index === 0 || row.data.statusId !== versions[index - 1]!.data.statusId,
    );
    expect(
      moves.map((row) => [row.data.statusId, Number(daysBefore(row.modified.toISOString()).toFixed(1))]),
    ).toEqual([
      [1, 63.5],
      [2, 58.2],
      [3, 51.7],
      [6, 20],
    ]);
  });

  it("shows the approved SPARK request on the staff's first page of requests, newest submission first", async () => {
    const admin = await tokenOf('portal_admin@demo.test');
    const ids = async (query: string) =>
      (await t.app.inject({ url: `/api/request/?${query}`, headers: auth(admin) }))
        .json<{ results: RequestDto[] }>()
        .results.map((row) => row.id);
    const firstPage = await ids('limit=10');
    const [approved] = await ids('status=4&type=1');
    expect(firstPage).toContain(approved);
  });

  it('is seeded once: a restart adds no request, history row or collection', async () => {
    const db = t.database.db;
    const counts = async () => ({
      requests: await db.$count(requests),
      history: (await db.select({ n: count() }).from(history))[0]!.n,
      carts: await db.$count(abnCarts),
    });
    const before = await counts();
    await seed();
    expect(await counts()).toEqual(before);
  });
});
