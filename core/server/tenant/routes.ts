import type { Hono } from 'hono';
import { z } from 'zod';
import { noPermission } from '../auth/permissions';
import { currentMember, currentUser } from '../auth/middleware';
import type { AppEnv, ServerContext } from '../context';
import { bizError, missingParam } from '../http/errors';
import { MSG } from '../http/messages';
import { str } from '../http/format';
import { rData, rSuccess } from '../http/r';
import { optionalParam, parseInput, readParams } from '../http/validate';
import { localInstant } from '../crud/sql';
import { logEvent } from '../log/event';
import type { AuthUser } from '../auth/user';
import { ADMIN_TENANT, tenantByDomain } from './tenants';
import { describeRoute, docText, type RouteDoc } from '../openapi/describe';

const infoQuery = z.object({ domain: optionalParam(255) });

const TENANT_KEY = /^[A-Za-z0-9_-]{1,19}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;

/** A wall-clock time as sent, or a 400 for an impossible one (month 13, say). */
function instant(value: string): string {
  const [y, mo, d] = value.slice(0, 10).split('-').map(Number);
  const date = new Date(y!, mo! - 1, d);
  if (date.getFullYear() !== y || date.getMonth() !== mo! - 1 || date.getDate() !== d) throw bizError(MSG.badFormat('expireTime'));
  return localInstant(value);
}

/** How `tenant/setting` describes itself in /api/openapi.json. */
const SETTING_DOC: RouteDoc = {
  summary: { zh: '租户设置：账号额度、到期时间、插件', en: "Tenants' settings: account quota, expiry, plugins" },
  description: { zh: '仅 000000 租户的管理员；三项至少给一项。', en: 'Administrators of tenant 000000 only; at least one of the three.' },
  params: {
    type: 'object',
    properties: {
      ids: { type: 'string', description: docText({ zh: '租户主键或租户编号，逗号分隔', en: 'Tenant row ids or tenant ids, comma-joined' }) },
      accountNumber: { type: 'string', pattern: '^-?\\d+$', description: docText({ zh: '账号额度（-1 不限）', en: 'Account quota (-1: unlimited)' }) },
      expireTime: { type: 'string', description: docText({ zh: '到期时间 yyyy-MM-dd HH:mm:ss（空串：永不到期）', en: "Expiry, yyyy-MM-dd HH:mm:ss ('': never)" }) },
      plugins: { type: 'string', description: docText({ zh: '插件编号，逗号分隔（空串：无；*：全部已安装插件）', en: "Plugin ids, comma-joined ('': none; '*': every installed plugin)" }) },
    },
    required: ['ids'],
  },
};

/** Tenants, clients and plugin switching belong to the administrators of tenant 000000. */
function assertAdministratorsTenant(user: AuthUser): void {
  if (!user.isAdministrator || user.tenantId !== ADMIN_TENANT) throw noPermission();
}

/**
 * `/blade-system/tenant/info?domain=` (public): lets the login page hide the tenant field on a tenant's
 * own domain. `/blade-system/plugin/enabled`: the plugins the caller's tenant has. `/blade-system/tenant/setting`
 * (administrators of the administrators' tenant): switch plugins per tenant.
 */
