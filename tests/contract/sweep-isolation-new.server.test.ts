import { describe, test } from '@rstest/core';
import { hashPassword, md5 } from '../../core/server/auth/password';
import { DEMO_TENANT } from '../../core/server/seed/kernel-seed';
import { provisionTenant } from '../../core/server/tenant/provision';
import { nextTenantId } from '../../core/server/tenant/tenants';
import { ts, expectIsolated, startSweepServer, SWEEP_LIMIT_MS } from './sweep-kit';

/** Tenant isolation on every endpoint: a new tenant's administrator and the rows of the demo tenant. */
startSweepServer();

describe('every endpoint', () => {
  test("a new tenant's administrator can neither read nor change any row of tenant 100001", async () => {
    const tenantId = await ts.ctx.db.system(async (tx) => {
      const id = await nextTenantId(tx);
      await provisionTenant(tx, ts.ctx.ids, ts.ctx.extensions, { tenantId: id, tenantName: '隔离测试', adminPasswordHash: await hashPassword(md5('admin')) });
      await ts.ctx.tenantPlugins.invalidate(tx, [id]);
      return id;
    });
    await expectIsolated((await ts.signIn('admin', 'admin', tenantId)).access_token, DEMO_TENANT.tenantId);
  }, SWEEP_LIMIT_MS);
});
