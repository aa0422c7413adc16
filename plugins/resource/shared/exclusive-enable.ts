import { bizError, MSG, type LocalText, type Tx } from '../../../core/sdk/server';
import { DISABLED, ENABLED } from './enabled';

export { DISABLED, ENABLED, ENABLED_OPTIONS } from './enabled';

/**
 * Configurations of which a tenant uses exactly one at a time (object storage, SMS): the enabled row is
 * the one in use, every other row of the tenant is disabled, and none enabled means "the built-in one"
 * (files in the database, messages in the sandbox). The flag and its values are in enabled.ts (the
 * browser reads them too); this file is the server's part.
 */

/** Tables whose rows are configurations of this kind: the only names spliced into SQL here. */
export type ExclusiveTable = 'blade_oss' | 'blade_sms';

/**
 * The database's own guarantee, as a migration's SQL: at most one enabled, live row per tenant (a partial
 * unique index). `enableExclusively` never trips it; it is there for a write that forgets the rule.
 */
export function oneEnabledIndex(table: ExclusiveTable): string {
  return `create unique index if not exists ${table}_one_enabled on ${table} (tenant_id) where status = ${ENABLED} and is_deleted = 0;`;
}

const MSG_CHANGED: LocalText = { zh: '配置在检查期间已被修改，请重试', en: 'The configuration was changed while it was being checked: please try again' };

/** The row `enableExclusively` locked and enabled. */
export interface EnabledRow {
  id: string;
  updateTime: Date;
}

/**
 * Makes `id` the tenant's one enabled configuration, in the caller's transaction. Every live row of the
 * tenant is locked first (`for update`, in id order so two callers never wait on each other crosswise):
 * of several enables at once, each runs after the one before has committed, and the last one wins with
 * every other row disabled. `unchanged`: asked once the rows are locked, when the row was checked outside
 * the transaction (an S3 store's probe): false (edited since) refuses, so what is enabled is what was
 * checked. An unknown, removed or other tenant's id is a 400.
 */
export async function enableExclusively(tx: Tx, table: ExclusiveTable, tenantId: string, id: string, unchanged?: () => Promise<boolean>): Promise<EnabledRow> {
  const rows = await tx.query<{ id: string; update_time: Date }>(
    `select id::text as id, update_time from ${table} where tenant_id = $1 and is_deleted = 0 order by id for update`,
    [tenantId],
  );
  const row = rows.find((r) => r.id === id);
  if (!row) throw bizError(MSG.notFound);
  if (unchanged && !(await unchanged())) throw bizError(MSG_CHANGED);
  // Disable first, then enable: the partial unique index is checked per statement.
  await tx.query(`update ${table} set status = $3 where tenant_id = $1 and is_deleted = 0 and status = $4 and id <> $2`, [tenantId, id, DISABLED, ENABLED]);
  await tx.query(`update ${table} set status = $3 where tenant_id = $1 and id = $2`, [tenantId, id, ENABLED]);
  return { id, updateTime: row.update_time };
}

/** Disables `id` (the tenant then uses its built-in one while no other is enabled); a 400 for an unknown id. */
export async function disableConfiguration(tx: Tx, table: ExclusiveTable, tenantId: string, id: string): Promise<void> {
  const found = await tx.one(`update ${table} set status = $3 where tenant_id = $1 and id = $2 and is_deleted = 0 returning id`, [tenantId, id, DISABLED]);
  if (!found) throw bizError(MSG.notFound);
}

/** The tenant's enabled configuration row, if any (`columns`: a fixed list of the caller's). */
export async function enabledConfiguration<T extends object>(tx: Tx, table: ExclusiveTable, tenantId: string, columns: string): Promise<T | undefined> {
  return tx.one<T>(`select ${columns} from ${table} where tenant_id = $1 and status = $2 and is_deleted = 0 limit 1`, [tenantId, ENABLED]);
}
