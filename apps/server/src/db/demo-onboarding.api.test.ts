import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { InstitutionDto } from '@rrp/domain';
import { auth, createTestContext, type TestContext } from '../../test/test-app';
import { DEMO_ONBOARDING } from './demo-onboarding';
import { institutions } from './schema';
import { seedDemoData } from './seed';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  await seedDemoData(t.database.db, t.config.demoPassword, t.app.demo.attachDefaultRda);
  admin = await t.tokenFor('portal_admin@demo.test', t.config.demoPassword);
});
afterAll(() => t.close());

const names = async (query: string) =>
  (await t.app.inject({ url: `/api/institution/?${query}&limit=100`, headers: auth(admin) }))
    .json<{ results: InstitutionDto[] }>()
    .results.map((institution) => institution.name);

describe('onboarding demo data (decision 131)', () => {
  it("gives the command centre's Institutions and RDAs tabs work to show a new administrator", async () => {
    // The tabs' default filters: institutions Pending SBSO, Under Review, Follow Up; RDAs waiting.
    expect(await names('status__in=1,2,5')).toContain(DEMO_ONBOARDING.underReview.name);
    const waiting = await names('rda_status__in=1,2');
    expect(waiting).toEqual(
      expect.arrayContaining([DEMO_ONBOARDING.underReview.name, DEMO_ONBOARDING.awaitingExecution.name]),
    );
    const summit = (
      await t.app.inject({ url: '/api/institution/?rda_status=2&limit=100', headers: auth(admin) })
    )
      .json<{ results: InstitutionDto[] }>()
      .results.find((institution) => institution.name === DEMO_ONBOARDING.awaitingExecution.name);
    expect(summit).toMatchObject({ status: 3, rda_status: 2 });
  });

  it('lets their officials and the waiting researcher sign in, and seeds them once', async () => {
    for (const email of [
      DEMO_ONBOARDING.underReview.official.email,
      DEMO_ONBOARDING.underReview.researcher.email,
      DEMO_ONBOARDING.awaitingExecution.official.email,
    ])
      await t.tokenFor(email, t.config.demoPassword);
    await seedDemoData(t.database.db, t.config.demoPassword, t.app.demo.attachDefaultRda);
    const rows = await t.database.db
      .select({ id: institutions.id })
      .from(institutions)
      .where(eq(institutions.name, DEMO_ONBOARDING.underReview.name));
    expect(rows).toHaveLength(1);
  });
});
