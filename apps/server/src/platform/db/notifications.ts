import type { Client, ClientBase } from 'pg';

/**
 * The channels the database's triggers NOTIFY on. Every connection of the pool LISTENs on them
 * from the start, so a write made through this process is heard before its statement returns.
 */
export const DB_CHANNELS = {
  sessionUser: 'rrp_session_user',
  reviewerLoad: 'rrp_reviewer_load',
  readRows: 'rrp_read_rows',
} as const;
type Channel = (typeof DB_CHANNELS)[keyof typeof DB_CHANNELS];

export interface ChannelListener {
  onNotify(payload: string): void;
  /** Listening: from now on every change on the channel is heard. */
  onListening(): void;
  /** Not listening any more (the connection dropped): changes may go unheard until `onListening`. */
  onLost(): void;
}

/** Subscribes to a channel; resolves to the unsubscribe. */
export type Listen = (channel: Channel, listener: ChannelListener) => Promise<() => Promise<void>>;

/** PGlite is one connection in this process: a notification is delivered as its statement commits. */
export function pgliteListen(client: {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}): Listen {
  return async (channel, listener) => {
    const unlisten = await client.listen(channel, (payload) => listener.onNotify(payload));
    listener.onListening();
    return unlisten;
  };
}

const RECONNECT_MS = 1000;
/** How the dedicated listening connection names itself in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'rrp-listen';

/**
 * PostgreSQL: each pool connection LISTENs (PostgreSQL hands a session its own notifications before
 * the statement's ReadyForQuery, so this process's writes are heard at once), and one dedicated
 * connection LISTENs for the writes of other instances while the pool has no connection open. When
 * that connection drops, listeners hear `onLost` and it reconnects.
 */
export function postgresNotifications(connect: () => Client): {
  /** The pool's `onConnect`: a new connection listens before it is first handed out. */
  onConnect(client: ClientBase): Promise<void>;
  listen: Listen;
  close(): Promise<void>;
} {
  const listeners = new Map<Channel, Set<ChannelListener>>();
  const channels = Object.values(DB_CHANNELS);
  const dispatch = (message: { channel: string; payload?: string }) => {
    for (const listener of listeners.get(message.channel as Channel) ?? []) {
      listener.onNotify(message.payload ?? '');
    }
  };
  const listenOn = async (client: ClientBase) => {
    client.on('notification', dispatch);
    for (const channel of channels) await client.query(`listen "${channel}"`);
  };

  let dedicated: Client | null = null;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  const everyListener = () => [...listeners.values()].flatMap((set) => [...set]);
  const lost = () => {
    dedicated = null;
    if (listening) for (const listener of everyListener()) listener.onLost();
    listening = false;
    if (!closed && !retry) retry = setTimeout(open, RECONNECT_MS).unref();
  };
  async function open(): Promise<void> {
    retry = null;
    if (closed || dedicated) return;
    const client = connect();
    dedicated = client;
    client.on('error', () => undefined);
    client.on('end', () => dedicated === client && lost());
    try {
      await client.connect();
      await listenOn(client);
    } catch (error) {
      console.warn(`LISTEN connection failed: ${(error as Error).message}`);
      await client.end().catch(() => undefined);
      if (dedicated === client) lost();
      return;
    }
    listening = true;
    for (const listener of everyListener()) listener.onListening();
  }

  return {
    onConnect: listenOn,
    async listen(channel, listener) {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set.add(listener));
      if (listening) listener.onListening();
      else if (!dedicated && !retry) await open();
      return async () => {
        set.delete(listener);
      };
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const client = dedicated;
      dedicated = null;
      listening = false;
      await client?.end().catch(() => undefined);
    },
  };
}
