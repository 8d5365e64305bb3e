import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { RELEASE_NOTE_MESSAGES, type NotificationDto, type ReleaseNoteDto } from '@rrp/domain';
import { history, notifications, releaseNotes, users } from '../../db/schema';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';

let t: TestContext;
let superuser: string;
let researcher: string;
let admin: string;

beforeAll(async () => {
  t = await createTestContext();
  superuser = await t.tokenForRole('superuser');
  researcher = await t.tokenForRole('primary_researcher');
  admin = await t.tokenForRole('portal_admin');
});
afterAll(() => t.close());

const create = (payload: object, token = superuser) =>
  t.app.inject({ method: 'POST', url: '/api/release_note/', headers: auth(token), payload });
const patch = (id: number, payload: object, token = superuser) =>
  t.app.inject({ method: 'PATCH', url: `/api/release_note/${id}/`, headers: auth(token), payload });
const get = (url: string, token: string | null) => t.app.inject({ url, headers: token ? auth(token) : {} });
const noteCount = async () => (await t.database.db.select({ n: count() }).from(releaseNotes))[0]!.n;
const bell = async (token: string): Promise<NotificationDto[]> =>
  (await get('/api/notification/', token)).json().results;
const releaseNotifications = async () =>
  (
    await t.database.db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.taskName, 'release_note'))
  )[0]!.n;

describe('POST release_note/', () => {
  it('creates a draft with the spec’s payload, its text sanitised, audited', async () => {
    const response = await create({
      version: '3.1',
      text: '<p>New <strong>search</strong></p><script>alert(1)</script><img src=x onerror=alert(1)>',
      released: false,
    });
    expect(response.statusCode, response.body).toBe(201);
    const note = response.json<ReleaseNoteDto>();
    expect(note).toMatchObject({
      version: '3.1',
      text: '<p>New <strong>search</strong></p>',
      released: false,
      released_at: null,
      permissions: ['list', 'read', 'create', 'update', 'delete'],
    });
    const [audit] = await t.database.db
      .select()
      .from(history)
      .where(and(eq(history.model, 'release_note'), eq(history.objectId, String(note.id))));
    expect(audit).toMatchObject({ action: 'create', version: 1 });
  });

  it("refuses a missing version ('Required'), letters and more than 10 characters, saving nothing", async () => {
    const before = await noteCount();
    const cases: [object, string][] = [
      [{ text: '<p>x</p>' }, RELEASE_NOTE_MESSAGES.required],
      [{ version: '' }, RELEASE_NOTE_MESSAGES.required],
      [{ version: '2.0beta' }, RELEASE_NOTE_MESSAGES.versionFormat],
      [{ version: 'v2' }, RELEASE_NOTE_MESSAGES.versionFormat],
      [{ version: '1.2.3.4.5.6' }, RELEASE_NOTE_MESSAGES.versionTooLong],
    ];
    for (const [payload, message] of cases) {
      const response = await create(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorBody(response).version).toEqual([message]);
    }
    expect(await noteCount()).toBe(before);
  });

  it('refuses a version another note has', async () => {
    expect((await create({ version: '4.0' })).statusCode).toBe(201);
    const twice = await create({ version: '4.0', text: 'again' });
    expect(twice.statusCode).toBe(400);
    expect(errorBody(twice).version).toEqual([RELEASE_NOTE_MESSAGES.versionTaken]);
  });

  it('is for superusers only', async () => {
    expect((await create({ version: '9.1' }, admin)).statusCode).toBe(403);
    expect((await create({ version: '9.1' }, researcher)).statusCode).toBe(403);
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/release_note/',
      payload: { version: '9.1' },
    });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('releasing', () => {
  it('releases a draft, notifies every group once per person, and shows it to researchers', async () => {
    const draft = (await create({ version: '5.0', text: '<p>Five</p>' })).json<ReleaseNoteDto>();
    // A draft is the superusers' alone: researchers neither list nor open it.
    expect((await get(`/api/release_note/${draft.id}/`, researcher)).statusCode).toBe(404);
    const listed = (await get('/api/release_note/', researcher)).json<{ results: ReleaseNoteDto[] }>();
    expect(listed.results.map((note) => note.version)).not.toContain('5.0');

    const inactive = await t.createUser({ roles: ['primary_researcher'] });
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, inactive.id));
    const twoRoles = await t.createUser({ roles: ['portal_admin', 'superuser'] });
    const notifiedBefore = await releaseNotifications();

    const released = await patch(draft.id, { released: true });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({ released: true, released_at: expect.any(String) });

    const [{ people }] = (await t.database.db
      .select({ people: count() })
      .from(users)
      .where(eq(users.isActive, true))) as [{ people: number }];
    // Every active user holds a role here, so everyone active is told once; the inactive one is not.
    expect((await releaseNotifications()) - notifiedBefore).toBe(people);
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.taskName, 'release_note'), eq(notifications.recipientId, twoRoles.id)));
    expect(rows).toHaveLength(1);
    expect(
      await t.database.db.select().from(notifications).where(eq(notifications.recipientId, inactive.id)),
    ).toEqual([]);
    expect((await bell(researcher))[0]).toMatchObject({
      message: 'Release 5.0 is available',
      redirect: '/release-notes',
      task_name: 'release_note',
    });

    const seen = await get(`/api/release_note/${draft.id}/`, researcher);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ version: '5.0', text: '<p>Five</p>', permissions: ['list', 'read'] });
  });

  it('notifies again neither on a second release nor on an edit of a released note', async () => {
    const note = (await create({ version: '5.1', released: true })).json<ReleaseNoteDto>();
    expect(note.released).toBe(true);
    const after = await releaseNotifications();
    expect((await patch(note.id, { released: true, text: '<p>Fixed a typo</p>' })).statusCode).toBe(200);
    expect(await releaseNotifications()).toBe(after);
  });

  it('never goes back to draft', async () => {
    const note = (await create({ version: '5.2', released: true })).json<ReleaseNoteDto>();
    const back = await patch(note.id, { released: false });
    expect(back.statusCode).toBe(400);
    expect(errorBody(back).released).toEqual([RELEASE_NOTE_MESSAGES.cannotUnrelease]);
  });
});

