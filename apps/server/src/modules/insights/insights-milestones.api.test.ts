import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createRequest } from '../../db/factories';
import { requestMilestones } from '../../db/schema';
import { rebuildStatusStays } from '../../platform/status-stays';
import { auth, type TestContext } from '../../../test/test-app';
import { staysOf } from '../../../test/status-history';
import { createInsightsTest } from './insights.test-support';

/** The status stays and milestones each audited change keeps, against those derived from the history. */
let t: TestContext;
let admin: string;
let projectId: number;
beforeAll(async () => {
  ({ t, admin, projectId } = await createInsightsTest());
});
afterAll(() => t.close());

async function milestonesOf(requestId: number) {
  const [row] = await t.database.db
    .select()
    .from(requestMilestones)
    .where(eq(requestMilestones.requestId, requestId));
  const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;
  return {
    submitted: iso(row?.submittedAt),
    decided: iso(row?.decidedAt),
    approved: iso(row?.approvedAt),
    fulfilled: iso(row?.fulfilledAt),
  };
}

describe('request_status_stays and request_milestones', () => {
  it('kept by each audited change agree with the stays derived again from the history', async () => {
    const request = await createRequest(t.database.db, { projectId, typeId: 1, statusId: 2 });
    const decide = async (status: number) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/request/${request.id}/decision/`,
        headers: auth(admin),
        payload: { status },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await decide(3);
    await decide(6);
    await decide(5);
    const kept = await staysOf(t.database.db, request.id);
    expect(kept.map((stay) => [stay.status_id, stay.left_at === null])).toEqual([
      [2, false],
      [3, false],
      [6, false],
      [5, true],
    ]);
    const milestones = await milestonesOf(request.id);
    expect(milestones).toMatchObject({ submitted: kept[0]!.entered_at, decided: kept[2]!.entered_at });
    expect(milestones).toMatchObject({ approved: null, fulfilled: null });
    await rebuildStatusStays(t.database.db);
    expect(await staysOf(t.database.db, request.id)).toEqual(kept);
    expect(await milestonesOf(request.id)).toEqual(milestones);
  });
});
