import {
  ADMIN_TENANT,
  type AuthUser,
  bizError,
  currentMember,
  defineServerPlugin,
  type EntityValues,
  formatError,
  hashPassword,
  isBigintId,
  localInstant,
  md5,
  missingParam,
  namesById,
  nextTenantId,
  noPermission,
  parseId,
  provisionTenant,
  rData,
  readParameters,
  readParams,
  revokeTenantSessions,
  rSuccess,
  type ServerContext,
  str,
  TENANT_ID,
  type Tx,
} from '../../core/sdk/server';
import tenantPlugin from './index';
import { describeRoute, textParams } from '../../core/sdk/server';

export const MSG_ADMIN_TENANT = { zh: '不能删除管理组租户', en: "The administrators' tenant cannot be deleted" };
export const MSG_DOMAIN_TAKEN = { zh: '域名已被使用', en: 'This domain is already in use' };
export const MSG_NO_TENANT = { zh: '租户不存在', en: 'The tenant does not exist' };
export const MSG_NO_DATASOURCE = { zh: '数据源不存在', en: 'The datasource does not exist' };
const BASE = '/blade-system/tenant';
const SUPER = 'administrator';

/** Tenants are the administrators' of tenant 000000 alone (403 for everyone else, a tenant's own admin too). */
export function assertAdministratorsTenant(user: AuthUser): void {
  if (!user.isAdministrator || user.tenantId !== ADMIN_TENANT) throw noPermission();
}

/**
 * Values as the columns take them: an expiry is wall clock in the server's zone; an emptied quota is -1
 * (unlimited). A new tenant's empty quota and expiry are left for the tenant defaults.
 */
function stored(values: EntityValues, mode: 'add' | 'edit'): void {
  if (typeof values.expireTime === 'string') values.expireTime = localInstant(values.expireTime);
  if (mode === 'edit' && Object.hasOwn(values, 'accountNumber') && values.accountNumber === null) values.accountNumber = -1;
}

const DAY_MS = 86_400_000;

/**
 * The parameters of tenant 000000 a new tenant starts from: its `admin` password
 * (`tenant.default.password`), and the quota and licence days when the form leaves them empty.
 */
async function tenantDefaults(ctx: ServerContext, tx: Tx, values: EntityValues) {
  const defaults = await readParameters(ctx.extensions, tx, ADMIN_TENANT, ['tenantPassword', 'tenantAccountNumber', 'tenantExpireDays']);
  const quota = values.accountNumber === null || values.accountNumber === undefined ? defaults.tenantAccountNumber : Number(values.accountNumber);
  const days = defaults.tenantExpireDays;
  const expireTime = typeof values.expireTime === 'string' ? new Date(values.expireTime) : days > 0 ? new Date(ctx.now().getTime() + days * DAY_MS) : null;
  return { password: defaults.tenantPassword, accountNumber: quota, expireTime };
}

const normalDomain = (value: string) => value.trim().replace(/\/+$/, '').toLowerCase();

/** 400 `域名已被使用` when another live tenant has the same domain (case and trailing slashes aside). */
async function assertDomainFree(tx: Tx, domain: unknown, exceptId?: string): Promise<void> {
  if (typeof domain !== 'string' || !normalDomain(domain)) return;
  const clash = await tx.one(
    `select 1 as found from blade_tenant where is_deleted = 0 and lower(rtrim(domain_url, '/')) = $1 and ($2::bigint is null or id <> $2::bigint) limit 1`,
    [normalDomain(domain), exceptId ?? null],
  );
  if (clash) throw bizError(MSG_DOMAIN_TAKEN);
}

/** Who acts, for the audit columns (a guest's empty id is null). */
const audit = (user: AuthUser) => ({ userId: isBigintId(user.userId) ? user.userId : null, deptId: user.deptIds.find(isBigintId) ?? null });

/**
 * Tenants on the engine, over the kernel's `blade_tenant`: every row is some tenant's own, so the engine
 * works as the database owner, for the super administrator alone (`allTenants`). An add provisions a
 * ready tenant through the kernel (its generated id, role, `admin` with the default password, what each
 * plugin adds; an empty quota and expiry from the tenant defaults of 000000's parameters); rows
 * carry their plugins (`*`: every installed one) and their datasource's name, asked of the datasource
 * plugin. By hand: `select` (every live tenant, for dropdowns) and `datasource` (the binding). `info` and
 * `setting` are the kernel's.
 */