describe('PATCH release_note/{id}/', () => {
  it('edits the version and the text, audited, and refuses a bad version leaving the note as it was', async () => {
    const note = (await create({ version: '6.0', text: '<p>Six</p>' })).json<ReleaseNoteDto>();
    const edited = await patch(note.id, { version: '6.0.1', text: '<p>Six <em>and a bit</em></p>' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ version: '6.0.1', text: '<p>Six <em>and a bit</em></p>' });
    const bad = await patch(note.id, { version: '6.x', text: '<p>changed</p>' });
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad).version).toEqual([RELEASE_NOTE_MESSAGES.versionFormat]);
    expect((await get(`/api/release_note/${note.id}/`, superuser)).json()).toMatchObject({
      version: '6.0.1',
      text: '<p>Six <em>and a bit</em></p>',
    });
    const versions = await t.database.db
      .select({ action: history.action })
      .from(history)
      .where(and(eq(history.model, 'release_note'), eq(history.objectId, String(note.id))));
    expect(versions.map((row) => row.action)).toEqual(['create', 'update']);
  });

  it('refuses another note’s version, and researchers', async () => {
    const note = (await create({ version: '7.0' })).json<ReleaseNoteDto>();
    const clash = await patch(note.id, { version: '6.0.1' });
    expect(clash.statusCode).toBe(400);
    expect(errorBody(clash).version).toEqual([RELEASE_NOTE_MESSAGES.versionTaken]);
    expect((await patch(note.id, { text: 'x' }, researcher)).statusCode).toBe(403);
    expect((await patch(999_999, { text: 'x' })).statusCode).toBe(404);
  });
});

describe('DELETE release_note/{id}/', () => {
  it('deletes a note for a superuser, audited; others may not', async () => {
    const note = (await create({ version: '8.0', released: true })).json<ReleaseNoteDto>();
    const asResearcher = await t.app.inject({
      method: 'DELETE',
      url: `/api/release_note/${note.id}/`,
      headers: auth(researcher),
    });
    expect(asResearcher.statusCode).toBe(403);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/release_note/${note.id}/`,
      headers: auth(superuser),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await get(`/api/release_note/${note.id}/`, superuser)).statusCode).toBe(404);
    const [audit] = await t.database.db
      .select()
      .from(history)
      .where(
        and(
          eq(history.model, 'release_note'),
          eq(history.objectId, String(note.id)),
          eq(history.action, 'delete'),
        ),
      );
    expect(audit?.data).toMatchObject({ version: '8.0' });
  });
});

describe('GET release_note/', () => {
  it('lists newest first, all for superusers and released only for others, with filters', async () => {
    const all = (await get('/api/release_note/', superuser)).json<{ results: ReleaseNoteDto[] }>();
    expect(all.results.some((note) => !note.released)).toBe(true);
    const created = all.results.map((note) => note.created);
    expect(created).toEqual([...created].sort().reverse());
    const forResearcher = (await get('/api/release_note/', researcher)).json<{ results: ReleaseNoteDto[] }>();
    expect(forResearcher.results.length).toBeGreaterThan(0);
    expect(forResearcher.results.every((note) => note.released)).toBe(true);
    const drafts = (await get('/api/release_note/?released=False', researcher)).json();
    expect(drafts).toMatchObject({ count: 0, results: [] });
    const one = (await get('/api/release_note/?version=5.0', researcher)).json();
    expect(one.results.map((note: ReleaseNoteDto) => note.version)).toEqual(['5.0']);
    expect((await get('/api/release_note/?title=x', researcher)).statusCode).toBe(400);
    expect((await get('/api/release_note/', null)).statusCode).toBe(401);
  });
});
