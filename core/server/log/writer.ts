import type { Logger } from '../context';
import type { Db, Tx } from '../db/types';
import type { IdGenerator } from '../ids';
import { ADMIN_TENANT, TENANT_ID } from '../tenant/tenants';
import type { ApiLogEntry, ErrorLogEntry, Logs, UsualLogEntry } from './entries';
import { API_TABLE, ERROR_TABLE, insertRows, USUAL_TABLE, type LogTable } from './rows';

/**
 * The logs' writer: an entry is queued in memory and the call returns; the queue is written by multi-row
 * inserts every `intervalMs`, or as soon as it holds `batchSize` entries. A request never waits for its
 * log row, nor fails because of it: a write that fails is reported once (until one succeeds again) and
 * its entries are given up, and a flood beyond `queueMax` drops the oldest entries, counted. Rows are
 * written in the tenant's own transaction (row-level security checks each row's tenant).
 */
export interface LogWriterOptions {
  db: Db;
  ids: IdGenerator;
  log: Pick<Logger, 'error' | 'info'>;
  now: () => Date;
  /** false: API calls are not recorded at all (`API_LOG=off`), the baseline the API log's cost is measured against. */
  recordsApi?: boolean;
  /** Whether a tenant records API calls (its parameter `log.api.enabled`), read in that tenant's transaction. */
  apiEnabled?: (tx: Tx, tenantId: string) => Promise<boolean>;
  batchSize?: number;
  intervalMs?: number;
  queueMax?: number;
  /** How long a tenant's `apiEnabled` answer is kept: a change holds on every instance within this. */
  switchTtlMs?: number;
}

type Queued =
  | { kind: 'api'; entry: ApiLogEntry }
  | { kind: 'error'; entry: ErrorLogEntry }
  | { kind: 'usual'; entry: UsualLogEntry };

const BATCH_SIZE = 200;
const INTERVAL_MS = 250;
const QUEUE_MAX = 20_000;
const SWITCH_TTL_MS = 10_000;
/** Tenant ids remembered as existing; beyond it the memory starts over (tenants are few, callers may invent ids). */
const KNOWN_TENANTS_MAX = 10_000;

export function createLogWriter(options: LogWriterOptions): Logs {
  const { db, ids, log, now } = options;
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const intervalMs = options.intervalMs ?? INTERVAL_MS;
  const queueMax = options.queueMax ?? QUEUE_MAX;
  const switchTtlMs = options.switchTtlMs ?? SWITCH_TTL_MS;
  const queue: Queued[] = [];
  const knownTenants = new Set<string>([ADMIN_TENANT]);
  const apiSwitch = new Map<string, { on: boolean; until: number }>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let draining: Promise<void> | undefined;
  let closed = false;
  let failing = false;
  let dropped = 0;
  let droppedReported = 0;

  function enqueue(item: Queued): void {
    if (closed) return;
    queue.push(item);
    if (queue.length > queueMax) {
      queue.shift();
      dropped++;
    }
    if (queue.length >= batchSize) void drain(false);
    else if (!timer && !draining) {
      timer = setTimeout(() => void drain(true), intervalMs);
      timer.unref?.();
    }
  }

  /** Writes batches until the queue is empty (`all`) or holds less than a batch (the timer takes the rest). */
  function drain(all: boolean): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (draining) return all ? draining.then(() => drain(true)) : draining;
    const run: Promise<void> = (async () => {
      while (queue.length > 0 && (all || queue.length >= batchSize)) await write(queue.splice(0, batchSize));
    })().finally(() => {
      // Always later than the assignment below (a `finally` callback never runs synchronously).
      draining = undefined;
      reportDrops();
      if (queue.length > 0 && !closed && !timer) {
        timer = setTimeout(() => void drain(true), intervalMs);
        timer.unref?.();
      }
    });
    draining = run;
    return run;
  }

  function reportDrops(): void {
    if (dropped === droppedReported) return;
    log.error(`The log queue was full: ${dropped - droppedReported} entries dropped (${dropped} since the start)`);
    droppedReported = dropped;
  }

  /** The tenants named by anonymous callers that exist (the others' rows are filed under '000000'). */
  async function existingTenants(batch: readonly Queued[]): Promise<void> {
    const named = [...new Set(batch.filter((q) => q.entry.tenantNamed && !knownTenants.has(q.entry.tenantId) && TENANT_ID.test(q.entry.tenantId)).map((q) => q.entry.tenantId))];
    if (named.length === 0) return;
    if (knownTenants.size > KNOWN_TENANTS_MAX) knownTenants.clear();
    // Cross-tenant by nature: which of these tenants exist (a directory look-up, nothing of theirs is read).
    const rows = await db.system((tx) => tx.query<{ tenant_id: string }>('select tenant_id from blade_tenant where tenant_id = any($1::varchar[])', [named]));
    for (const row of rows) knownTenants.add(row.tenant_id);
  }

  async function recordsApiOf(tx: Tx, tenantId: string): Promise<boolean> {
    if (!options.apiEnabled) return true;
    const cached = apiSwitch.get(tenantId);
    if (cached && cached.until > now().getTime()) return cached.on;
    const on = await options.apiEnabled(tx, tenantId);
    apiSwitch.set(tenantId, { on, until: now().getTime() + switchTtlMs });
    return on;
  }

  async function insert<E>(tx: Tx, table: LogTable<E>, tenantId: string, entries: readonly E[]): Promise<void> {
    if (entries.length === 0) return;
    const { sql, params } = insertRows(table, entries.map((entry) => table.values(entry, ids.next(), tenantId)));
    await tx.query(sql, params);
  }

  async function write(batch: Queued[]): Promise<void> {
    try {
      await existingTenants(batch);
      const byTenant = new Map<string, Queued[]>();
      for (const item of batch) {
        const { tenantId, tenantNamed } = item.entry;
        const tenant = !tenantNamed || knownTenants.has(tenantId) ? tenantId : ADMIN_TENANT;
        const items = byTenant.get(tenant);
        if (items) items.push(item);
        else byTenant.set(tenant, [item]);
      }
      for (const [tenantId, items] of byTenant) {
        await db.tenant(tenantId, async (tx) => {
          const api = items.flatMap((q) => (q.kind === 'api' ? [q.entry] : []));
          await insert(tx, API_TABLE, tenantId, api.length > 0 && (await recordsApiOf(tx, tenantId)) ? api : []);
          await insert(tx, ERROR_TABLE, tenantId, items.flatMap((q) => (q.kind === 'error' ? [q.entry] : [])));
          await insert(tx, USUAL_TABLE, tenantId, items.flatMap((q) => (q.kind === 'usual' ? [q.entry] : [])));
        });
      }
      if (failing) log.info(`The log writer stores entries again`);
      failing = false;
    } catch (error) {
      // Once, not per batch: a database that is away would otherwise fill the server's own log.
      if (!failing) log.error(`The log writer could not store ${batch.length} entries (given up; reported once until a write succeeds)`, error);
      failing = true;
    }
  }

  return {
    recordsApi: options.recordsApi ?? true,
    api: (entry) => {
      if (options.recordsApi !== false) enqueue({ kind: 'api', entry });
    },
    error: (entry) => enqueue({ kind: 'error', entry }),
    usual: (entry) => enqueue({ kind: 'usual', entry: { ...entry, time: entry.time ?? now() } }),
    flush: () => drain(true),
    get dropped() {
      return dropped;
    },
    async close() {
      await drain(true);
      closed = true;
    },
  };
}
