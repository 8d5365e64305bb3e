import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateForm } from '@rrp/domain/forms';
import { FORM_DOCUMENTS } from '@rrp/domain/forms/definitions';
import type { RequestDto } from '@rrp/domain';
import { auth, createTestContext, type TestContext } from '../../test/test-app';
import { requests, samples } from './schema';
import { seedDemoData } from './seed';

/** The demo requests and sample inventory: enough to judge the request screens and the wizard. */
let t: TestContext;
let researcher: string;
beforeAll(async () => {
  t = await createTestContext();
  await seedDemoData(t.database.db, t.config.demoPassword, t.app.demo.attachDefaultRda, t.app.demo.attachIrb);
  researcher = await t.tokenFor('primary_researcher@demo.test', t.config.demoPassword);
});
afterAll(() => t.close());

describe('demo requests', () => {
  it('gives the demo researcher dataset and biospecimen requests in several statuses, seeded once', async () => {
    const response = await t.app.inject({ url: '/api/request/?limit=100', headers: auth(researcher) });
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json<{ results: RequestDto[] }>().results;
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set([1, 2, 3, 4, 6, 7]));
    expect(new Set(rows.map((row) => row.type))).toEqual(new Set([1, 2]));
    expect(rows.every((row) => row.display_name !== '')).toBe(true);
    expect(rows.every((row) => row.portal_request_id.match(/^R\d{5}$/))).toBe(true);
    const plasma = rows.find((row) => row.display_name === 'Plasma')!;
    expect(plasma.additional_data.samples).toEqual({ '11000-p1': 1, '11000-mo': 1 });
    expect(plasma.cohorts.length).toBeGreaterThan(0);

    const before = await t.database.db.$count(requests);
    const stock = await t.database.db.$count(samples);
    await seedDemoData(
      t.database.db,
      t.config.demoPassword,
      t.app.demo.attachDefaultRda,
      t.app.demo.attachIrb,
    );
    expect(await t.database.db.$count(requests)).toBe(before);
    expect(await t.database.db.$count(samples)).toBe(stock);
  });

  it("stores biospecimen answers the request's form accepts", async () => {
    const response = await t.app.inject({ url: '/api/request/?type=2&limit=100', headers: auth(researcher) });
    const rows = response.json<{ results: RequestDto[] }>().results;
    expect(rows.length).toBe(3);
    for (const row of rows) {
      const form = FORM_DOCUMENTS.find(
        (document) => (document as { id: string }).id === row.sample_type!.type,
      );
      const result = validateForm(form as Parameters<typeof validateForm>[0], {
        ...row.additional_data,
        samples: Object.keys(row.additional_data.samples as object),
      });
      expect(result.errors).toEqual({});
    }
  });

  it('answers validateSamples for the spec example ids', async () => {
    const types = await t.app.inject({ url: '/api/sample-type/?limit=100', headers: auth(researcher) });
    const plasma = types
      .json<{ results: { id: number; type: string }[] }>()
      .results.find((row) => row.type === 'plasma')!;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/validateSamples/',
      headers: auth(researcher),
      payload: { ids: '11000-p1, 11000-mo, 14710-x1', sample_type: plasma.id },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results.map((row: { availability: string }) => row.availability)).toEqual([
      'Available',
      'Limited',
      'Unavailable',
    ]);
  });
});
