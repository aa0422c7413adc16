import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { FIRST_START_LIMIT_MS } from '../core/server/test-server';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, expect, test } from '@rstest/core';
import { md5 } from '../core/server/auth/password';
import { silentLogger } from '../core/server/context';
import { scratchDatabase } from '../core/server/db/scratch';
import { openServer, type OpenOptions } from '../core/server/start';
import { loadServerPlugins } from './server-plugins';

/**
 * A database made by an earlier version (tests/fixtures: the version before resources, schema and data as
 * pg_dump wrote them) is upgraded in place by a start of this version: nothing lost, everything working.
 */
const dump = readFileSync(join(__dirname, '../tests/fixtures/database-before-resources.sql'), 'utf8');

async function upgradeAndCheck(where: Pick<OpenOptions, 'dataDir' | 'databaseUrl'>) {
  const server = await openServer({ ...where, plugins: await loadServerPlugins(), distDir: null, log: silentLogger, tokenSecret: 'upgrade-secret-upgrade-secret-upgrade' });
  try {
    const kept = await server.ctx.db.system((tx) =>
      tx.one<Record<string, unknown>>(
        `select (select param_value from blade_param where param_key = 'kept.param') as param,
                (select dept_name from blade_dept where id = 1999000000000000002) as dept,
                (select count(*)::int from blade_user) as users, (select count(*)::int from blade_region) as regions`,
      ),
    );
    // Its three users kept, and the hr account the leave plugin's demo adds to each demo tenant it finds as seeded.
    expect(kept).toMatchObject({ param: 'kept', dept: '留下的机构', users: 5 });
    expect(Number(kept!.regions)).toBeGreaterThan(50);

    const basic = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
    const token = await server.app.request(`/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5('admin')}&grant_type=password`, {
      method: 'POST',
      headers: { Authorization: basic },
    });
    expect(token.status).toBe(200);
    const auth = { 'Blade-Auth': `bearer ${((await token.json()) as { access_token: string }).access_token}` };
    const params = await server.app.request('/api/blade-system/param/list?paramKey=kept', { headers: auth });
    expect(((await params.json()) as { data: { records: { paramValue: string }[] } }).data.records.map((r) => r.paramValue)).toEqual(['kept']);
    const depts = await server.app.request('/api/blade-system/dept/list?deptName=留下', { headers: auth });
    expect(((await depts.json()) as { data: { deptName: string }[] }).data.map((d) => d.deptName)).toEqual(['留下的机构']);
  } finally {
    await server.close();
  }
  // A second start finds nothing left to do.
  const again = await openServer({ ...where, plugins: await loadServerPlugins(), distDir: null, log: silentLogger, tokenSecret: 'upgrade-secret-upgrade-secret-upgrade' });
  await again.close();
}

describe('a database made by an earlier version', () => {
  test('on PGlite: upgraded in place, its data kept', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'card-admin-upgrade-'));
    try {
      const old = await PGlite.create({ dataDir: join(dataDir, 'pglite') });
      await old.exec(dump);
      await old.close();
      await upgradeAndCheck({ dataDir });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, FIRST_START_LIMIT_MS);

  const url = process.env.TEST_DATABASE_URL;
  test.skipIf(!url)('on PostgreSQL (TEST_DATABASE_URL): the same', async () => {
    const scratch = await scratchDatabase(url!);
    try {
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      await client.query(dump);
      await client.end();
      await upgradeAndCheck({ databaseUrl: scratch.url });
    } finally {
      await scratch.drop();
    }
  }, FIRST_START_LIMIT_MS);
});
