import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, mayAdministerAccount, mayGrantRole, ROLE_KEYS, type Actor, type RoleKey } from '@rrp/domain';
import { auth, createTestContext, type TestContext } from './test-app';

/** Walks user creation, identity edits and acting as another account for every pair of roles. */
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('permission walk over the grant matrix (issue 29)', () => {
  it('creates, changes the identity of and acts as an account of each role as the grant matrix says', async () => {
    const targets = new Map<RoleKey, { id: number; email: string }>();
    for (const role of ROLE_KEYS) targets.set(role, await t.createUser({ roles: [role] }));
    const mismatches: string[] = [];
    let sent = 0;
    const send = (method: 'POST' | 'PATCH', url: string, token: string | null, payload: object) => {
      const remoteAddress = `10.51.${(sent >> 8) & 255}.${(sent += 1) & 255}`;
      return t.app.inject({ method, url, headers: token ? auth(token) : {}, payload, remoteAddress });
    };
    const check = (what: string, expected: number[], { statusCode }: { statusCode: number }) =>
      expected.includes(statusCode) || mismatches.push(`${what}: expected ${expected}, got ${statusCode}`);
    // Each granter signs in afresh, as a user holding that one role.
    const signIn = async (role: RoleKey) => {
      const user = await t.createUser({ roles: [role] });
      return {
        actor: { userId: user.id, role, roles: [role] } satisfies Actor,
        token: await t.tokenFor(user.email),
      };
    };
    const superuser = (await signIn('superuser')).token;
    for (const granter of ROLE_KEYS) {
      const { actor, token } = await signIn(granter);
      for (const role of ROLE_KEYS) {
        const target = targets.get(role)!;
        const email = `walk-${granter}-${role}@example.test`;
        const created = await send('POST', '/api/user/', token, {
          first_name: 'W',
          last_name: 'G',
          email,
          groups: [role],
        });
        const createAnswer = !can(actor, 'create', 'User') ? 403 : mayGrantRole(granter, role) ? 201 : 400;
        check(`${granter} creates ${role}`, [createAnswer], created);
        const mayEdit = mayAdministerAccount(granter, [role]);
        const editAnswer = can(actor, 'update', 'User') ? [mayEdit ? 200 : 403] : [403, 404];
        for (const body of [{ email: `walk-${granter}-${role}-new@example.test` }, { active: false }]) {
          const edited = await send('PATCH', `/api/user/${target.id}/`, token, body);
          check(`${granter} edits ${role} ${Object.keys(body)[0]}`, editAnswer, edited);
          if (edited.statusCode === 200 && 'active' in body)
            await send('PATCH', `/api/user/${target.id}/`, superuser, { active: true });
        }
        const actedAs = await send('POST', '/api/api-token-auth/', null, { email: target.email, token });
        // Nobody acts as a superuser or administrator lead (decision 012), whatever they may grant.
        const mayActAs = mayEdit && role !== 'superuser' && role !== 'portal_admin_lead';
        const impersonates = can(actor, 'create', 'Impersonation');
        check(`${granter} acts as ${role}`, [!impersonates ? 403 : mayActAs ? 200 : 400], actedAs);
      }
    }
    expect(mismatches).toEqual([]);
  }, 180_000);
});
