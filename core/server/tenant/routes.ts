import type { Hono } from 'hono';
import { z } from 'zod';
import { noPermission } from '../auth/permissions';
import { currentMember, currentUser } from '../auth/middleware';
import type { AppEnv, ServerContext } from '../context';
import { bizError, missingParam } from '../http/errors';
import { str } from '../http/format';
import { rData, rSuccess } from '../http/r';
import { optionalParam, parseInput, readParams } from '../http/validate';
import { ADMIN_TENANT, tenantByDomain } from './tenants';

const infoQuery = z.object({ domain: optionalParam(255) });

const TENANT_KEY = /^[A-Za-z0-9_-]{1,19}$/;

/**
 * `/blade-system/tenant/info?domain=` (public): lets the login page hide the tenant field on a tenant's
 * own domain. `/blade-system/plugin/enabled`: the plugins the caller's tenant has. `/blade-system/tenant/setting`
 * (administrators of the administrators' tenant): switch plugins per tenant.
 */
export function tenantRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  api.get('/blade-system/tenant/info', async (c) => {
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
  api.get('/blade-system/plugin/enabled', async (c) => {
    const user = currentUser(c);
    return c.json(rData(await ctx.tenantPlugins.enabled(user.tenantId)));
  });

  // `ids`: tenant row ids or tenant ids (comma-joined); `plugins`: comma-joined plugin ids ('' none,
  // '*' every installed plugin, now and later). Issue 4 adds accountNumber and expireTime to this call.
  api.post('/blade-system/tenant/setting', async (c) => {
    const user = currentMember(c);
    if (!user.isAdministrator || user.tenantId !== ADMIN_TENANT) throw noPermission();
    const params = await readParams(c);
    const ids = (params.ids ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    if (ids.length === 0) throw missingParam('ids');
    if (ids.length > 1000 || !ids.every((id) => TENANT_KEY.test(id))) throw bizError('请求参数格式错误: ids');
    if (params.plugins === undefined) throw missingParam('plugins');
    let stored: string | null = null;
    if (params.plugins.trim() !== '*') {
      const wanted = params.plugins.split(',').map((s) => s.trim()).filter(Boolean);
      const checked = ctx.tenantPlugins.checkSelection(wanted);
      if (!checked.ok) throw bizError(checked.message);
      stored = checked.ids.join(',');
    }
    const numeric = ids.filter((id) => /^\d{1,19}$/.test(id));
    const changed = await ctx.db.system((tx) =>
      tx.query<{ tenant_id: string }>(
        `update blade_tenant set plugins = $1, update_user = $2, update_time = $3
          where is_deleted = 0 and (tenant_id = any($4::varchar[]) or id = any($5::bigint[]))
          returning tenant_id`,
        [stored, user.userId, ctx.now(), ids, numeric],
      ),
    );
    if (changed.length === 0) throw bizError('租户不存在');
    ctx.tenantPlugins.invalidate(changed.map((r) => r.tenant_id));
    return c.json(rSuccess());
  });
}