export function tenantRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  api.get('/blade-system/tenant/info', describeRoute({ summary: { zh: '按域名查询租户', en: 'The tenant of a domain' }, description: { zh: '登录页据此在租户自己的域名下隐藏租户输入框；无匹配时 data 为空对象。', en: "The sign-in page hides the tenant field on a tenant's own domain; data is an empty object when none matches." }, query: infoQuery }), async (c) => {
    const { domain } = parseInput(infoQuery, c.req.query());
    const tenant = domain ? await tenantByDomain(ctx.db, domain) : undefined;
    return c.json(
      rData(
        tenant
          ? { tenantId: tenant.tenant_id, tenantName: tenant.tenant_name, domain: str(tenant.domain_url), backgroundUrl: str(tenant.background_url) }
          : {},
      ),
    );
  });

  // Installed ∩ enabled for the caller's tenant, plus what those require: the chunks the browser loads.
  api.get('/blade-system/plugin/enabled', describeRoute({ summary: { zh: '当前租户启用的插件', en: "The plugins the caller's tenant has" }, data: { type: 'array', items: { type: 'string' } } }), async (c) => {
    const user = currentUser(c);
    return c.json(rData(await ctx.tenantPlugins.enabled(user.tenantId)));
  });

  // The installed plugins, for the tenant settings dialog.
  api.get('/blade-system/plugin/list', describeRoute({ summary: { zh: '已安装的插件', en: 'The installed plugins' }, description: { zh: '仅 000000 租户的管理员。', en: 'Administrators of tenant 000000 only.' } }), async (c) => {
    assertAdministratorsTenant(currentMember(c));
    return c.json(rData(ctx.tenantPlugins.describe()));
  });

  // `ids`: tenant row ids or tenant ids (comma-joined); each option optional, at least one:
  // `accountNumber` (-1 unlimited), `expireTime` (`yyyy-MM-dd HH:mm:ss`, '' never), `plugins` (comma-joined
  // plugin ids, '' none, '*' every installed plugin now and later).
  api.post('/blade-system/tenant/setting', describeRoute(SETTING_DOC), async (c) => {
    const user = currentMember(c);
    assertAdministratorsTenant(user);
    const params = await readParams(c);
    const ids = (params.ids ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    if (ids.length === 0) throw missingParam('ids');
    if (ids.length > 1000 || !ids.every((id) => TENANT_KEY.test(id))) throw bizError(MSG.badFormat('ids'));
    const sets: string[] = [];
    const values: unknown[] = [];
    const set = (column: string, value: unknown) => {
      values.push(value);
      sets.push(`${column} = $${values.length}`);
    };
    if (params.accountNumber !== undefined && params.accountNumber.trim() !== '') {
      const n = Number(params.accountNumber.trim());
      if (!Number.isInteger(n) || n < -1 || n > 1_000_000) throw bizError(MSG.badFormat('accountNumber'));
      set('account_number', n);
    }
    if (params.expireTime !== undefined) {
      const value = params.expireTime.trim();
      if (value !== '' && !DATETIME.test(value)) throw bizError(MSG.badFormat('expireTime'));
      set('expire_time', value === '' ? null : instant(value.length === 10 ? `${value} 23:59:59` : value));
    }
    if (params.plugins !== undefined) {
      let stored: string | null = null;
      if (params.plugins.trim() !== '*') {
        const wanted = params.plugins.split(',').map((s) => s.trim()).filter(Boolean);
        const checked = ctx.tenantPlugins.checkSelection(wanted);
        if (!checked.ok) throw bizError(checked.message);
        stored = checked.ids.join(',');
      }
      set('plugins', stored);
    }
    if (sets.length === 0) throw bizError({ zh: '缺少必要的请求参数: accountNumber, expireTime 或 plugins', en: 'Missing required parameter: accountNumber, expireTime or plugins' });
    const numeric = ids.filter((id) => /^\d{1,19}$/.test(id));
    const changed = await ctx.db.system(async (tx) => {
      const rows = await tx.query<{ tenant_id: string }>(
        `update blade_tenant set ${sets.join(', ')}, update_user = $${values.length + 1}, update_time = $${values.length + 2}
          where is_deleted = 0 and (tenant_id = any($${values.length + 3}::varchar[]) or id = any($${values.length + 4}::bigint[]))
          returning tenant_id`,
        [...values, user.userId, ctx.now(), ids, numeric],
      );
      await ctx.tenantPlugins.invalidate(tx, rows.map((r) => r.tenant_id));
      return rows;
    });
    if (changed.length === 0) throw bizError({ zh: '租户不存在', en: 'The tenant does not exist' });
    if (params.plugins !== undefined) logEvent(c, ctx, { event: 'plugin.switched', data: { tenantIds: changed.map((r) => r.tenant_id), plugins: params.plugins.trim() } });
    return c.json(rSuccess());
  });
}
