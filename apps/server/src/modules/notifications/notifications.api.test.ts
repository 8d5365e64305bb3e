import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { NOTIFICATION_MESSAGES, type NotificationDto } from '@rrp/domain';
import { groups, notifications, userGroups, users } from '../../db/schema';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';

let t: TestContext;
let admin: string;
let superuser: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenForRole('portal_admin');
  superuser = await t.tokenForRole('superuser');
});
afterAll(() => t.close());

interface Person {
  id: number;
  email: string;
  token: string;
}
async function person(role: 'primary_researcher' | 'sbso' = 'primary_researcher'): Promise<Person> {
  const user = await t.createUser({ roles: [role] });
  return { ...user, token: await t.tokenFor(user.email) };
}

const send = (payload: object, token = admin) =>
  t.app.inject({ method: 'POST', url: '/api/notification/', headers: auth(token), payload });
const bell = async (token: string): Promise<NotificationDto[]> =>
  (await t.app.inject({ url: '/api/notification/', headers: auth(token) })).json().results;
const notificationCount = async () => (await t.database.db.select().from(notifications)).length;

describe('staff notifications (POST notification/ with recipients)', () => {
  it('notifies a group of a release, as the spec sends it; each member sees it in their bell', async () => {
    const [first, second] = [await person(), await person()];
    const official = await person('sbso');
    const sent = await send({
      recipient_groups: ['primary_researcher'],
      task_name: 'release_note',
      fields: { version: '2.4.0' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [{ researchers }] = (await t.database.db
      .select({ researchers: count() })
      .from(userGroups)
      .innerJoin(groups, eq(groups.id, userGroups.groupId))
      .innerJoin(users, eq(users.id, userGroups.userId))
      .where(and(eq(groups.name, 'primary_researcher'), eq(users.isActive, true)))) as [
      { researchers: number },
    ];
    expect(sent.json()).toEqual({ id: expect.any(Number), recipients: researchers });

    for (const member of [first, second]) {
      expect(await bell(member.token)).toEqual([
        {
          id: expect.any(Number),
          message: 'Release 2.4.0 is available',
          redirect: '/release-notes',
          task_name: 'release_note',
          created: expect.any(String),
        },
      ]);
    }
    expect(await bell(official.token)).toEqual([]);
  });

  it('notifies users by id (a list or one id) and groups, each person once', async () => {
    const [named, alsoInGroup] = [await person(), await person('sbso')];
    const sent = await send(
      {
        recipient_id: [named.id, alsoInGroup.id],
        recipient_groups: ['sbso'],
        task_name: 'message',
        fields: { message: 'The portal is down for maintenance on Saturday.', redirect: '/request' },
      },
      superuser,
    );
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await bell(named.token)).toEqual([
      expect.objectContaining({
        message: 'The portal is down for maintenance on Saturday.',
        redirect: '/request',
        task_name: 'message',
      }),
    ]);
    expect(await bell(alsoInGroup.token)).toHaveLength(1);

    const single = await send({
      recipient_id: named.id,
      task_name: 'release_note',
      fields: { version: '3' },
    });
    expect(single.json()).toEqual({ id: expect.any(Number), recipients: 1 });
  });

  it('lists, reads and deletes a notification for its recipient only', async () => {
    const [recipient, other] = [await person(), await person()];
    const { id } = (
      await send({ recipient_id: [recipient.id], task_name: 'release_note', fields: { version: '1.0' } })
    ).json();
    const read = (token: string) => t.app.inject({ url: `/api/notification/${id}/`, headers: auth(token) });
    const remove = (token: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/notification/${id}/`, headers: auth(token) });
    expect((await read(recipient.token)).json()).toMatchObject({ id, message: 'Release 1.0 is available' });
    expect(await bell(other.token)).toEqual([]);
    expect((await read(other.token)).statusCode).toBe(404);
    expect((await remove(other.token)).statusCode).toBe(404);
    // Not even the sender reads or clears someone else's bell.
    expect((await read(admin)).statusCode).toBe(404);
    expect((await remove(recipient.token)).statusCode).toBe(204);
    expect((await read(recipient.token)).statusCode).toBe(404);
  });

  it('leaves sending to staff who may: a researcher is refused', async () => {
    const researcher = await person();
    const before = await notificationCount();
    const refused = await send(
      { recipient_groups: ['primary_researcher'], task_name: 'release_note', fields: { version: '9.9' } },
      researcher.token,
    );
    expect(refused.statusCode).toBe(403);
    expect(await notificationCount()).toBe(before);
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const researcher = await person();
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, researcher.id));
    const before = await notificationCount();
    const release = { task_name: 'release_note', fields: { version: '2.0' } };

    expect(errorBody(await send(release))).toMatchObject({
      recipient_id: [NOTIFICATION_MESSAGES.noRecipients],
    });
    expect(
      errorBody(await send({ ...release, recipient_groups: ['primary_researcher', 'astronauts'] })),
    ).toMatchObject({ recipient_groups: [NOTIFICATION_MESSAGES.unknownGroups(['astronauts'])] });
    expect(errorBody(await send({ ...release, recipient_id: [researcher.id, 2_000_000] }))).toMatchObject({
      recipient_id: [NOTIFICATION_MESSAGES.unknownUsers([researcher.id, 2_000_000])],
    });
    expect(
      errorBody(await send({ recipient_id: [1], task_name: 'release_note', fields: { version: '2.x' } })),
    ).toMatchObject({ fields: [NOTIFICATION_MESSAGES.releaseVersion] });
    expect(
      errorBody(
        await send({
          recipient_id: [1],
          task_name: 'message',
          fields: { message: 'Go', redirect: '//evil.example/' },
        }),
      ),
    ).toMatchObject({ fields: [NOTIFICATION_MESSAGES.inAppPath] });
    expect((await send({ recipient_id: [1], task_name: 'launch_rockets', fields: {} })).statusCode).toBe(400);
    expect(
      (await send({ ...release, recipient_id: [1], fields: { version: '2.0', extra: true } })).statusCode,
    ).toBe(400);
    expect(await notificationCount()).toBe(before);
  });
});

describe('error reports (POST notification/ with task_name error_report)', () => {
  it('files an error report for support staff, listed in their bell and clearable only by them', async () => {
    const support = await t.createUser({ roles: ['superuser'] });
    const supportToken = await t.tokenFor(support.email);
    const reporter = await t.tokenForRole('primary_researcher');
    const filed = await send(
      { task_name: 'error_report', fields: { notes: 'The page froze', error_api_url: '/api/x/' } },
      reporter,
    );
    expect(filed.statusCode).toBe(201);
    expect(filed.json()).toEqual({ id: expect.any(Number), recipients: expect.any(Number) });
    const report = (await bell(supportToken)).find((n) => n.task_name === 'error_report')!;
    expect(report.message).toMatch(/^Error report from /);

    expect(await bell(reporter)).toEqual([]);
    const stranger = await t.app.inject({
      method: 'DELETE',
      url: `/api/notification/${report.id}/`,
      headers: auth(reporter),
    });
    expect(stranger.statusCode).toBe(404);
    const cleared = await t.app.inject({
      method: 'DELETE',
      url: `/api/notification/${report.id}/`,
      headers: auth(supportToken),
    });
    expect(cleared.statusCode).toBe(204);
  });

  it('validates the report', async () => {
    const reporter = await t.tokenForRole('primary_researcher');
    expect((await send({ task_name: 'error_report', fields: { unknown: 'x' } }, reporter)).statusCode).toBe(
      400,
    );
  });
});
