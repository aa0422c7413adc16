import { mountCrud } from '../../core/server/crud';
import { defineServerPlugin } from '../../core/server/plugin';
import { paramEntity } from './entities';
import { paramManifest } from './manifest';

/**
 * Parameters on the server: the `blade_param` table (per tenant, audit columns, logical delete) and
 * `/api/blade-system/param/{list,detail,submit,remove}`, all derived from the entity definition.
 */
export const paramServer = defineServerPlugin({
  manifest: paramManifest,
  entities: [paramEntity],
  routes(api, ctx) {
    mountCrud(api, ctx, paramEntity);
  },
  // BladeX's parameters (bladex-contract §3.3), in the administrators' tenant and the demo tenant.
  async seed(tx, ctx) {
    const params = [
      ['是否开启注册功能', 'account.registerUser', 'true'],
      ['账号初始密码', 'account.initPassword', '123456'],
      ['账号错误锁定次数', 'account.failCount', '5'],
      ['租户默认管理密码', 'tenant.default.password', 'admin'],
      ['租户默认账号额度', 'tenant.default.accountNumber', '100'],
    ];
    for (const tenantId of ['000000', '100001']) {
      const admin = await tx.one<{ id: string; dept_id: string | null }>(
        `select id, dept_id from blade_user where tenant_id = $1 and account = 'admin' and is_deleted = 0`,
        [tenantId],
      );
      const exists = await tx.one('select 1 as found from blade_tenant where tenant_id = $1', [tenantId]);
      if (!exists) continue;
      for (const [name, key, value] of params) {
        await tx.query(
          `insert into blade_param (id, tenant_id, param_name, param_key, param_value, create_user, create_dept, create_time, update_user, update_time, status)
           values ($1, $2, $3, $4, $5, $6, $7, now(), $6, now(), 1)`,
          [ctx.ids.next(), tenantId, name, key, value, admin?.id ?? null, admin?.dept_id?.split(',')[0] || null],
        );
      }
    }
  },
});

export default paramServer;