export default defineServerPlugin(tenantPlugin, {
  resources: {
    tenant: (ctx) => ({
      allTenants: true,
      access: { read: SUPER, add: SUPER, edit: SUPER, delete: SUPER },
      async create({ tx, user, values }) {
        const defaults = await tenantDefaults(ctx, tx, values);
        // One scrypt hash inside the transaction: tenants are made rarely, by one person.
        const adminPasswordHash = await hashPassword(md5(defaults.password));
        const text = (name: string) => (values[name] === null || values[name] === undefined ? undefined : String(values[name]));
        const made = await provisionTenant(tx, ctx.ids, ctx.extensions, {
          tenantId: await nextTenantId(tx),
          tenantName: String(values.tenantName),
          linkman: text('linkman'),
          contactNumber: text('contactNumber'),
          domainUrl: text('domainUrl'),
          backgroundUrl: text('backgroundUrl'),
          address: text('address'),
          accountNumber: defaults.accountNumber,
          expireTime: defaults.expireTime,
          adminPasswordHash,
        });
        const who = audit(user);
        await tx.query('update blade_tenant set create_user = $1, create_dept = $2, update_user = $1, create_time = $3, update_time = $3 where id = $4', [
          who.userId,
          who.deptId,
          ctx.now(),
          made.id,
        ]);
        return made.id;
      },
      hooks: {
        async beforeChange({ tx, values, id, mode }) {
          await assertDomainFree(tx, values.domainUrl, id);
          stored(values, mode);
        },
        // The administrators' tenant stays. A removed tenant's users can no longer sign in (an unknown tenant),
        // and the tokens they hold stop working at once.
        async beforeDelete({ tx, ids }) {
          const removed = await tx.query<{ tenant_id: string }>('select tenant_id from blade_tenant where id = any($1::bigint[]) and is_deleted = 0', [ids]);
          if (removed.some((r) => r.tenant_id === ADMIN_TENANT)) throw bizError(MSG_ADMIN_TENANT);
          for (const r of removed) await revokeTenantSessions(ctx, tx, r.tenant_id);
          // Its plugins are cached, keyed by tenant id: dropped on every instance once this commits.
          await ctx.tenantPlugins.invalidate(tx, removed.map((r) => r.tenant_id));
        },
        async afterRead({ tx, user, rows, raw }) {
          const bound = raw.map((row) => str(row.datasource_id)).filter(Boolean);
          const names = await namesById(ctx.extensions.names.datasource, tx, user.tenantId, bound);
          rows.forEach((row, i) => {
            const datasourceId = str(raw[i]!.datasource_id);
            // A removed datasource is no binding.
            row.datasourceId = names.has(datasourceId) ? datasourceId : '';
            row.datasourceName = names.get(datasourceId) ?? '';
            row.plugins = raw[i]!.plugins === null || raw[i]!.plugins === undefined ? '*' : str(raw[i]!.plugins);
          });
        },
      },
    }),
  },
  routes(api, ctx) {
    const asAdministrator = <T>(user: AuthUser, work: (tx: Tx) => Promise<T>): Promise<T> => {
      assertAdministratorsTenant(user);
      return ctx.db.system(work);
    };

    // Every live tenant, for dropdowns.
    api.get(`${BASE}/select`, describeRoute({ summary: { zh: '租户选项（仅超级管理员）', en: 'Tenants to choose from (super administrator)' } }), async (c) => {
      const user = currentMember(c);
      const rows = await asAdministrator(user, (tx) =>
        tx.query<{ id: string; tenant_id: string; tenant_name: string }>('select id, tenant_id, tenant_name from blade_tenant where is_deleted = 0 order by tenant_id'),
      );
      return c.json(rData(rows.map((r) => ({ id: str(r.id), tenantId: r.tenant_id, tenantName: r.tenant_name }))));
    });

    // `tenantId` (the tenant's id, not the row's) and `datasourceId` (a live datasource, or '' to unbind).
    api.post(`${BASE}/datasource`, describeRoute({ summary: { zh: '为租户绑定数据源（仅超级管理员）', en: "Bind a tenant's datasource (super administrator)" }, params: textParams({ 'tenantId!': { zh: '租户编号', en: 'Tenant id' }, 'datasourceId!': { zh: '数据源主键（空串：解除绑定）', en: "Datasource id ('': unbind)" } }) }), async (c) => {
      const user = currentMember(c);
      assertAdministratorsTenant(user);
      const params = await readParams(c);
      const tenantId = params.tenantId?.trim() ?? '';
      if (!tenantId) throw missingParam('tenantId');
      if (!TENANT_ID.test(tenantId)) throw bizError(formatError('tenantId'));
      if (params.datasourceId === undefined) throw missingParam('datasourceId');
      const datasourceId = params.datasourceId.trim() === '' ? null : parseId(params.datasourceId, 'datasourceId');
      await asAdministrator(user, async (tx) => {
        if (datasourceId && !(await namesById(ctx.extensions.names.datasource, tx, user.tenantId, [datasourceId])).has(datasourceId)) throw bizError(MSG_NO_DATASOURCE);
        const updated = await tx.query('update blade_tenant set datasource_id = $1, update_user = $2, update_time = $3 where tenant_id = $4 and is_deleted = 0 returning id', [
          datasourceId,
          audit(user).userId,
          ctx.now(),
          tenantId,
        ]);
        if (updated.length === 0) throw bizError(MSG_NO_TENANT);
      });
      return c.json(rSuccess());
    });
  },
});
