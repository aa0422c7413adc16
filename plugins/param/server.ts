import { bizError, defineServerPlugin, parameterValueRefusal, type ParameterSource, str } from '../../core/sdk/server';
import paramPlugin from './index';

/**
 * BladeX's parameters, and those of the password rule, in the administrators' tenant and the demo tenant,
 * each with a remark in both languages. The server reads them (`provides.parameters`): a tenant without a
 * row gets the built-in default, which is the seeded value.
 */
const SEEDED = [
  ['是否开启注册功能', 'account.registerUser', 'true', '第三方登录的访客能否申请账号(true/false) / Whether a third-party guest may apply for an account (true/false)'],
  ['账号初始密码', 'account.initPassword', 'Init@123456', '重置密码与导入账号的密码,须符合密码规则 / The password of reset and imported accounts; it must follow the password rule'],
  ['账号错误锁定次数', 'account.failCount', '5', '同一账号在同一地址 30 分钟内的登录次数上限,超过则锁定 30 分钟 / Sign-ins of one account from one address within 30 minutes before it is locked there for 30 minutes'],
  ['密码最少位数', 'account.passwordMinLength', '8', '新密码的最少字符数 / The fewest characters of a new password'],
  ['密码字符种类', 'account.passwordClasses', '2', '新密码至少包含小写字母、大写字母、数字、符号中的几种(1-4) / How many of lower case, upper case, digits and symbols a new password mixes (1-4)'],
  ['租户默认管理密码', 'tenant.default.password', 'admin', '新租户 admin 账号的密码 / The password of a new tenant’s admin account'],
  ['租户默认账号额度', 'tenant.default.accountNumber', '100', '未填写额度的新租户的账号额度(-1 不限) / The account quota of a new tenant created without one (-1 unlimited)'],
  ['租户默认授权天数', 'tenant.default.expireDays', '0', '未填写过期时间的新租户的授权天数(0 永不过期) / Days a new tenant created without an expiry is licensed for (0 never expires)'],
  ['记录接口日志', 'log.api.enabled', 'true', '是否记录本租户的每次接口调用(true/false) / Whether every API call of the tenant is recorded (true/false)'],
  ['日志保留天数', 'log.retentionDays', '90', '接口、错误与通用日志保留的天数,更早的每小时清理(1-3650) / Days the API, error and usual logs are kept; older rows are pruned hourly (1-3650)'],
];

/** A tenant's live parameter values among `keys`. */
const parameters: ParameterSource = async (tx, tenantId, keys) => {
  const rows = await tx.query<{ param_key: string; param_value: string | null }>(
    'select param_key, param_value from blade_param where tenant_id = $1 and param_key = any($2::varchar[]) and is_deleted = 0',
    [tenantId, [...keys]],
  );
  return new Map(rows.map((r) => [r.param_key, r.param_value ?? '']));
};

export default defineServerPlugin(paramPlugin, {
  provides: { parameters },
  resources: {
    param: () => ({
      hooks: {
        // A value the server would not understand is refused rather than silently replaced by its default.
        beforeChange({ values, existing }) {
          const key = typeof values.paramKey === 'string' ? values.paramKey : str(existing?.param_key);
          const value = typeof values.paramValue === 'string' ? values.paramValue : str(existing?.param_value);
          const refusal = parameterValueRefusal(key.trim(), value);
          if (refusal) throw bizError(refusal);
        },
      },
    }),
  },
  async seed(tx, ctx) {
    for (const tenantId of ['000000', '100001']) {
      const admin = await tx.one<{ id: string; dept_id: string | null }>(`select id, dept_id from blade_user where tenant_id = $1 and account = 'admin' and is_deleted = 0`, [tenantId]);
      if (!admin) continue;
      for (const [name, key, value, remark] of SEEDED) {
        await tx.query(
          `insert into blade_param (id, tenant_id, param_name, param_key, param_value, remark, create_user, create_dept, create_time, update_user, update_time, status)
           values ($1, $2, $3, $4, $5, $6, $7, $8, now(), $7, now(), 1)`,
          [ctx.ids.next(), tenantId, name, key, value, remark, admin.id, admin.dept_id?.split(',')[0] || null],
        );
      }
    }
  },
});
