import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { inFlightPlugin, turns } from './in-flight';

/** A server whose `/api/slow` calls wait until `open()`, counting how many run at once. */
async function serverWith(callsAtOnce: number) {
  const app = Fastify();
  await app.register(inFlightPlugin, { callsAtOnce });
  let running = 0;
  let most = 0;
  let open = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  app.get('/api/slow', async () => {
    running += 1;
    most = Math.max(most, running);
    await gate;
    running -= 1;
    return { ok: true };
  });
  app.get('/api/fast', async () => ({ ok: true }));
  app.post('/api/echo', async (request) => request.body);
  // A multipart upload's handler reads the stream itself; here it only answers.
  app.addContentTypeParser(/^multipart\//, (_request, _payload, done) => done(null));
  app.post('/api/upload', async () => ({ uploaded: true }));
  app.get('/page', async () => 'page');
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    url: (path: string) => `${address}${path}`,
    running: () => running,
    most: () => most,
    open: () => open(),
  };
}

/** Until `condition` holds (the server's hooks run on later turns of the event loop). */
async function until(condition: () => boolean) {
  for (let tries = 0; tries < 2000 && !condition(); tries += 1)
    await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
}

describe('turns', () => {
  it('hands out at most its size, then each given-back turn to the next in arrival order', async () => {
    const calls = turns(2);
    const first = await calls.take();
    await calls.take();
    const order: number[] = [];
    const third = calls.take().then((giveBack) => (order.push(3), giveBack));
    const fourth = calls.take().then((giveBack) => (order.push(4), giveBack));
    expect(calls.state()).toEqual({ held: 2, waiting: 2 });
    first();
    first(); // a second give-back of the same turn changes nothing
    (await third)();
    await fourth;
    expect(order).toEqual([3, 4]);
    expect(calls.state()).toEqual({ held: 2, waiting: 0 });
  });
});

describe('inFlightPlugin', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('answers at most callsAtOnce API calls at once; the others wait and are all answered', async () => {
    const server = await serverWith(3);
    app = server.app;
    const answers = Array.from({ length: 7 }, () => fetch(server.url('/api/slow')));
    await until(() => server.running() === 3);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.running()).toBe(3);
    server.open();
    expect((await Promise.all(answers)).map((answer) => answer.status)).toEqual(Array(7).fill(200));
    expect(server.most()).toBe(3);
  });

  it('gives the turn back when the client leaves, while its call waits or while it is answered', async () => {
    const server = await serverWith(1);
    app = server.app;
    const answering = new AbortController();
    const held = fetch(server.url('/api/slow'), { signal: answering.signal }).catch(() => 'left');
    await until(() => server.running() === 1);
    const waiting = new AbortController();
    const queued = fetch(server.url('/api/slow'), { signal: waiting.signal }).catch(() => 'left');
    await new Promise((resolve) => setTimeout(resolve, 20));
    waiting.abort();
    answering.abort();
    expect([await held, await queued]).toEqual(['left', 'left']);
    // The first call still runs (its gate is shut), yet neither call keeps the only turn.
    const next = await fetch(server.url('/api/fast'));
    expect(await next.json()).toEqual({ ok: true });
    expect(server.running()).toBe(1);
    server.open();
  });

  it('takes no turn while a body is still arriving, nor for a multipart upload', async () => {
    const server = await serverWith(1);
    app = server.app;
    const held = fetch(server.url('/api/slow'));
    await until(() => server.running() === 1);
    // A body sent slowly: the call waits for a turn only once it has all arrived.
    let sendRest = () => {};
    const rest = new Promise<void>((resolve) => (sendRest = resolve));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode('{"a":'));
        await rest;
        controller.enqueue(new TextEncoder().encode('1}'));
        controller.close();
      },
    });
    const slowBody = fetch(server.url('/api/echo'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    const upload = await fetch(server.url('/api/upload'), {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x--',
    });
    expect(await upload.json()).toEqual({ uploaded: true });
    server.open();
    expect((await held).status).toBe(200);
    // Half a body holds no turn, so the only one is free for the next call.
    expect(await (await fetch(server.url('/api/fast'))).json()).toEqual({ ok: true });
    sendRest();
    expect(await (await slowBody).json()).toEqual({ a: 1 });
  });

  it('takes no turn for pages or for calls the server makes to itself', async () => {
    const server = await serverWith(1);
    app = server.app;
    const held = fetch(server.url('/api/slow'));
    await until(() => server.running() === 1);
    expect(await (await fetch(server.url('/page'))).text()).toBe('page');
    expect((await server.app.inject({ method: 'GET', url: '/api/fast' })).json()).toEqual({ ok: true });
    server.open();
    expect((await held).status).toBe(200);
  });
});
