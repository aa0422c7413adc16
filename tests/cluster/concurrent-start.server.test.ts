import pg from 'pg';
import { FIRST_START_LIMIT_MS } from '../../core/server/test-server';
import { describe, expect, test } from '@rstest/core';
import { loadServerPlugins } from '../../app/server-plugins';
import { silentLogger } from '../../core/server/context';
import { scratchDatabase } from '../../core/server/db/scratch';
import { openServer, type OpenServer } from '../../core/server/start';

/**
 * Several instances deployed at once onto an empty PostgreSQL database: each must come up, and the
 * migrations, the first-start data and the menu sync must happen once, as if one instance had started.
 */
const url = process.env.TEST_DATABASE_URL;
const SECRET = 'cluster-test-secret-cluster-test-secret';

/** Rows per table (the leases aside: one per running instance by design). */
async function rowCounts(databaseUrl: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tables = (await client.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'blade_worker_lease' order by 1`)).rows;
    const counts: Record<string, number> = {};
    for (const { name } of tables) counts[name] = Number((await client.query<{ n: string }>(`select count(*) as n from "${name}"`)).rows[0]!.n);
    return counts;
  } finally {
    await client.end();
  }
}

/**
 * What one instance alone leaves, started on the clock the instances had when they began: the demo seed
 * dates its visits up to the hour it runs in, and this start comes minutes later on a busy machine.
 */
async function singleStartCounts(plugins: Awaited<ReturnType<typeof loadServerPlugins>>, startedAt: number): Promise<Record<string, number>> {
  const scratch = await scratchDatabase(url!);
  try {
    const shift = Date.now() - startedAt;
    const now = () => new Date(Date.now() - shift);
    const server = await openServer({ databaseUrl: scratch.url, tokenSecret: SECRET, distDir: null, plugins, log: silentLogger, now });
    await server.close();
    return await rowCounts(scratch.url);
  } finally {
    await scratch.drop();
  }
}

describe.skipIf(!url)('instances started together on one empty PostgreSQL (TEST_DATABASE_URL)', () => {
  test('all come up with their own worker ids; migrations, seed and menus happen once', async () => {
    const plugins = await loadServerPlugins();
    const scratch = await scratchDatabase(url!);
    let servers: OpenServer[] = [];
    const startedAt = Date.now();
    try {
      const starts = await Promise.allSettled([1, 2, 3].map(() => openServer({ databaseUrl: scratch.url, tokenSecret: SECRET, distDir: null, plugins, log: silentLogger })));
      servers = starts.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      expect(starts.filter((s) => s.status === 'rejected').map((s) => String((s as PromiseRejectedResult).reason))).toEqual([]);

      const workers = servers.map((s) => Number((BigInt(s.ctx.ids.next()) >> 12n) & 1023n));
      expect(new Set(workers).size).toBe(3);

      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      try {
        const seeded = await client.query(`select tenant_id from blade_user where account = 'admin' and is_deleted = 0 order by tenant_id`);
        expect(seeded.rows.map((r) => r.tenant_id)).toEqual(['000000', '100001']);
        const menus = await client.query(`select code, count(*) as n from blade_menu group by code having count(*) > 1`);
        expect(menus.rows).toEqual([]);
        const leases = await client.query(`select worker_id from blade_worker_lease where expires_at > now() order by worker_id`);
        expect(leases.rows.map((r) => r.worker_id).sort()).toEqual([...workers].sort());
      } finally {
        await client.end();
      }
      await Promise.all(servers.map((s) => s.close()));
      servers = [];
      // Row for row what one instance alone leaves behind.
      expect(await rowCounts(scratch.url)).toEqual(await singleStartCounts(plugins, startedAt));
    } finally {
      await Promise.all(servers.map((s) => s.close()));
      await scratch.drop();
    }
  }, FIRST_START_LIMIT_MS);
});
