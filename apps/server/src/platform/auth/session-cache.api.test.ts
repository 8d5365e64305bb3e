import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { groups, userGroups, users } from '../../db/schema';
import { openPostgres, type Database } from '../db/database';
import { DB_CHANNELS, LISTENER_APPLICATION_NAME } from '../db/notifications';
import { auth, createTestContext, type TestContext } from '../../../test/test-app';

/**
 * The session users an instance keeps (issue 32): a change made through the instance counts on the
 * very next call, one made elsewhere (another instance, the CLI, SQL) once its notification arrives.
 * On the PostgreSQL pass "elsewhere" is a second connection pool, as another process would have.
 */
let t: TestContext;
let elsewhere: Database;

beforeAll(async () => {
  t = await createTestContext();
  elsewhere = t.database.url ? await openPostgres(t.database.url, { poolSize: 2 }) : t.database;
});
afterAll(async () => {
  if (elsewhere !== t.database) await elsewhere.close();
  await t.close();
});

const me = (token: string, role?: string) =>
  t.app.inject({ url: `/api/user/me/${role ? `?role=${role}` : ''}`, headers: auth(token) });

async function signedIn(roles: Parameters<TestContext['createUser']>[0]['roles']) {
  const user = await t.createUser({ roles });
  const token = await t.tokenFor(user.email);
  expect((await me(token)).statusCode).toBe(200);
  return { ...user, token };
}

/** Polls until `check` holds: a notification from another connection arrives when it arrives. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not seen in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A write the triggers do not hear, as if its notification were still on its way. */
async function unheard(statement: ReturnType<typeof sql>): Promise<void> {
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

describe('session users through this instance', () => {
  it('refuses a deactivated user and re-scopes a user whose role was removed on the next call', async () => {
    const admin = await signedIn(['access_admin']);
    const researcher = await signedIn(['primary_researcher', 'pi_sbso']);
    expect((await me(researcher.token, 'pi_sbso')).statusCode).toBe(200);

    const patch = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/user/${researcher.id}/`,
        headers: auth(admin.token),
        payload,
      });
    expect((await patch({ groups: ['primary_researcher'] })).statusCode).toBe(200);
    expect((await me(researcher.token, 'pi_sbso')).statusCode).toBe(403);
    expect((await me(researcher.token)).json().roles).toEqual(['primary_researcher']);

    expect((await patch({ active: false })).statusCode).toBe(200);
    expect((await me(researcher.token)).statusCode).toBe(401);
  });

  it('refuses the token after logout on the next call', async () => {
    const user = await signedIn(['primary_researcher']);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout/', headers: auth(user.token) });
    expect(out.statusCode).toBe(204);
    expect((await me(user.token)).statusCode).toBe(401);
  });

  it('keeps a user it has read: a change no trigger told of is not seen until it is notified', async () => {
    const user = await signedIn(['primary_researcher']);
    await unheard(sql`update users set is_active = false where id = ${user.id}`);
    // Served from the cache: the database was not asked again.
    expect((await me(user.token)).statusCode).toBe(200);
    await t.database.db.execute(sql`select pg_notify(${DB_CHANNELS.sessionUser}, ${String(user.id)})`);
    await eventually(async () => (await me(user.token)).statusCode === 401);
  });

  it('forgets every user when a role group changes', async () => {
    const user = await signedIn(['primary_researcher']);
    await unheard(sql`update users set token_version = token_version + 1 where id = ${user.id}`);
    expect((await me(user.token)).statusCode).toBe(200);
    // A renamed (here: named again) group may change anyone's roles.
    await t.database.db.execute(sql`update groups set name = name where name = 'pi_sbso'`);
    await eventually(async () => (await me(user.token)).statusCode === 401);
  });
});

describe('session users changed elsewhere', () => {
  it('sees a deactivation, a new token version and a removed role once notified', async () => {
    const [deactivated, revoked, demoted] = await Promise.all([
      signedIn(['primary_researcher']),
      signedIn(['primary_researcher']),
      signedIn(['primary_researcher', 'pi_sbso']),
    ]);
    const db = elsewhere.db;
    await db.update(users).set({ isActive: false }).where(eq(users.id, deactivated.id));
    await db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, revoked.id));
    const [piGroup] = await db.select().from(groups).where(eq(groups.name, 'pi_sbso'));
    await db
      .delete(userGroups)
      .where(and(eq(userGroups.userId, demoted.id), eq(userGroups.groupId, piGroup!.id)));

    await eventually(async () => (await me(deactivated.token)).statusCode === 401);
    await eventually(async () => (await me(revoked.token)).statusCode === 401);
    await eventually(async () => (await me(demoted.token, 'pi_sbso')).statusCode === 403);
  });

  it('sees a role granted and a primary role set once notified', async () => {
    const user = await signedIn(['primary_researcher']);
    const db = elsewhere.db;
    const [piGroup] = await db.select().from(groups).where(eq(groups.name, 'pi_sbso'));
    await db.insert(userGroups).values({ userId: user.id, groupId: piGroup!.id });
    await eventually(async () => (await me(user.token, 'pi_sbso')).statusCode === 200);
    await db.update(users).set({ primaryRole: 'pi_sbso' }).where(eq(users.id, user.id));
    await eventually(async () => (await me(user.token)).json().primary_role === 'pi_sbso');
  });
});

// PGlite has no listening connection to lose: its notifications come with its statements.
const onPostgres = process.env.TEST_DB === 'postgres' ? describe : () => undefined;
onPostgres('the listening connection (PostgreSQL)', () => {
  it('keeps no user while it is down, and listens again', async () => {
    const user = await signedIn(['primary_researcher']);
    const [piGroup] = await t.database.db.select().from(groups).where(eq(groups.name, 'pi_sbso'));
    let isPi = false;
    /** Gives or takes pi_sbso without a notification; true when GET user/me/ shows the change. */
    const toggleSeen = async () => {
      isPi = !isPi;
      await unheard(
        isPi
          ? sql`insert into user_groups (user_id, group_id) values (${user.id}, ${piGroup!.id})`
          : sql`delete from user_groups where user_id = ${user.id} and group_id = ${piGroup!.id}`,
      );
      return (await me(user.token)).json().roles.includes('pi_sbso') === isPi;
    };
    await t.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`,
    );
    // Until it listens again, every call reads the user: nothing said meanwhile can be missed.
    await eventually(toggleSeen);
    // Listening again, it keeps users again.
    await eventually(async () => !(await toggleSeen()));
  });
});
