import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { IDEMPOTENCY_MESSAGES, todayIso } from '@rrp/domain';
import { emailLogs, files, history, idempotencyKeys, projects, requests } from '../../db/schema';
import { createDataset, createProject, createRequest } from '../../db/factories';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';
import { bodyHash } from './idempotency';

/**
 * `Idempotency-Key` on POST project/, POST request/ and POST request/{id}/decision/ (decision
 * 121): a retry after a lost answer is answered from the first, never a second object.
 */
let t: TestContext;
let researcher: { id: number; token: string };
let other: { id: number; token: string };
let admin: string;
let projectId: number;
let datasetId: number;

const db = () => t.database.db;
const day = (offset: number) => todayIso(new Date(Date.now() + offset * 86_400_000));
const post = (url: string, payload: object, token: string, key?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...auth(token), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload,
  });
const countOf = async (table: typeof projects | typeof requests, title?: string) => {
  const where =
    title === undefined
      ? undefined
      : table === projects
        ? eq(projects.title, title)
        : eq(requests.displayName, title);
  return (await db().select({ n: count() }).from(table).where(where))[0]!.n;
};

beforeAll(async () => {
  t = await createTestContext();
  const person = async () => {
    const user = await t.createUser({ roles: ['primary_researcher'] });
    return { id: user.id, token: await t.tokenFor(user.email) };
  };
  researcher = await person();
  other = await person();
  admin = await t.tokenForRole('portal_admin');
  projectId = (await createProject(db(), { ownerId: researcher.id, title: 'Idempotent study' })).id;
  const [irb] = await db()
    .insert(files)
    .values({
      name: 'irb.pdf',
      storageKey: 'test/irb.pdf',
      type: 'irb',
      contentType: 'application/pdf',
      size: 10,
      creatorId: researcher.id,
      projectId,
      additionalData: { designation: 1, approval_date: day(-30), renewal_date: day(300) },
    })
    .returning();
  await db().update(projects).set({ latestIrbId: irb!.id }).where(eq(projects.id, projectId));
  datasetId = (await createDataset(db(), { name: 'Idempotent Phenotype', cohortId: 1 })).id;
});
afterAll(() => t.close());

const project = (title: string) => ({ title, abstract: 'We study retries.', non_autism_research: false });

