import type { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, ServerContext } from '../context';
import { str } from '../http/format';
import { rData } from '../http/r';
import { optionalParam, parseInput } from '../http/validate';
import { tenantByDomain } from './tenants';

const infoQuery = z.object({ domain: optionalParam(255) });

/** `/blade-system/tenant/info?domain=` (public): lets the login page hide the tenant field on a tenant's own domain. */
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
}
