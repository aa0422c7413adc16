import type { Context, Hono } from 'hono';
import {
  type AppEnv,
  bizError,
  currentMember,
  describeRoute,
  docText,
  type LocalText,
  MSG,
  parseInput,
  rData,
  readJson,
  readParams,
  requirePermission,
  type ServerContext,
  stateMoveParams,
  type Tx,
} from '../../../core/sdk/server';
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

/**
 * A check before a configuration is enabled (an S3 store probed with its credentials), run outside any
 * transaction so a slow network holds no lock: throw `bizError` to refuse. It may answer a question asked
 * again once the rows are locked, whether the row is still the one it checked (false refuses the enable).
 */
export type EnableCheck = (tenantId: string, id: string) => Promise<void | ((tx: Tx) => Promise<boolean>)>;

export interface ExclusiveEnableRoutes {
  /** The API base below /api: `/blade-resource/sms` mounts `/blade-resource/sms/enable` and `/disable`. */
  base: string;
  table: ExclusiveTable;
  /** The permission code both routes require (the entity's edit button). */
  code: string;
  /** What a configuration is, in the routes' descriptions: `短信配置` / `SMS configuration`. */
  subject: LocalText;
  check?: EnableCheck;
}

const idParams = stateMoveParams.pick({ id: true });

/** `?id=` from the query string or a form, else `{ id }` from a JSON body. */
async function readId(c: Context<AppEnv>): Promise<string> {
  const params: Record<string, unknown> = await readParams(c);
  if (params.id === undefined && /application\/json/i.test(c.req.header('content-type') ?? '')) {
    const body = await readJson(c);
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) return parseInput(idParams, body).id;
  }
  return parseInput(idParams, params).id;
}

/**
 * `POST <base>/enable?id=` (the tenant's one enabled configuration becomes this one, every other row
 * disabled) and `POST <base>/disable?id=` (none enabled: the built-in one is used), for holders of `code`.
 * Both answer R data `{ id, status }`.
 */
export function mountExclusiveEnable(api: Hono<AppEnv>, ctx: ServerContext, options: ExclusiveEnableRoutes): void {
  const { base, table, code, subject, check } = options;
  const data = idParams.extend({ status: stateMoveParams.shape.status.describe(docText({ zh: '启用状态：1 否，2 是', en: 'Enabled: 1 no, 2 yes' })) });
  api.post(
    `${base}/enable`,
    describeRoute({
      summary: { zh: `启用${subject.zh}`, en: `Enable a ${subject.en.toLowerCase()}` },
      description: {
        zh: `该${subject.zh}成为租户唯一启用的一个，其余全部停用（同一事务内锁定租户的全部配置行）。也接受 JSON 体 { id }。`,
        en: `The ${subject.en.toLowerCase()} becomes the tenant's only enabled one and every other is disabled (the tenant's rows locked in one transaction). A JSON body { id } is accepted too.`,
      },
      params: idParams,
      data,
    }),
    requirePermission(ctx, code),
    async (c) => {
      const me = currentMember(c);
      const id = await readId(c);
      const unchanged = check ? await check(me.tenantId, id) : undefined;
      await ctx.db.tenant(me.tenantId, (tx) => enableExclusively(tx, table, me.tenantId, id, unchanged ? () => unchanged(tx) : undefined));
      return c.json(rData({ id, status: ENABLED }));
    },
  );
  api.post(
    `${base}/disable`,
    describeRoute({
      summary: { zh: `停用${subject.zh}`, en: `Disable a ${subject.en.toLowerCase()}` },
      description: {
        zh: `停用该${subject.zh}；没有启用的配置时使用内置的一个。也接受 JSON 体 { id }。`,
        en: `Disables the ${subject.en.toLowerCase()}; with none enabled, the built-in one is used. A JSON body { id } is accepted too.`,
      },
      params: idParams,
      data,
    }),
    requirePermission(ctx, code),
    async (c) => {
      const me = currentMember(c);
      const id = await readId(c);
      await ctx.db.tenant(me.tenantId, (tx) => disableConfiguration(tx, table, me.tenantId, id));
      return c.json(rData({ id, status: DISABLED }));
    },
  );
}
