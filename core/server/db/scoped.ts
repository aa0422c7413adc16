import { APP_ROLE, type Db, type Driver, type Tx } from './types';

/** Builds the tenant, global and system scopes on top of a driver's plain transaction. */
export function scopedDb(driver: Driver): Db {
  // Both settings are transaction-local (is_local = true): a pooled connection goes back clean. An empty
  // tenant matches no row, so a global transaction sees only the tables without tenant_id.
  const asApp = <T>(tenantId: string, fn: (tx: Tx) => Promise<T>) =>
    driver.transaction(async (tx) => {
      await tx.query(`select set_config('role', $1, true), set_config('app.tenant_id', $2, true)`, [APP_ROLE, tenantId]);
      return fn(tx);
    });
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
