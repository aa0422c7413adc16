import pg from 'pg';
import type { Logger } from '../context';
import type { SignalTransport, TransportEvents } from './bus';

/** Reconnection waits from the first to the longest, doubling. */
const FIRST_RETRY_MS = 100;
const LONGEST_RETRY_MS = 10_000;
/**
 * A connection that only listens sends nothing, so a peer that vanished without closing it (a network
 * partition, a failed-over server) would go unnoticed: a trivial query this often proves it alive.
 */
const HEARTBEAT_MS = 15_000;
const HEARTBEAT_TIMEOUT_MS = 5_000;
export const LISTENER_NAME = 'blade_signals';

/**
 * One dedicated PostgreSQL connection (outside the pool) doing LISTEN on the signal channels. When it
 * drops it is reopened with a growing back-off; `down` and `up` tell the bus, which reloads its caches
 * before calling itself live again.
 */
export function pgListener(connectionString: string, log: Logger): SignalTransport {
  const channels = new Set<string>();
  let events: TransportEvents | undefined;
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const listenSql = (channel: string) => `listen ${channel}`; // the bus allows only [a-z0-9_] names

  async function connect(): Promise<void> {
    // Named, so an operator (or a test) finds the listeners in pg_stat_activity.
    const c = new pg.Client({ connectionString, keepAlive: true, query_timeout: HEARTBEAT_TIMEOUT_MS, application_name: LISTENER_NAME });
    client = c;
    c.on('notification', (n) => events?.message(n.channel, n.payload ?? ''));
    c.on('error', (error) => lost(c, error));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      for (const channel of channels) await c.query(listenSql(channel));
    } catch (error) {
      if (client === c) client = undefined;
      await c.end().catch(() => undefined);
      throw error;
    }
    if (client !== c) throw new Error('the connection was lost while it was being opened');
    heartbeat = setInterval(() => {
      c.query('select 1').catch((error: unknown) => lost(c, error));
    }, HEARTBEAT_MS);
    heartbeat.unref();
  }

  function lost(c: pg.Client, error?: unknown): void {
    if (client !== c) return; // already replaced (or never became current)
    client = undefined;
    clearInterval(heartbeat);
    c.end().catch(() => undefined);
    if (closed) return;
    log.error(`Signals: the listening connection to PostgreSQL was lost (${error instanceof Error ? error.message : 'closed'}); reconnecting`);
    events?.down();
    schedule();
  }

  function schedule(): void {
    retry = setTimeout(async () => {
      retry = undefined;
      try {
        await connect();
        await events?.up();
        retryMs = FIRST_RETRY_MS;
        log.info('Signals: listening to PostgreSQL again');
      } catch (error) {
        if (closed) return;
        // `up` failed after connecting (the reload could not read): start over on a new connection.
        if (client) {
          const c = client;
          client = undefined;
          clearInterval(heartbeat);
          await c.end().catch(() => undefined);
          events?.down();
        }
        retryMs = Math.min(retryMs * 2, LONGEST_RETRY_MS);
        log.error(`Signals: reconnecting to PostgreSQL failed (${error instanceof Error ? error.message : String(error)}); next try in ${retryMs} ms`);
        // A loss noticed meanwhile has already scheduled the next try.
        if (retry === undefined) schedule();
      }
    }, retryMs);
    retry.unref();
  }

  return {
    async open(initial, e) {
      events = e;
      for (const channel of initial) channels.add(channel);
      await connect();
    },
    async listen(channel) {
      channels.add(channel);
      await client?.query(listenSql(channel));
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      const c = client;
      client = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}
