import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { createUserCommand } from './create-user-command';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('CLI create-user', () => {
  it('creates a verified account that can sign in with the given roles, once per e-mail', async () => {
    const user = await createUserCommand(t.database.db, {
      email: 'first.admin@example.org',
      roles: ['superuser'],
      password: 'First-Admin-Pass-1!',
      firstName: 'First',
      lastName: 'Admin',
    });
    expect(user).toMatchObject({
      email: 'first.admin@example.org',
      verified: true,
      primaryRole: 'superuser',
    });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/api-token-auth/',
      payload: { email: 'first.admin@example.org', password: 'First-Admin-Pass-1!', agreed_to_terms: true },
    });
    expect(signIn.statusCode).toBe(200);
    await expect(
      createUserCommand(t.database.db, {
        email: 'FIRST.ADMIN@example.org',
        roles: ['superuser'],
        password: 'x',
      }),
    ).rejects.toThrow('already exists');
  });

  it('refuses a malformed e-mail', async () => {
    await expect(
      createUserCommand(t.database.db, { email: 'nope', roles: ['superuser'], password: 'x' }),
    ).rejects.toThrow();
  });
});
