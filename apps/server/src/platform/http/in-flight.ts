import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Socket } from 'node:net';

/**
 * Turns for `size` holders at a time: `take` resolves when the caller holds one, in arrival order;
 * each holder gives its turn back exactly once with the function `take` resolved to.
 */
export function turns(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  const giveBack = () => {
    const next = waiting.shift();
    if (next) next();
    else free += 1;
  };
  return {
    async take(): Promise<() => void> {
      if (free > 0) free -= 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        giveBack();
      };
    },
    /** Turns held and callers waiting (for the tests and the metrics). */
    state: () => ({ held: size - free, waiting: waiting.length }),
  };
}

/**
 * At most `callsAtOnce` API calls (`/api/…`) of this instance are in flight at once; the others
 * wait for a turn in arrival order, before authentication, so that a waiting call holds only its
 * request. The turn is taken once the body has arrived (`preValidation`, registered before the
 * access hook's), so a client sending its body slowly holds no turn; multipart uploads, which
 * their handler reads as a stream from the client, take none either (they are size-limited and
 * scanned, and a slow one must not keep other calls waiting). A turn ends when the answer has been
 * sent or the client has gone. Calls the server makes to itself (`inject`: a server render's
 * reads, a stale write's current object) take no turn: they run inside a call that already holds
 * one, which would otherwise wait on itself.
 */
export const inFlightPlugin = fp(async (app: FastifyInstance, opts: { callsAtOnce: number }) => {
  const calls = turns(opts.callsAtOnce);

  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    // An injected call's socket is light-my-request's stand-in, not a network socket.
    if (!request.url.startsWith('/api/') || !(request.raw.socket instanceof Socket)) return;
    if (/^multipart\//i.test(request.headers['content-type'] ?? '')) return;
    const giveBack = await calls.take();
    // A client that left while its call waited is not answered: the turn goes to the next.
    if (request.raw.socket?.destroyed) {
      giveBack();
      return reply.hijack();
    }
    // The response's `close` ends the turn whether the answer was sent or the client left.
    reply.raw.once('close', giveBack);
  });
});
