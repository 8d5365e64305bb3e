import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COHORTS, type DatasetDto, type PublicResearcherDto } from '@rrp/domain';
import { auth, createTestContext, type TestContext } from '../../test/test-app';
import { eq } from 'drizzle-orm';
import { datasets, users } from './schema';
import { seedDemoData } from './seed';

/** The demo catalogue: enough datasets, versions and an approved request to judge the screens. */
let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  await seedDemoData(t.database.db, t.config.demoPassword, t.app.demo.attachDefaultRda, t.app.demo.attachIrb);
  admin = await t.tokenFor('portal_admin@demo.test', t.config.demoPassword);
});
afterAll(() => t.close());

describe('demo catalogue', () => {
  it('has tens of datasets across the five cohorts and three types, some with versions', async () => {
    const response = await t.app.inject({
      url: '/api/dataset/?active=true&limit=1000',
      headers: auth(admin),
    });
    const rows = response.json<{ count: number; results: DatasetDto[] }>().results;
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(new Set(rows.map((row) => row.cohort_name).filter(Boolean))).toEqual(new Set(COHORTS));
    expect(new Set(rows.map((row) => row.type))).toEqual(new Set([1, 2, 3]));
    expect(new Set(rows.map((row) => row.origin))).toEqual(new Set([1, 2, 3]));
    expect(rows.filter((row) => row.version > 1).length).toBeGreaterThanOrEqual(3);
    expect(rows.some((row) => !row.available)).toBe(true);
  });

  it("shows the demo researcher's approved datasets and public page, and seeds once", async () => {
    const researcher = await t.tokenFor('primary_researcher@demo.test', t.config.demoPassword);
    const approved = await t.app.inject({
      url: '/api/dataset/?approved=true&active=true',
      headers: auth(researcher),
    });
    expect(
      approved
        .json<{ results: DatasetDto[] }>()
        .results.map((row) => row.name)
        .sort(),
    ).toEqual(['SPARK Phenotype Dataset', 'SPARK Whole Exome Sequencing']);
    const [demo] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'primary_researcher@demo.test'));
    const people = await t.app.inject({ url: '/api/public/user/?limit=100' });
    expect(people.json<{ results: PublicResearcherDto[] }>().results.map((row) => row.id)).toContain(
      demo!.id,
    );
    const profile = await t.app.inject({ url: `/api/public/user/${demo!.id}/` });
    expect(profile.json().projects[0].datasets).toHaveLength(2);
    const access = await t.app.inject({ url: '/api/datasetaccess/?expand=dataset', headers: auth(admin) });
    expect(access.json().count).toBe(2);

    const before = await t.database.db.$count(datasets);
    await seedDemoData(
      t.database.db,
      t.config.demoPassword,
      t.app.demo.attachDefaultRda,
      t.app.demo.attachIrb,
    );
    expect(await t.database.db.$count(datasets)).toBe(before);
  });
});
