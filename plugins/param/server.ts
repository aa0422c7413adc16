import { defineServerPlugin } from '../../core/sdk/server';
import paramPlugin from './index';

/** BladeX's parameters, in the administrators' tenant and the demo tenant. */
const SEEDED = [
  ['是否开启注册功能', 'account.registerUser', 'true'],
  ['账号初始密码', 'account.initPassword', '123456'],
  ['账号错误锁定次数', 'account.failCount', '5'],
  ['租户默认管理密码', 'tenant.default.password', 'admin'],
  ['租户默认账号额度', 'tenant.default.accountNumber', '100'],
];

export default defineServerPlugin(paramPlugin, {
  async seed(tx, ctx) {
    for (const tenantId of ['000000', '100001']) {
      const admin = await tx.one<{ id: string; dept_id: string | null }>(`select id, dept_id from blade_user where tenant_id = $1 and account = 'admin' and is_deleted = 0`, [tenantId]);
      if (!admin) continue;
      for (const [name, key, value] of SEEDED) {
        await tx.query(
          `insert into blade_param (id, tenant_id, param_name, param_key, param_value, create_user, create_dept, create_time, update_user, update_time, status)
           values ($1, $2, $3, $4, $5, $6, $7, now(), $6, now(), 1)`,
          [ctx.ids.next(), tenantId, name, key, value, admin.id, admin.dept_id?.split(',')[0] || null],
        );
      }
    }
  },
});
