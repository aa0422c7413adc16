import { randomBytes } from 'node:crypto';
import type { Logger } from '../context';
import type { Db, Tx } from '../db/types';

/**
 * Signals between the server instances that share one database: "this changed, drop what you cached".
 * A message is sent inside the transaction that made the change, so it exists only if that transaction
 * commits; this process's handlers run as soon as the commit is done (before the caller's `db.tenant()`
 * returns), the other instances' when PostgreSQL hands them the notification.
 *
 * A message says WHAT changed (ids), never the new state: the receiver reads the database again. So a
 * handler may be called twice for one change, and a lost connection is repaired by reading everything
 * again (`onResync`), never by replaying.
 */
export interface Signals {
  /**
   * Sends `payload` (small: ids) on `channel` (`blade_…`) to every instance, this one included, once `tx`
   * commits; a rolled-back transaction sends nothing. `tx` must be a transaction of `ctx.db`.
   */
  publish(tx: Tx, channel: string, payload?: string): Promise<void>;
  on(channel: string, handler: (payload: string) => void): void;
  /**
   * Called at start and whenever messages may have been missed (the connection to the other instances
   * was lost and is back): whatever a handler cached from the database is to be dropped or read again.
   */
  onResync(handler: () => void | Promise<void>): void;
  /**
   * True while every change committed anywhere reaches this process's handlers. While false (before the
   * start, while reconnecting), a cache must not answer from memory.
   */
  readonly live: boolean;
}

/** How messages travel between processes (PostgreSQL LISTEN/NOTIFY); none for a single process. */
export interface SignalTransport {
  /**
   * Connects and listens on `channels`; resolves once listening. Afterwards calls `down` when the
   * connection is lost, then `up` once it is listening again; a rejected `up` counts as lost again.
   */
  open(channels: readonly string[], events: TransportEvents): Promise<void>;
  listen(channel: string): Promise<void>;
  close(): Promise<void>;
}

export interface TransportEvents {
  message(channel: string, payload: string): void;
  down(): void;
  up(): Promise<void>;
}

export interface SignalBus extends Signals {
  /** `db` whose transactions deliver this process's messages when they commit: the one to hand out. */
  readonly db: Db;
  /** Connects (with a transport) and runs the resync handlers; `live` from then on. */
  start(): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = /^blade_[a-z0-9_]{1,56}$/;
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; the origin tag takes a few. */
const MAX_PAYLOAD_BYTES = 7900;

interface Message {
  channel: string;
  payload: string;
}

export function createSignalBus(db: Db, options: { transport?: SignalTransport; log: Logger }): SignalBus {
  const { transport, log } = options;
  // Messages of this process come back from PostgreSQL too; they were delivered at commit already.
  const origin = randomBytes(6).toString('hex');
  const handlers = new Map<string, ((payload: string) => void)[]>();
  const resyncs: (() => void | Promise<void>)[] = [];
  const pending = new WeakMap<Tx, Message[]>();
  let live = false;
  let started = false;
  // Counts losses: a reload that a new loss overtook must not declare the bus live.
  let losses = 0;

  const deliver = (channel: string, payload: string) => {
    for (const handler of handlers.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (error) {
        log.error(`Signal handler of ${channel} failed`, error);
      }
    }
  };

  const resync = async () => {
    for (const handler of resyncs) await handler();
  };

  // Every transaction of the handed-out db keeps the messages published in it and delivers them locally
  // once it has committed (the driver's promise resolves after COMMIT, rejects after ROLLBACK).
  const inTransaction = async <T>(open: (fn: (tx: Tx) => Promise<T>) => Promise<T>, fn: (tx: Tx) => Promise<T>): Promise<T> => {
    const messages: Message[] = [];
    const result = await open(async (tx) => {
      pending.set(tx, messages);
      try {
        return await fn(tx);
      } finally {
        pending.delete(tx);
      }
    });
    for (const m of messages) deliver(m.channel, m.payload);
    return result;
  };

  const tracked: Db = {
    ...db,
    tenant: (tenantId, fn) => inTransaction((f) => db.tenant(tenantId, f), fn),
    global: (fn) => inTransaction((f) => db.global(f), fn),
    system: (fn) => inTransaction((f) => db.system(f), fn),
  };

  const events: TransportEvents = {
    message(channel, wire) {
      const bar = wire.indexOf('|');
      if (bar < 0 || wire.slice(0, bar) === origin) return;
      deliver(channel, wire.slice(bar + 1));
    },
    down() {
      losses += 1;
      live = false;
    },
    async up() {
      const at = losses;
      await resync();
      if (losses === at) live = true;
    },
  };

  return {
    db: tracked,
    get live() {
      return live;
    },
    async publish(tx, channel, payload = '') {
      if (!CHANNEL.test(channel)) throw new Error(`Signal channel ${channel}: blade_ followed by lower-case letters, digits or _`);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error(`Signal on ${channel}: payload over ${MAX_PAYLOAD_BYTES} bytes`);
      const messages = pending.get(tx);
      if (!messages) throw new Error(`Signal on ${channel}: publish needs an open transaction of ctx.db (it is delivered after the commit)`);
      if (transport) await tx.query('select pg_notify($1, $2)', [channel, `${origin}|${payload}`]);
      messages.push({ channel, payload });
    },
    on(channel, handler) {
      if (!CHANNEL.test(channel)) throw new Error(`Signal channel ${channel}: blade_ followed by lower-case letters, digits or _`);
      const list = handlers.get(channel);
      if (list) {
        list.push(handler);
        return;
      }
      handlers.set(channel, [handler]);
      // A channel first heard of after the start: listen from now on (nothing was sent on it to us before).
      if (started && transport) transport.listen(channel).catch((error) => log.error(`Signals: LISTEN ${channel} failed`, error));
    },
    onResync(handler) {
      resyncs.push(handler);
    },
    async start() {
      if (started) return;
      started = true;
      if (transport) await transport.open([...handlers.keys()], events);
      await resync();
      live = true;
    },
    async close() {
      live = false;
      await transport?.close();
    },
  };
}

/** Items (none containing a comma) as comma lists, each within a signal's payload limit. */
export function commaPayloads(items: readonly string[]): string[] {
  const out: string[] = [];
  let current = '';
  for (const item of items) {
    const next = current ? `${current},${item}` : item;
    if (Buffer.byteLength(next) > MAX_PAYLOAD_BYTES && current) {
      out.push(current);
      current = item;
    } else current = next;
  }
  if (current) out.push(current);
  return out;
}
