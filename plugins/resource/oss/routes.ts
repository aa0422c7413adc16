import type { Hono } from 'hono';
import { z } from 'zod';
import { bizError, currentMember, describeRoute, docText, MSG, parseId, requirePermission, rSuccess, type AppEnv, type ServerContext } from '../../../core/sdk/server';
import { disableConfiguration, enableExclusively } from '../enabling/exclusive-enable';
import { OSS_BUTTON } from './entity';
import { OSS_MSG } from './messages';
import { OSS_COLUMNS, probeStore, type OssRow } from './stores';

const BASE = '/blade-resource/oss';
const idQuery = z.object({ id: z.string().describe(docText({ zh: '存储配置主键', en: "The storage configuration's id" })) });

/** The live configuration of the tenant, or a 400. */
async function readConfiguration(ctx: ServerContext, tenantId: string, id: string): Promise<OssRow> {
  const row = await ctx.db.tenant(tenantId, (tx) => tx.one<OssRow>(`select ${OSS_COLUMNS} from blade_oss where tenant_id = $1 and id = $2 and is_deleted = 0`, [tenantId, id]));
  if (!row) throw bizError(MSG.notFound);
  return row;
}

/** What a probe's result depends on: a configuration edited since it was tried is tried again. */
const settingsOf = (row: OssRow) => JSON.stringify([row.category, row.endpoint, row.access_key, row.secret_key, row.bucket_name, row.region, row.path_style]);

/**
 * `enable?id=` (the tenant's one enabled configuration, tried first: a store that fails its test is never
 * enabled, and the refusal says why), `disable?id=` (back to the database while none is enabled) and
 * `test?id=` (the 连接测试 row action: put, read and remove a probe object).
 */
export function ossRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  api.post(
    `${BASE}/enable`,
    describeRoute({
      summary: { zh: '启用存储配置（租户内唯一）', en: 'Enable a storage configuration (one per tenant)' },
      description: {
        zh: '需要 oss_enable 权限。先做连接测试（写入、读取、删除一个探测对象），不通过则拒绝并说明原因；通过后在一个事务中启用它并停用租户的其他配置。之后的上传都存入它。',
        en: "Needs oss_enable. Tests the store first (puts, reads and removes a probe object) and refuses with the store's reason when that fails; then, in one transaction, enables it and disables the tenant's others. Later uploads go to it.",
      },
      query: idQuery,
    }),
    requirePermission(ctx, OSS_BUTTON.enable),
    async (c) => {
      const me = currentMember(c);
      const id = parseId(c.req.query('id'));
      const tried = await readConfiguration(ctx, me.tenantId, id);
      // Tried outside any transaction (a slow store holds no lock); enabled only if still what was tried.
      const refused = await probeStore(tried, ctx);
      if (refused) throw bizError(OSS_MSG.enableFailed(refused));
      await ctx.db.tenant(me.tenantId, (tx) =>
        enableExclusively(tx, 'blade_oss', me.tenantId, id, async () => {
          const now = await tx.one<OssRow>(`select ${OSS_COLUMNS} from blade_oss where tenant_id = $1 and id = $2`, [me.tenantId, id]);
          return !!now && settingsOf(now) === settingsOf(tried);
        }),
      );
      return c.json(rSuccess({ zh: '启用成功，之后上传的文件将存入该配置', en: 'Enabled: files uploaded from now on go to this store' }));
    },
  );

  api.post(
    `${BASE}/disable`,
    describeRoute({
      summary: { zh: '停用存储配置', en: 'Disable a storage configuration' },
      description: {
        zh: '需要 oss_enable 权限。没有启用的配置时，上传的文件存入数据库；已存入该配置的文件仍可访问。',
        en: 'Needs oss_enable. While none is enabled, uploads are kept in the database; files already in this store stay reachable.',
      },
      query: idQuery,
    }),
    requirePermission(ctx, OSS_BUTTON.enable),
    async (c) => {
      const me = currentMember(c);
      const id = parseId(c.req.query('id'));
      await ctx.db.tenant(me.tenantId, (tx) => disableConfiguration(tx, 'blade_oss', me.tenantId, id));
      return c.json(rSuccess({ zh: '已停用，之后上传的文件将存入数据库', en: 'Disabled: files uploaded from now on are kept in the database' }));
    },
  );

  api.post(
    `${BASE}/test`,
    describeRoute({
      summary: { zh: '存储配置连接测试', en: 'Test a storage configuration' },
      description: {
        zh: '需要 oss_test 权限。写入、读取并删除一个探测对象；失败时答 400 并说明原因（不含密钥）。',
        en: 'Needs oss_test. Puts, reads and removes a probe object; a failure is a 400 saying why (never with a secret).',
      },
      query: idQuery,
    }),
    requirePermission(ctx, OSS_BUTTON.test),
    async (c) => {
      const me = currentMember(c);
      const id = parseId(c.req.query('id'));
      const refused = await probeStore(await readConfiguration(ctx, me.tenantId, id), ctx);
      if (refused) throw bizError(OSS_MSG.testFailed(refused));
      return c.json(rSuccess(OSS_MSG.testPassed));
    },
  );
}
