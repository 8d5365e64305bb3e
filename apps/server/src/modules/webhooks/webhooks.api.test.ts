import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_MESSAGES, type WebhookDeliveryDto, type WebhookDto, type WebhookEvent } from '@rrp/domain';
import { history, institutions, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { createDataset, createProject, createRequest } from '../../db/factories';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';
import { startFakeHttp, type FakeHttpRequest } from '../../../test/fake-http';

/**
 * Outbound webhooks (issue 19, decision 169): superusers register endpoints; status changes,
 * decisions, RDA changes and dataset releases are posted after commit, signed the Standard
 * Webhooks way, retried with backoff, and logged.
 */
let t: TestContext;
let superuser: string;
let admin: string;
let receiver: Awaited<ReturnType<typeof startFakeHttp>>;
/** What the receiver answers next (a queue of status codes; 204 when empty). */
let answers: number[] = [];

const SECRET = `whsec_${Buffer.from('a-secret-of-32-bytes-for-tests!!').toString('base64')}`;
const db = () => t.database.db;

beforeAll(async () => {
  // The receiver listens on loopback, which only this configuration lets webhooks reach.
  t = await createTestContext({ config: { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' } });
  superuser = await t.tokenForRole('superuser');
  admin = await t.tokenForRole('portal_admin');
  receiver = await startFakeHttp(() => ({ status: answers.shift() ?? 204, json: {} }));
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});
beforeEach(async () => {
  answers = [];
  receiver.requests.length = 0;
  // Each test registers the endpoints it needs.
  await db().delete(webhookEndpoints);
});

const post = (url: string, payload: object, token = superuser) =>
  t.app.inject({ method: 'POST', url, headers: auth(token), payload });
const patch = (url: string, payload: object, token = superuser) =>
  t.app.inject({ method: 'PATCH', url, headers: auth(token), payload });
const get = (url: string, token = superuser) => t.app.inject({ url, headers: auth(token) });
const endpointCount = async () => (await db().select({ n: count() }).from(webhookEndpoints))[0]!.n;

async function register(eventTypes: string[], extra: object = {}): Promise<WebhookDto> {
  const response = await post('/api/webhook/', {
    url: `${receiver.url}/hooks`,
    secret: SECRET,
    event_types: eventTypes,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<WebhookDto>();
}

/** Verifies a received post's signature with the Standard Webhooks library; answers its event. */
function verified(request: FakeHttpRequest): WebhookEvent {
  return new Webhook(SECRET).verify(request.body, request.headers as Record<string, string>) as WebhookEvent;
}

async function deliveriesOf(endpoint: number): Promise<WebhookDeliveryDto[]> {
  const response = await get(`/api/webhook_delivery/?endpoint=${endpoint}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ results: WebhookDeliveryDto[] }>().results;
}

describe('registering endpoints', () => {
  it('registers an endpoint, never answering its secret, and audits it without the secret', async () => {
    const created = await register(['request.status_changed'], { description: 'Data warehouse' });
    expect(created).toMatchObject({
      url: `${receiver.url}/hooks`,
      secret_hint: `whsec_…${SECRET.slice(-4)}`,
      event_types: ['request.status_changed'],
      description: 'Data warehouse',
      active: true,
      last_delivery: null,
    });
    expect(JSON.stringify(created)).not.toContain(SECRET);
    const listed = await get('/api/webhook/');
    expect(listed.json().results.map((hook: WebhookDto) => hook.id)).toEqual([created.id]);
    expect((await get(`/api/webhook/${created.id}/`)).json()).toMatchObject({ id: created.id });

    const [audit] = await db()
      .select()
      .from(history)
      .where(and(eq(history.model, 'webhook'), eq(history.objectId, String(created.id))));
    expect(audit).toMatchObject({ action: 'create' });
    expect(JSON.stringify(audit!.data)).not.toContain(SECRET);
  });

  it('refuses bad URLs, secrets and event types with their messages, saving nothing', async () => {
    const cases: [object, Record<string, string[]>][] = [
      [{ url: 'ftp://example.org/x' }, { url: [WEBHOOK_MESSAGES.url] }],
      [{ url: 'not a url' }, { url: [WEBHOOK_MESSAGES.url] }],
      [{ secret: undefined }, { secret: [WEBHOOK_MESSAGES.required] }],
      [{ secret: 'whsec_short' }, { secret: [WEBHOOK_MESSAGES.secret] }],
      [{ secret: 'plain-text-secret-that-is-long-enough' }, { secret: [WEBHOOK_MESSAGES.secret] }],
      [{ event_types: [] }, { event_types: [WEBHOOK_MESSAGES.eventTypes] }],
      [
        { event_types: ['request.deleted'] },
        { event_types: [WEBHOOK_MESSAGES.unknownEventType('request.deleted')] },
      ],
      // Names of Object.prototype are not event types (issue 29).
      ...['constructor', 'toString', '__proto__', 'hasOwnProperty'].map(
        (name): [object, Record<string, string[]>] => [
          { event_types: [name] },
          { event_types: [WEBHOOK_MESSAGES.unknownEventType(name)] },
        ],
      ),
    ];
    for (const [override, errors] of cases) {
      const response = await post('/api/webhook/', {
        url: `${receiver.url}/hooks`,
        secret: SECRET,
        event_types: ['request.status_changed'],
        ...override,
      });
      expect(response.statusCode, JSON.stringify(override)).toBe(400);
      expect(errorBody(response)).toMatchObject(errors);
    }
    expect(await endpointCount()).toBe(0);
  });

  it('edits and removes an endpoint; a new secret replaces the old one', async () => {
    const created = await register(['request.status_changed']);
    const other = `whsec_${Buffer.from('another-secret-of-32-bytes-long!').toString('base64')}`;
    const edited = await patch(`/api/webhook/${created.id}/`, {
      secret: other,
      event_types: ['request.decided', 'dataset.released'],
      active: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      secret_hint: `whsec_…${other.slice(-4)}`,
      event_types: ['request.decided', 'dataset.released'],
      active: false,
    });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/webhook/${created.id}/`,
      headers: auth(superuser),
    });
    expect(removed.statusCode).toBe(204);
    expect((await get(`/api/webhook/${created.id}/`)).statusCode).toBe(404);
  });

  it('is for superusers only', async () => {
    const researcher = await t.tokenForRole('primary_researcher');
    for (const token of [admin, researcher]) {
      expect((await get('/api/webhook/', token)).statusCode).toBe(403);
      expect((await post('/api/webhook/', {}, token)).statusCode).toBe(403);
    }
  });
});

describe('where webhooks may point', () => {
  let strict: TestContext;
  beforeAll(async () => {
    strict = await createTestContext();
  });
  afterAll(() => strict.close());

  it('refuses loopback and private addresses unless configured to allow them', async () => {
    const token = await strict.tokenForRole('superuser');
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://10.1.2.3/x',
      'http://[::1]/x',
      'http://localhost/x',
      // IPv4-compatible IPv6 (::/96), as IPv4-mapped (::ffff:0:0/96) already was (issue 29).
      'http://[::127.0.0.1]/x',
      'http://[::169.254.169.254]/latest',
      'http://[::ffff:127.0.0.1]/x',
    ]) {
      const response = await strict.app.inject({
        method: 'POST',
        url: '/api/webhook/',
        headers: auth(token),
        payload: { url, secret: SECRET, event_types: ['request.decided'] },
      });
      expect(errorBody(response), url).toMatchObject({ url: [WEBHOOK_MESSAGES.privateAddress] });
    }
  });
});

