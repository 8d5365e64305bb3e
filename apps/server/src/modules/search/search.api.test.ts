import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstitution } from '../../db/factories';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await createInstitution(t.database.db, { name: 'Riverbend Institute of Science', ein: '11-1111111' });
});
afterAll(() => t.close());

const search = async (q: string, role: Parameters<TestContext['tokenForRole']>[0]) =>
  t.app.inject({ url: `/api/search/?q=${encodeURIComponent(q)}`, headers: auth(await t.tokenForRole(role)) });

describe('GET /api/search/', () => {
  it('finds institutions by name or EIN for staff, with the model to open', async () => {
    const byName = await search('riverbend', 'portal_admin');
    expect(byName.json().results).toEqual([
      { id: expect.any(Number), display_name: 'Riverbend Institute of Science', model: 'institution' },
    ]);
    expect((await search('11-1111111', 'internal_read_only')).json().results).toHaveLength(1);
  });

  it('shows a role only what it may read', async () => {
    // The tissue project manager may search, but not read institutions.
    expect((await search('riverbend', 'abn_proj_mgr')).json().results).toEqual([]);
  });

  it('needs two characters, and is not for researchers', async () => {
    expect(errorBody(await search('r', 'portal_admin'))).toMatchObject({
      q: ['Enter at least 2 characters.'],
    });
    expect((await search('riverbend', 'primary_researcher')).statusCode).toBe(403);
  });
});