describe('Idempotency-Key on POST project/', () => {
  it('answers a retry with the first answer and creates one project', async () => {
    const first = await post('/api/project/', project('Retried once'), researcher.token, 'key-project-1');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    // The same path without its trailing slash is the same route.
    const retry = await post('/api/project', project('Retried once'), researcher.token, 'key-project-1');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.headers['content-type']).toMatch(/^application\/json/);
    expect(retry.json()).toEqual(first.json());
    expect(await countOf(projects, 'Retried once')).toBe(1);

    // Kept by the write's transaction, as the bytes the client was sent (decision 318).
    const [kept] = await db()
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, researcher.id), eq(idempotencyKeys.key, 'key-project-1')));
    expect(kept).toMatchObject({ statusCode: 201, response: first.body });
    expect(retry.body).toBe(first.body);
  });

  it('keeps the answer as serialized, whatever encoding the first answer was sent in', async () => {
    const headers = {
      ...auth(researcher.token),
      'idempotency-key': 'key-encoded',
      'accept-encoding': 'gzip, br',
    };
    const payload = project('Encoded answer');
    const first = await t.app.inject({ method: 'POST', url: '/api/project/', headers, payload });
    expect(first.statusCode).toBe(201);
    const retry = await post('/api/project/', payload, researcher.token, 'key-encoded');
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().title).toBe('Encoded answer');
  });

  it('treats the same body with its keys in another order as the same request', async () => {
    const body = project('Key order');
    const first = await post('/api/project/', body, researcher.token, 'key-order');
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const retry = await post('/api/project/', reordered, researcher.token, 'key-order');
    expect(retry.statusCode).toBe(201);
    expect(retry.json().id).toBe(first.json().id);
    expect(await countOf(projects, 'Key order')).toBe(1);
  });

  it('refuses the same key with another body (422) and changes nothing', async () => {
    await post('/api/project/', project('First body'), researcher.token, 'key-reused');
    const before = await countOf(projects);
    const reused = await post('/api/project/', project('Second body'), researcher.token, 'key-reused');
    expect(reused.statusCode).toBe(422);
    expect(errorBody(reused)).toMatchObject({ detail: IDEMPOTENCY_MESSAGES.keyReused });
    expect(await countOf(projects)).toBe(before);
    expect(await countOf(projects, 'Second body')).toBe(0);
  });

  it('refuses a key used on another route (422)', async () => {
    await post('/api/project/', project('Route one'), researcher.token, 'key-route');
    const elsewhere = await post(
      `/api/request/`,
      { project: projectId, type: 1, datasets: [datasetId] },
      researcher.token,
      'key-route',
    );
    expect(elsewhere.statusCode).toBe(422);
    expect(errorBody(elsewhere)).toMatchObject({ detail: IDEMPOTENCY_MESSAGES.keyReused });
  });

  it("keeps each user's keys apart", async () => {
    const mine = await post('/api/project/', project('Mine'), researcher.token, 'key-shared');
    const theirs = await post('/api/project/', project('Theirs'), other.token, 'key-shared');
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().id).not.toBe(mine.json().id);
  });

  it('creates two projects from two posts without a key, as before', async () => {
    await post('/api/project/', project('No key'), researcher.token);
    await post('/api/project/', project('No key'), researcher.token);
    expect(await countOf(projects, 'No key')).toBe(2);
  });

  it('does not keep a refused write: the corrected retry under the same key goes through', async () => {
    const refused = await post('/api/project/', { title: '' }, researcher.token, 'key-after-400');
    expect(refused.statusCode).toBe(400);
    const retried = await post('/api/project/', project('After a 400'), researcher.token, 'key-after-400');
    expect(retried.statusCode, retried.body).toBe(201);
  });

  it('lets two posts of the same key race into one project', async () => {
    const [a, b] = await Promise.all([
      post('/api/project/', project('Raced'), researcher.token, 'key-race'),
      post('/api/project/', project('Raced'), researcher.token, 'key-race'),
    ]);
    const statuses = [a!.statusCode, b!.statusCode].sort();
    // The loser either waited for the winner's answer or was told it is in progress.
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    const loser = [a!, b!].find((response) => response.statusCode === 409);
    if (loser) expect(errorBody(loser)).toMatchObject({ detail: IDEMPOTENCY_MESSAGES.inProgress });
    expect(await countOf(projects, 'Raced')).toBe(1);
  });

  // Only an older version, which stored answers after commit, can have left such a row (decision 318).
  it('says so when the write was done but its answer was not kept (a row of an older version)', async () => {
    await db()
      .insert(idempotencyKeys)
      .values({
        userId: researcher.id,
        key: 'key-lost',
        route: 'POST /api/project/',
        bodyHash: bodyHash(project('Lost answer')),
      });
    const retry = await post('/api/project/', project('Lost answer'), researcher.token, 'key-lost');
    expect(retry.statusCode).toBe(409);
    expect(errorBody(retry)).toMatchObject({ detail: IDEMPOTENCY_MESSAGES.answerLost });
    expect(await countOf(projects, 'Lost answer')).toBe(0);
  });

  it('forgets a key after 24 hours', async () => {
    await post('/api/project/', project('Day one'), researcher.token, 'key-expiring');
    await db()
      .update(idempotencyKeys)
      .set({ created: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, 'key-expiring'));
    const nextDay = await post('/api/project/', project('Day two'), researcher.token, 'key-expiring');
    expect(nextDay.statusCode).toBe(201);
    expect(nextDay.headers['idempotent-replayed']).toBeUndefined();
    expect(await countOf(projects, 'Day two')).toBe(1);
  });

  it('rejects a malformed key with a 400 on the header', async () => {
    for (const key of ['has space', 'x'.repeat(256), 'é']) {
      const response = await post('/api/project/', project('Bad key'), researcher.token, key);
      expect(response.statusCode).toBe(400);
      expect(errorBody(response)).toMatchObject({ 'idempotency-key': [IDEMPOTENCY_MESSAGES.invalidKey] });
    }
    expect(await countOf(projects, 'Bad key')).toBe(0);
  });

  it('documents the header in the OpenAPI description', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json();
    for (const [path, method] of [
      ['/api/project/', 'post'],
      ['/api/request/', 'post'],
      ['/api/request/{id}/decision/', 'post'],
    ] as const) {
      const names = document.paths[path][method].parameters.map((p: { name: string }) => p.name);
      expect(names).toContain('idempotency-key');
    }
  });
});

describe('Idempotency-Key on POST request/', () => {
  const payload = () => ({
    project: projectId,
    type: 1,
    datasets: [datasetId],
    agreed_nih: true,
    data_safeguard: true,
    usage_answers: [true, true, true],
    agreed_to_usage_policy: true,
  });

  it('files one request for two posts of one key', async () => {
    const before = await countOf(requests);
    const first = await post('/api/request/', payload(), researcher.token, 'key-request');
    expect(first.statusCode, first.body).toBe(201);
    const retry = await post('/api/request/', payload(), researcher.token, 'key-request');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toBe(first.body);
    expect(await countOf(requests)).toBe(before + 1);
  });
});

describe('Idempotency-Key on POST request/{id}/decision/', () => {
  it('makes one decision, with one history entry and one e-mail, for two posts of one key', async () => {
    const { id } = await createRequest(db(), {
      projectId,
      typeId: 1,
      statusId: 2,
      displayName: 'Decided once',
    });
    const decision = {
      status: 6,
      email: {
        to: 'rita@example.test',
        cc: '',
        bcc: '',
        subject: 'Revisions requested',
        body: 'Please revise.',
        attachments: [],
      },
    };
    const first = await post(`/api/request/${id}/decision/`, decision, admin, 'key-decision');
    expect(first.statusCode, first.body).toBe(200);
    const retry = await post(`/api/request/${id}/decision/`, decision, admin, 'key-decision');
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toBe(first.body);

    const changes = await db()
      .select({ n: count() })
      .from(history)
      .where(
        and(eq(history.model, 'request'), eq(history.objectId, String(id)), eq(history.action, 'update')),
      );
    expect(changes[0]!.n).toBe(1);
    const mails = await db()
      .select({ n: count() })
      .from(emailLogs)
      .where(eq(emailLogs.subject, 'Revisions requested'));
    expect(mails[0]!.n).toBe(1);

    // The same key on another request's decision is another request: refused.
    const other = await createRequest(db(), { projectId, typeId: 1, statusId: 2, displayName: 'Other' });
    const elsewhere = await post(`/api/request/${other.id}/decision/`, decision, admin, 'key-decision');
    expect(elsewhere.statusCode).toBe(422);
  });
});
