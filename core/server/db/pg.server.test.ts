import { randomInt } from 'node:crypto';
import { describe, expect, test } from '@rstest/core';
import { md5 } from '../auth/password';
import { silentLogger } from '../context';
import { openServer } from '../start';

/**
 * The same kernel on a real PostgreSQL server, when TEST_DATABASE_URL points at a database that may be
 * written to (e.g. owned by a role with CREATEROLE but neither SUPERUSER nor BYPASSRLS, as on a managed
 * service). Skipped otherwise: the rest of the suite runs on PGlite.
 */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('on PostgreSQL (TEST_DATABASE_URL)', () => {
  test('migrates, seeds, signs in, and confines request transactions to their tenant', async () => {
    const server = await openServer({ databaseUrl: url, tokenSecret: 'pg-test-secret-pg-test-secret-pg-test', distDir: null, log: silentLogger });
    try {
      const basic = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
      const res = await server.app.request(`/api/blade-auth/oauth/token?tenantId=000000&username=demo&password=${md5('demo')}&grant_type=password`, {
        method: 'POST',
        headers: { Authorization: basic },
      });
      const body = (await res.json()) as { access_token: string };
      expect(res.status).toBe(200);
      const menus = await server.app.request('/api/blade-system/menu/routes', { headers: { 'Blade-Auth': `bearer ${body.access_token}` } });
      expect(((await menus.json()) as { data: { code: string }[] }).data.map((m) => m.code)).toEqual(['wel', 'desk']);

      const other = String(randomInt(500000, 999999));
      await server.ctx.db.system((tx) => tx.query(`insert into blade_role (id, tenant_id, role_name, role_alias) values ($1, $2, 'x', 'x')`, [server.ctx.ids.next(), other]));
      const seen = await server.ctx.db.tenant(other, (tx) => tx.query<{ tenant_id: string; who: string }>('select tenant_id, current_user as who from blade_role'));
      expect(seen).toEqual([{ tenant_id: other, who: 'blade_app' }]);
      await server.ctx.db.system((tx) => tx.query('delete from blade_role where tenant_id = $1', [other]));
    } finally {
      await server.close();
    }
  });
});
