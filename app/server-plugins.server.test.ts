import { mkdtempSync, rmSync } from 'node:fs';
import { FIRST_START_LIMIT_MS } from '../core/server/test-server';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from '@rstest/core';
import { silentLogger } from '../core/server/context';
import { checkServerPlugins } from '../core/server/registry';
import { openServer } from '../core/server/start';
import { shellManifest } from '../core/schema/shell-manifest';
import { installedPlugins } from './plugins';
import { loadServerPlugins } from './server-plugins';

describe('loadServerPlugins', () => {
  test('loads plugins/<id>/server.ts for every installed id, and the registry accepts them together', async () => {
    const plugins = await loadServerPlugins();
    expect(plugins.map((p) => p.manifest.id)).toEqual([...installedPlugins]);
    for (const plugin of plugins) expect(typeof plugin.routes).toBe('function');
    expect(checkServerPlugins(shellManifest, plugins)).toHaveLength(plugins.length);
  });

  test('a listed plugin without a folder, or a bad name, stops the start with a clear message', async () => {
    await expect(loadServerPlugins(['nope'])).rejects.toThrow('Plugin "nope" is listed in app/plugins.ts, but plugins/nope/server.ts does not exist.');
    await expect(loadServerPlugins(['../core'])).rejects.toThrow('app/plugins.ts: "../core" is not a plugin folder name');
  });
});

describe('the installed product on disk', () => {
  test('first start seeds everything once; a restart changes nothing', async () => {
    const root = mkdtempSync(join(tmpdir(), 'card-admin-plugins-'));
    const counts = async () => {
      const server = await openServer({ dataDir: root, plugins: await loadServerPlugins(), distDir: null, log: silentLogger, tokenSecret: 'restart-secret-restart-secret-restart' });
      try {
        return await server.ctx.db.system((tx) =>
          tx.one<Record<string, number>>(
            `select (select count(*)::int from blade_tenant) as tenants, (select count(*)::int from blade_user) as users,
                    (select count(*)::int from blade_param) as params, (select count(*)::int from blade_dict) as dicts,
                    (select count(*)::int from blade_dict_biz) as biz, (select count(*)::int from blade_menu) as menus,
                    (select count(*)::int from blade_role_menu) as grants, (select count(*)::int from blade_top_menu_setting) as tops`,
          ),
        );
      } finally {
        await server.close();
      }
    };
    try {
      const first = await counts();
      // 10 parameters (those the server reads) in each of the two seeded tenants; the users are the three
      // sign-ins and the accounts of two demo staff members in each tenant.
      expect(first).toMatchObject({ tenants: 2, users: 9, params: 20 }); // the kernel's 7 and the leave demo's hr in each tenant
      expect(await counts()).toEqual(first);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, FIRST_START_LIMIT_MS);
});
