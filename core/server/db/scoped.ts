import { APP_ROLE, type Db, type Driver, type Tx } from './types';

/**
 * Why the engine's list reads may leave row-level security, and only they.
 *
 * Under RLS PostgreSQL must apply the policy's condition before any condition that is not leakproof, so
 * that such a function never sees another tenant's row. `lower()` and LIKE are not leakproof, so a
 * substring filter cannot use its trigram index (a scan of the whole tenant instead), and the planner keeps
 * no statistics through the barrier (it guesses that a text filter matches a handful of rows, then sorts
 * the tenant for one page). Marking those functions leakproof would need a superuser, which a managed
 * PostgreSQL does not give, and would change them for every database user.
 *
 * The list reads the engine builds (filters, sort, page, count) carry `tenant_id = <the caller's tenant>`
 * themselves, always, and every extra condition a plugin adds is ANDed to it in parentheses, so nothing in
 * them can reach another tenant's rows. They run as the connecting role (the tables' owner, outside
 * row-level security: see rls.ts), where the planner sees plain conditions with their statistics and uses
 * the indexes. Everything else in the transaction (permission checks, hooks,
 * hand-written queries, every write) stays `blade_app` under RLS, the second lock for a query that forgets
 * its tenant. What this gives up for those reads is exactly that second lock; and a read asked for another
 * tenant than the transaction's (a plugin mixing up two tenants) is not let out: it runs under RLS, where
 * it finds nothing, as before.
 *
 * SET ROLE was never a wall against SQL that reaches the database anyway (`blade_app` may reset its role
 * to the session's), so this changes nothing for injection: values are bound, never spliced.
 */

/** Builds the tenant, global and system scopes on top of a driver's plain transaction. */
export function scopedDb(driver: Driver): Db {
  const asApp = <T>(tenantId: string, fn: (tx: Tx) => Promise<T>) => driver.transaction((raw) => fn(requestTx(raw, tenantId)));
  return {
    kind: driver.kind,
    tenant(tenantId, fn) {
      if (!tenantId) throw new Error('tenant scope without a tenant id');
      return asApp(tenantId, fn);
    },
    global: (fn) => asApp('', fn),
    system: (fn) => driver.transaction(fn),
    close: () => driver.close(),
  };
}

/**
 * A request transaction: every statement runs as `blade_app` with `app.tenant_id` set, both
 * transaction-local (is_local = true, so a pooled connection goes back clean; an empty tenant matches no
 * row, so a global transaction sees only the tables without tenant_id); `asOwner` reads run as the
 * connecting role. The settings are sent when a statement needs them, not before: a transaction opens as
 * the connecting role, so a list whose first statement is its owner read (an administrator's) sends no
 * switch at all, and after an owner read the switch back waits for the next statement (the commit, which
 * usually comes next, ends the settings anyway).
 *
 * The state changes before its statement is sent, so a statement started meanwhile (the same Tx used
 * concurrently) queues its own switch ahead of itself: nothing but an owner read ever runs as the owner.
 */
function requestTx(raw: Tx, tenantId: string): Tx {
  let asApp = false;
  const enter = () => {
    if (asApp) return;
    asApp = true;
    // Unawaited: the driver sends statements in the order they are asked for, and a failure fails the next one too.
    void raw.query(`select set_config('role', $1, true), set_config('app.tenant_id', $2, true)`, [APP_ROLE, tenantId]).catch(() => undefined);
  };
  const tx: Tx = {
    query: (sql, params) => (enter(), raw.query(sql, params)),
    one: (sql, params) => (enter(), raw.one(sql, params)),
    exec: (sql) => (enter(), raw.exec(sql)),
    ...(raw.table && { table: (sql: string, params?: readonly unknown[]) => (enter(), raw.table!(sql, params)) }),
    async asOwner(readTenant, read) {
      if (!tenantId || readTenant !== tenantId) return read(tx);
      if (asApp) {
        asApp = false;
        await raw.query(`select set_config('role', 'none', true)`);
      }
      let open = true;
      const closed = () => Promise.reject(new Error('an owner read used after it returned'));
      const owner: Tx = {
        query: (sql, params) => (open ? raw.query(sql, params) : closed()),
        one: (sql, params) => (open ? raw.one(sql, params) : closed()),
        exec: (sql) => (open ? raw.exec(sql) : closed()),
      };
      try {
        return await read(owner);
      } finally {
        open = false;
      }
    },
  };
  return tx;
}