describe('events', () => {
  it('posts a decision as signed request.status_changed and request.decided events', async () => {
    const hook = await register(['request.status_changed', 'request.decided']);
    const owner = await t.createUser({ roles: ['primary_researcher'] });
    const project = await createProject(db(), { ownerId: owner.id, title: 'Webhook study' });
    const request = await createRequest(db(), { projectId: project.id, typeId: 1, statusId: 2 });

    const decided = await post(`/api/request/${request.id}/decision/`, { status: 3 }, admin);
    expect(decided.statusCode, decided.body).toBe(200);
    await t.app.webhooks.deliverDue();

    const events = receiver.requests.map(verified);
    expect(events.map((event) => event.type)).toEqual(['request.status_changed']);
    expect(events[0]).toMatchObject({
      object: { model: 'request', id: String(request.id) },
      previous: { status: 2, status_name: 'Submitted' },
      current: { status: 3, status_name: 'Under Review' },
    });
    expect(receiver.requests[0]!.headers['webhook-id']).toBe(events[0]!.id);

    receiver.requests.length = 0;
    expect((await post(`/api/request/${request.id}/decision/`, { status: 4 }, admin)).statusCode).toBe(200);
    await t.app.webhooks.deliverDue();
    expect(receiver.requests.map((received) => verified(received).type).sort()).toEqual([
      'request.decided',
      'request.status_changed',
    ]);
    const log = await deliveriesOf(hook.id);
    expect(log).toHaveLength(3);
    expect(log.every((delivery) => delivery.status === 'delivered' && delivery.status_code === 204)).toBe(
      true,
    );
    expect((await get(`/api/webhook/${hook.id}/`)).json().last_delivery).toMatchObject({
      status: 'delivered',
      status_code: 204,
    });
  });

  it('posts institution decisions, RDA status changes and dataset releases to the endpoints subscribed', async () => {
    await register(['institution.status_changed', 'rda.status_changed', 'dataset.released']);
    // Not subscribed, and switched off: neither receives anything.
    const unsubscribed = await register(['request.decided']);
    const off = await register(['institution.status_changed'], { active: false });

    const { institution, official } = await t.institutionWithOfficial('Hooked University');
    const officialToken = await t.tokenFor(official.email);
    // Back under review, as a researcher-registered institution would be, for the staff's decision.
    await db().update(institutions).set({ statusId: 2 }).where(eq(institutions.id, institution.id));
    expect((await patch(`/api/institution/${institution.id}/`, { status: 3 }, admin)).statusCode).toBe(200);
    const signed = await patch(
      `/api/file/${institution.current_rda as number}/`,
      { signature: 'Olga Official' },
      officialToken,
    );
    expect(signed.statusCode, signed.body).toBe(200);
    const dataset = await createDataset(db(), { name: 'Hooked dataset', available: false });
    const released = await patch(`/api/dataset/${dataset.id}/`, { available: true }, admin);
    expect(released.statusCode, released.body).toBe(200);
    await t.app.webhooks.deliverDue();

    const events = receiver.requests.map(verified);
    // Creating the institution (approved, with its RDA awaiting signature) made events too.
    const of = (type: string) => events.filter((event) => event.type === type);
    expect(of('institution.status_changed').map((event) => event.previous?.status ?? null)).toEqual([
      null,
      2,
    ]);
    expect(of('rda.status_changed').map((event) => event.current?.status)).toEqual([1, 2]);
    expect(of('institution.status_changed')[1]).toMatchObject({
      object: { model: 'institution', id: String(institution.id) },
      previous: { status: 2, status_name: 'Institution Under Review' },
      current: { status: 3, status_name: 'Institution Approved' },
    });
    expect(of('rda.status_changed')[1]).toMatchObject({
      object: { model: 'rda', id: String(institution.current_rda) },
      previous: { status: 1, status_name: 'Signature Needed' },
      current: { status: 2, status_name: 'Awaiting Execution', institution_id: institution.id },
    });
    expect(of('dataset.released')).toHaveLength(1);
    expect(of('dataset.released')[0]).toMatchObject({
      object: { model: 'dataset', id: String(dataset.id) },
      previous: { available: false },
      current: { available: true, dataset_id: dataset.datasetId, version: 1 },
    });
    expect(await deliveriesOf(unsubscribed.id)).toEqual([]);
    expect(await deliveriesOf(off.id)).toEqual([]);
  });

  it('retries after a 500 with backoff, with the same webhook-id, and logs each attempt', async () => {
    const hook = await register(['request.status_changed']);
    answers = [500];
    const owner = await t.createUser({ roles: ['primary_researcher'] });
    const project = await createProject(db(), { ownerId: owner.id, title: 'Retry study' });
    const request = await createRequest(db(), { projectId: project.id, typeId: 1, statusId: 2 });
    expect((await post(`/api/request/${request.id}/decision/`, { status: 3 }, admin)).statusCode).toBe(200);
    await t.app.webhooks.deliverDue();

    const [first] = await deliveriesOf(hook.id);
    expect(first).toMatchObject({ status: 'queued', attempts: 1, status_code: 500, error: 'HTTP 500' });
    const wait = new Date(first!.next_attempt_at!).getTime() - Date.now();
    expect(wait).toBeGreaterThan(50_000);
    expect(wait).toBeLessThanOrEqual(60_000);

    // The minute passes.
    await db()
      .update(webhookDeliveries)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(webhookDeliveries.id, first!.id));
    await t.app.webhooks.deliverDue();
    const [second] = await deliveriesOf(hook.id);
    expect(second).toMatchObject({ id: first!.id, status: 'delivered', attempts: 2, status_code: 204 });
    expect(receiver.requests).toHaveLength(2);
    expect(receiver.requests[0]!.headers['webhook-id']).toBe(receiver.requests[1]!.headers['webhook-id']);
    expect(verified(receiver.requests[1]!).id).toBe(first!.event_id);
  });

  it('never delays or breaks the change when the endpoint is down', async () => {
    const down = await startFakeHttp(() => ({ json: {} }));
    await down.close();
    const created = await post('/api/webhook/', {
      url: `${down.url}/gone`,
      secret: SECRET,
      event_types: ['request.status_changed'],
    });
    const owner = await t.createUser({ roles: ['primary_researcher'] });
    const project = await createProject(db(), { ownerId: owner.id, title: 'Down study' });
    const request = await createRequest(db(), { projectId: project.id, typeId: 1, statusId: 2 });
    const decided = await post(`/api/request/${request.id}/decision/`, { status: 3 }, admin);
    expect(decided.statusCode).toBe(200);
    expect(decided.json()).toMatchObject({ status: 3 });
    await t.app.webhooks.deliverDue();
    const [delivery] = await deliveriesOf(created.json().id);
    expect(delivery).toMatchObject({ status: 'queued', attempts: 1, status_code: null });
    expect(delivery!.error).toBeTruthy();
  });
});

