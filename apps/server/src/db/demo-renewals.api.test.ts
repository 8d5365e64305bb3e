import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestDto } from '@rrp/domain';
import { auth, createTestContext, type TestContext } from '../../test/test-app';
import { seedDemoData } from './seed';

let t: TestContext;
let researcher: string;
const seed = () =>
  seedDemoData(t.database.db, t.config.demoPassword, t.app.demo.attachDefaultRda, t.app.demo.attachIrb);

beforeAll(async () => {
  t = await createTestContext();
  await seed();
  researcher = await t.tokenFor('primary_researcher@demo.test', t.config.demoPassword);
});
afterAll(() => t.close());

describe('demo request due for renewal', () => {
  it('gives the demo researcher one fulfilled request expiring within six months, seeded once', async () => {
    const window = new Date(Date.now() + 180 * 86_400_000).toISOString().slice(0, 10);
    const list = async () =>
      (
        await t.app.inject({
          url: `/api/request/?status=7&expiration_date__lte=${window}`,
          headers: auth(researcher),
        })
      ).json<{ results: RequestDto[] }>().results;
    const rows = await list();
    expect(rows.map((row) => row.display_name)).toEqual(['LCL']);
    expect(rows[0]!.type).toBe(2);
    const days = (new Date(rows[0]!.expiration_date!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(44);
    expect(days).toBeLessThanOrEqual(45);
    await seed();
    expect(await list()).toHaveLength(1);
  });
});
