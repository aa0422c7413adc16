import type { Hono } from 'hono';
import { ADMIN_TENANT, type AppEnv, type AuthUser, bizError, currentMember, type DbRow, defineServerPlugin, entityValidator, type EntityValues, fieldColumn, filterSql, formatDateTime, formatError, hashPassword, isBigintId, type Json, localInstant, md5, missingParam, MSG, nextTenantId, noPermission, num, page, parseId, parseListQuery, provisionTenant, rData, readIds, readJson, readParams, rStatus, rSuccess, type ServerContext, SqlParams, str, TENANT_ID, type Tx } from '../../core/sdk/server';
import { tenantEntity } from './entities';
import { tenantManifest } from './manifest';

/**
 * Tenants on the server: `/api/blade-system/tenant/{list,select,detail,submit,remove,datasource}` over the
 * kernel's `blade_tenant`, for administrators of tenant 000000 only. Every row is some tenant's own, so the
 * work runs as the owner (`ctx.db.system`) after that check. `info` and `setting` are the kernel's.
 * A new tenant is provisioned ready to use (role, department, post, `admin` / `admin`).
 */
const BASE = '/blade-system/tenant';
export const MSG_ADMIN_TENANT = { zh: '不能删除管理组租户', en: "The administrators' tenant cannot be deleted" };
export const MSG_DOMAIN_TAKEN = { zh: '域名已被使用', en: 'This domain is already in use' };
export const MSG_NO_TENANT = { zh: '租户不存在', en: 'The tenant does not exist' };
export const MSG_NO_DATASOURCE = { zh: '数据源不存在', en: 'The datasource does not exist' };
/** The new tenant's `admin` signs in with this (BladeX param `tenant.default.password`). */
export const DEFAULT_ADMIN_PASSWORD = 'admin';

/** Tenants are the administrators' of tenant 000000 alone (403 for everyone else, a tenant's own admin too). */
export function assertAdministratorsTenant(user: AuthUser): void {
  if (!user.isAdministrator || user.tenantId !== ADMIN_TENANT) throw noPermission();
}

/** The fields an add or edit writes, with their columns. */
const WRITABLE = ['tenantName', 'linkman', 'contactNumber', 'domainUrl', 'backgroundUrl', 'accountNumber', 'expireTime', 'address'] as const;
type Writable = (typeof WRITABLE)[number];
const COLUMN = Object.fromEntries(WRITABLE.map((name) => [name, fieldColumn(name, tenantEntity.fields[name])])) as Record<Writable, string>;

const SELECT = `select t.*, d.id as bound_datasource_id, d.name as datasource_name
  from blade_tenant t left join blade_datasource d on d.id = t.datasource_id and d.is_deleted = 0`;

/** BladeX JSON of a tenant (a row of SELECT), with its datasource and its plugins (`*`: every installed one). */
export function tenantVo(row: DbRow): Json {
  return {
    id: str(row.id),
    tenantId: str(row.tenant_id),
    tenantName: str(row.tenant_name),
    domainUrl: str(row.domain_url),
    backgroundUrl: str(row.background_url),
    linkman: str(row.linkman),
    contactNumber: str(row.contact_number),
    address: str(row.address),
    accountNumber: num(row.account_number),
    expireTime: formatDateTime(row.expire_time),
    // A removed datasource is no binding.
    datasourceId: str(row.bound_datasource_id),
    datasourceName: str(row.datasource_name),
    plugins: row.plugins === null || row.plugins === undefined ? '*' : str(row.plugins),
    createUser: str(row.create_user),
    createDept: str(row.create_dept),
    createTime: formatDateTime(row.create_time),
    updateUser: str(row.update_user),
    updateTime: formatDateTime(row.update_time),
    status: num(row.status),
    isDeleted: num(row.is_deleted),
  };
}

/** A validated value as the column takes it: datetimes are wall clock in the server's zone. */
function columnValue(name: Writable, value: string | number | null): unknown {
  if (name === 'expireTime') return value === null ? null : new Date(localInstant(String(value)));
  if (name === 'accountNumber') return value === null ? -1 : value;
  return value;
}