describe('test events and the delivery log', () => {
  it('sends a signed test event, refused while the endpoint is off', async () => {
    const hook = await register(['dataset.released']);
    const sent = await post(`/api/webhook/${hook.id}/test/`, {});
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toMatchObject({ endpoint: hook.id, event_type: 'webhook.test' });
    await t.app.webhooks.deliverDue();
    expect(verified(receiver.requests[0]!)).toMatchObject({ type: 'webhook.test' });
    const delivery = (await get(`/api/webhook_delivery/${sent.json().id}/`)).json();
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1 });

    await patch(`/api/webhook/${hook.id}/`, { active: false });
    const refused = await post(`/api/webhook/${hook.id}/test/`, {});
    expect(errorBody(refused)).toMatchObject({ active: [WEBHOOK_MESSAGES.inactive] });
  });

  it('sends a delivery again from its first attempt', async () => {
    const hook = await register(['dataset.released']);
    const sent = (await post(`/api/webhook/${hook.id}/test/`, {})).json<WebhookDeliveryDto>();
    await t.app.webhooks.deliverDue();
    const again = await post(`/api/webhook_delivery/${sent.id}/retry/`, {});
    expect(again.statusCode, again.body).toBe(202);
    await t.app.webhooks.deliverDue();
    expect(receiver.requests).toHaveLength(2);
    expect((await get(`/api/webhook_delivery/${sent.id}/`)).json()).toMatchObject({
      status: 'delivered',
      attempts: 1,
    });
    expect((await post('/api/webhook_delivery/999999/retry/', {})).statusCode).toBe(404);
  });
});
