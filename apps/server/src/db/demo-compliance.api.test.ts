import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import type { InstitutionComplianceDto } from '@rrp/domain';
import { auth, createTestContext, type TestContext } from '../../test/test-app';
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

describe('compliance demo data', () => {
  it('shows institutions in each of the three compliance statuses', async () => {
    const response = await t.app.inject({
      url: '/api/institution-compliance/?limit=100',
      headers: auth(admin),
    });
    const byName = new Map(
      response.json<{ results: InstitutionComplianceDto[] }>().results.map((row) => [row.display_name, row]),
    );
    const expected: Record<string, string> = {
      'Demo University': 'Compliant',
      'Riverside University': 'Compliant',
      'Northfield College': 'Review Due',
      'Bayview Health Institute': 'Review Due',
      'Lakeshore Institute of Technology': 'Non-Compliant',
      'Hillcrest School of Medicine': 'Non-Compliant',
    };
    for (const [name, status] of Object.entries(expected)) {
      expect(byName.get(name)?.compliance_status_name, name).toBe(status);
    }
    expect(byName.get('Lakeshore Institute of Technology')).toMatchObject({
      requestCount: 2,
      current_io: { full_name: 'Leon Shaw', email: 'lakeshore.official@demo.test' },
    });
  });

  it('lets the demo officials sign in, and seeds them once', async () => {
    await t.tokenFor('hillcrest.official@demo.test', t.config.demoPassword);
    await seedDemoData(t.database.db, t.config.demoPassword, t.app.demo.attachDefaultRda);
    const rows = await t.database.db
      .select({ id: institutions.id })
      .from(institutions)
      .where(like(institutions.name, 'Riverside%'));
    expect(rows).toHaveLength(1);
  });
});