const normalDomain = (value: string) => value.trim().replace(/\/+$/, '').toLowerCase();

/** 400 `域名已被使用` when another live tenant has the same domain (case and trailing slashes aside). */
async function assertDomainFree(tx: Tx, domain: string | number | null | undefined, exceptId?: string): Promise<void> {
  if (typeof domain !== 'string' || !normalDomain(domain)) return;
  const clash = await tx.one(
    `select 1 as found from blade_tenant where is_deleted = 0 and lower(rtrim(domain_url, '/')) = $1 and ($2::bigint is null or id <> $2::bigint) limit 1`,
    [normalDomain(domain), exceptId ?? null],
  );
  if (clash) throw bizError(MSG_DOMAIN_TAKEN);
}

function tenantRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  const validator = entityValidator(tenantEntity);
  const asAdministrator = <T>(user: AuthUser, work: (tx: Tx) => Promise<T>): Promise<T> => {
    assertAdministratorsTenant(user);
    return ctx.db.system(work);
  };
  /** Who acts, for the audit columns (a guest's empty id is null). */
  const audit = (user: AuthUser) => ({ userId: isBigintId(user.userId) ? user.userId : null, deptId: user.deptIds.find(isBigintId) ?? null });

  // Paged, with the search form's filters (tenantId, tenantName, linkman) and sorting.
  api.get(`${BASE}/list`, async (c) => {
    const user = currentMember(c);
    assertAdministratorsTenant(user);
    const q = parseListQuery(tenantEntity, c.req.query(), 't.');
    const result = await asAdministrator(user, async (tx) => {
      const p = new SqlParams();
      const where = ['t.is_deleted = 0', ...q.filters.map((f) => filterSql(f, p, 't.'))].join(' and ');
      const counted = await tx.one<{ total: number }>(`select count(*)::int as total from blade_tenant t where ${where}`, p.values);
      const total = counted?.total ?? 0;
      if (total <= q.offset) return page([], total, q.current, q.size);
      const rows = await tx.query<DbRow>(`${SELECT} where ${where} order by ${q.order} limit ${p.add(q.size)} offset ${p.add(q.offset)}`, p.values);
      return page(rows.map(tenantVo), total, q.current, q.size);
    });
    return c.json(rData(result));
  });

  // Every live tenant, for dropdowns.
  api.get(`${BASE}/select`, async (c) => {
    const user = currentMember(c);
    const rows = await asAdministrator(user, (tx) =>
      tx.query<{ id: string; tenant_id: string; tenant_name: string }>('select id, tenant_id, tenant_name from blade_tenant where is_deleted = 0 order by tenant_id'),
    );
    return c.json(rData(rows.map((r) => ({ id: str(r.id), tenantId: r.tenant_id, tenantName: r.tenant_name }))));
  });

  api.get(`${BASE}/detail`, async (c) => {
    const user = currentMember(c);
    assertAdministratorsTenant(user);
    const id = parseId(c.req.query('id'));
    const row = await asAdministrator(user, (tx) => tx.one<DbRow>(`${SELECT} where t.id = $1 and t.is_deleted = 0`, [id]));
    return c.json(rData(row ? tenantVo(row) : null));
  });

  // Add: a new tenant with a generated id, provisioned ready to sign in to. Edit: the fields, never tenant_id.
  api.post(`${BASE}/submit`, async (c) => {
    const user = currentMember(c);
    assertAdministratorsTenant(user);
    const body = await readJson(c);
    const id = validator.idOf(body);
    const { values } = validator.parse(body, id ? 'edit' : 'add');
    const who = audit(user);
    let changed: string;
    if (!id) {
      const adminPasswordHash = await hashPassword(md5(DEFAULT_ADMIN_PASSWORD)); // slow: outside the transaction
      const text = (name: Writable) => (values[name] === null || values[name] === undefined ? undefined : String(values[name]));
      changed = await asAdministrator(user, async (tx) => {
        await assertDomainFree(tx, values.domainUrl);
        const tenantId = await nextTenantId(tx);
        const made = await provisionTenant(tx, ctx.ids, ctx.extensions, {
          tenantId,
          tenantName: String(values.tenantName),
          linkman: text('linkman'),
          contactNumber: text('contactNumber'),
          domainUrl: text('domainUrl'),
          backgroundUrl: text('backgroundUrl'),
          address: text('address'),
          accountNumber: columnValue('accountNumber', values.accountNumber ?? null) as number,
          expireTime: columnValue('expireTime', values.expireTime ?? null) as Date | null,
          adminPasswordHash,
        });
        await tx.query('update blade_tenant set create_user = $1, create_dept = $2, update_user = $1, create_time = $3, update_time = $3 where id = $4', [
          who.userId,
          who.deptId,
          ctx.now(),
          made.id,
        ]);
        return tenantId;
      });
    } else {
      changed = await asAdministrator(user, async (tx) => {
        const existing = await tx.one<{ tenant_id: string }>('select tenant_id from blade_tenant where id = $1 and is_deleted = 0', [id]);
        if (!existing) throw bizError(MSG.notFound);
        await assertDomainFree(tx, values.domainUrl, id);
        const p = new SqlParams();
        const sets = WRITABLE.filter((name) => Object.hasOwn(values, name)).map((name) => `${COLUMN[name]} = ${p.add(columnValue(name, values[name] as EntityValues[string]))}`);
        sets.push(`update_user = ${p.add(who.userId)}`, `update_time = ${p.add(ctx.now())}`);
        await tx.query(`update blade_tenant set ${sets.join(', ')} where id = ${p.add(id)} and is_deleted = 0`, p.values);
        return existing.tenant_id;
      });
    }
    ctx.tenantPlugins.invalidate([changed]);
    return c.json(rStatus(true));
  });

  // Logical delete; the administrators' tenant stays. Its users can no longer sign in (an unknown tenant).
  api.post(`${BASE}/remove`, async (c) => {
    const user = currentMember(c);
    assertAdministratorsTenant(user);
    const ids = await readIds(c);
    const removed = await asAdministrator(user, async (tx) => {
      const admins = await tx.one('select 1 as found from blade_tenant where id = any($1::bigint[]) and tenant_id = $2 and is_deleted = 0', [ids, ADMIN_TENANT]);
      if (admins) throw bizError(MSG_ADMIN_TENANT);
      return tx.query<{ tenant_id: string }>(
        'update blade_tenant set is_deleted = 1, update_user = $1, update_time = $2 where id = any($3::bigint[]) and is_deleted = 0 returning tenant_id',
        [audit(user).userId, ctx.now(), ids],
      );
    });
    ctx.tenantPlugins.invalidate(removed.map((r) => r.tenant_id));
    return c.json(rStatus(removed.length > 0));
  });

  // `tenantId` (the tenant's id, not the row's) and `datasourceId` (an existing datasource, or '' to unbind).
  api.post(`${BASE}/datasource`, async (c) => {
    const user = currentMember(c);
    assertAdministratorsTenant(user);
    const params = await readParams(c);
    const tenantId = params.tenantId?.trim() ?? '';
    if (!tenantId) throw missingParam('tenantId');
    if (!TENANT_ID.test(tenantId)) throw bizError(formatError('tenantId'));
    if (params.datasourceId === undefined) throw missingParam('datasourceId');
    const datasourceId = params.datasourceId.trim() === '' ? null : parseId(params.datasourceId, 'datasourceId');
    await asAdministrator(user, async (tx) => {
      if (datasourceId && !(await tx.one('select 1 as found from blade_datasource where id = $1 and is_deleted = 0', [datasourceId]))) throw bizError(MSG_NO_DATASOURCE);
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
}

export const tenantServer = defineServerPlugin({
  manifest: tenantManifest,
  entities: [tenantEntity],
  // blade_tenant is the kernel's table (core/server/schema/kernel.ts; datasource_id from its migration 006).
  migrations: [],
  routes: tenantRoutes,
});

export default tenantServer;
