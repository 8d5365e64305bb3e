import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { featureToggles, history } from '../../db/schema';
import { recordHistory } from '../../platform/history';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';

let t: TestContext;
let superuser: string;
let superuserId: number;
beforeAll(async () => {
  t = await createTestContext();
  const user = await t.createUser({ roles: ['superuser'], firstName: 'Sam', lastName: 'Super' });
  superuserId = user.id;
  superuser = await t.tokenFor(user.email);
});
afterAll(() => t.close());

const toggle = (id: number, enabled: boolean) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/feature-toggle/${id}/`,
    headers: auth(superuser),
    payload: { enabled },
  });
const historyOf = (query: string, token = superuser) =>
  t.app.inject({ url: `/api/history/?${query}`, headers: auth(token) });

describe('history', () => {
  it('writes a versioned row per change, newest first, with the modifier expanded on request', async () => {
    await toggle(1, true);
    await toggle(1, false);
    const response = await historyOf('pk=1&model=feature-toggle&expand=modifier');
    expect(response.statusCode).toBe(200);
    const { count, results } = response.json();
    expect(count).toBe(2);
    expect(results.map((r: { version: number }) => r.version)).toEqual([2, 1]);
    expect(results[0]).toMatchObject({
      model: 'feature-toggle',
      object_id: '1',
      action: 'update',
      changed_fields: ['enabled'],
      data: { id: 1, featureCode: 'abn_epic', enabled: false },
      modifier: { id: superuserId, full_name: 'Sam Super', email: expect.any(String) },
    });
    const plain = (await historyOf('pk=1&model=feature-toggle')).json();
    expect(plain.results[0].modifier).toBe(superuserId);
  });

  it('writes nothing for a change that changes nothing', async () => {
    await toggle(2, false);
    expect((await historyOf('pk=2&model=feature-toggle')).json().count).toBe(0);
  });

  it('records creations, and keeps secrets out of the stored version', async () => {
    const user = await t.createUser({ roles: ['primary_researcher'] });
    const { results } = (await historyOf(`pk=${user.id}&model=user`)).json();
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ action: 'create', version: 1 });
    expect(results[0].changed_fields).toContain('email');
    expect(JSON.stringify(results[0])).not.toMatch(/password|argon2/i);
  });

  it('rolls back with the change it records', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.update(featureToggles).set({ enabled: true }).where(eq(featureToggles.id, 2));
        await recordHistory(tx, {
          model: 'feature-toggle',
          objectId: 2,
          action: 'update',
          before: { enabled: false },
          after: { enabled: true },
          by: null,
        });
        throw new Error('the change fails after its history row');
      }),
    ).rejects.toThrow('the change fails');
    const rows = await t.database.db
      .select()
      .from(history)
      .where(and(eq(history.model, 'feature-toggle'), eq(history.objectId, '2')));
    expect(rows).toHaveLength(0);
    const [row] = await t.database.db.select().from(featureToggles).where(eq(featureToggles.id, 2));
    expect(row?.enabled).toBe(false);
  });

  it('requires pk and model', async () => {
    const response = await historyOf('model=user');
    expect(response.statusCode).toBe(400);
    expect(errorBody(response)).toMatchObject({ pk: ['Required field'] });
  });

  it('is not open to researchers', async () => {
    const response = await historyOf('pk=1&model=feature-toggle', await t.tokenForRole('primary_researcher'));
    expect(response.statusCode).toBe(403);
  });
});
