import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { crudButtons } from '../../schema/crud-buttons';
import { defineEntity, type EntityDef } from '../../schema/entity';
import { mountCrud } from '../crud';
import { defineServerPlugin, type ServerPlugin } from '../plugin';
import { DEMO_TENANT } from '../seed/kernel-seed';
import { createTestServer, type TestServer } from '../test-server';

/**
 * Per-tenant switching of a plugin: a tenant without a plugin does not see its
 * menus and buttons, its API answers 403 `当前租户未开通此功能`, every other route is unaffected, and
 * switching it back on needs no restart.
 */

const entity = (name: string): EntityDef =>
  defineEntity({
    name,
    table: `demo_${name}`,
    label: { zh: name, en: name },
    permission: name,
    tenant: true,
    audit: true,
    logicalDelete: true,
    api: { base: `/api/demo/${name}`, list: 'list', save: 'submit', removeIds: 'query' },
    fields: { title: { type: 'string', label: { zh: '标题', en: 'Title' }, search: 'like' } },
  });

const plugin = (id: string, options: { requires?: string[]; middleware?: boolean } = {}): ServerPlugin => {
  const e = entity(id);
  return defineServerPlugin({
    manifest: {
      id,
      name: { zh: id, en: id },
      requires: options.requires,
      menus: [{ code: id, parent: 'system', name: { zh: id, en: id }, path: `/demo/${id}`, sort: 1, buttons: crudButtons(id) }],
    },
    entities: [e],
    routes(api, ctx) {
      // A plugin's own `use('*')` middleware must stay within its routes.
      if (options.middleware) {
        api.use('*', async (c, next) => {
          await next();
          c.header('X-Plugin', id);
        });
      }
      mountCrud(api, ctx, e);
    },
  });
};

let ts: TestServer;
let admin: string; // administrator of 000000
let demoAdmin: string; // admin (role alias admin) of the demo tenant 100001

const codes = (nodes: { code: string; children?: unknown[] }[]): string[] =>
  nodes.flatMap((n) => [n.code, ...codes((n.children ?? []) as { code: string; children?: unknown[] }[])]);
const routes = async (token: string, query?: Record<string, string>) => codes((await ts.get('/api/blade-system/menu/routes', { token, query })).body.data);
const buttons = async (token: string) => codes((await ts.get('/api/blade-system/menu/buttons', { token })).body.data);
const setting = (plugins: string | undefined, ids: string = DEMO_TENANT.tenantId, token = admin) =>
  ts.post('/api/blade-system/tenant/setting', { token, query: { ids, plugins } });

beforeAll(async () => {
  ts = await createTestServer({ plugins: [plugin('alpha', { middleware: true }), plugin('beta'), plugin('gamma', { requires: ['alpha'] })] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  demoAdmin = (await ts.signIn('admin', 'admin', DEMO_TENANT.tenantId)).access_token;
});
afterAll(() => ts.close());

describe('a tenant without a plugin', () => {
  test('by default a tenant has every installed plugin, in dependency order', async () => {
    const enabled = await ts.get('/api/blade-system/plugin/enabled', { token: demoAdmin });
    expect(enabled.body).toEqual({ code: 200, success: true, data: ['alpha', 'beta', 'gamma'], msg: '操作成功' });
    expect(await routes(demoAdmin)).toEqual(expect.arrayContaining(['system', 'alpha', 'beta', 'gamma']));
    // The tenant administrator (alias admin) was granted every menu of the plugins.
    expect(await buttons(demoAdmin)).toEqual(expect.arrayContaining(['alpha_add', 'beta_delete', 'gamma_view']));
    expect((await ts.get('/api/demo/alpha/list', { token: demoAdmin })).status).toBe(200);
  });

  test('switching a plugin off hides its menus and buttons and refuses its API; the rest is unaffected', async () => {
    expect((await setting('beta')).body).toEqual({ code: 200, success: true, data: null, msg: '操作成功' });
    expect((await ts.get('/api/blade-system/plugin/enabled', { token: demoAdmin })).body.data).toEqual(['beta']);

    const menu = await routes(demoAdmin);
    expect(menu).toContain('beta');
    expect(menu).not.toContain('alpha');
    expect(menu).not.toContain('gamma');
    const granted = await buttons(demoAdmin);
    expect(granted).toEqual(expect.arrayContaining(['beta', 'beta_add']));
    expect(granted.filter((c) => c.startsWith('alpha') || c.startsWith('gamma'))).toEqual([]);

    for (const [method, path] of [
      ['GET', '/api/demo/alpha/list'],
      ['GET', '/api/demo/alpha/detail?id=1'],
      ['POST', '/api/demo/alpha/submit'],
      ['POST', '/api/demo/alpha/remove?ids=1'],
      ['GET', '/api/demo/gamma/list'],
    ]) {
      const res = await ts.call(method, path, { token: demoAdmin, json: method === 'POST' ? { title: 'x' } : undefined });
      expect([path, res.status, res.body]).toMatchObject([path, 403, { code: 403, success: false, data: null, msg: '当前租户未开通此功能' }]);
    }
    expect((await ts.call('HEAD', '/api/demo/alpha/list', { token: demoAdmin })).status).toBe(403);
    // Another plugin's routes, the kernel's and unknown paths behave as before; alpha's middleware stays out.
    const beta = await ts.get('/api/demo/beta/list', { token: demoAdmin });
    expect(beta.status).toBe(200);
    expect(beta.headers.get('x-plugin')).toBeNull();
    expect((await ts.get('/api/blade-user/info', { token: demoAdmin })).status).toBe(200);
    expect((await ts.get('/api/demo/alpha/nothing', { token: demoAdmin })).status).toBe(404);
    // Other tenants keep it.
    const other = await ts.get('/api/demo/alpha/list', { token: admin });
    expect(other.status).toBe(200);
    expect(other.headers.get('x-plugin')).toBe('alpha');
    expect(await routes(admin)).toContain('alpha');
  });

  test('switching it back on needs no restart', async () => {
    expect((await setting('alpha,beta')).status).toBe(200);
    expect((await ts.get('/api/blade-system/plugin/enabled', { token: demoAdmin })).body.data).toEqual(['alpha', 'beta']);
    expect((await ts.get('/api/demo/alpha/list', { token: demoAdmin })).status).toBe(200);
    expect(await routes(demoAdmin)).toContain('alpha');
    expect((await setting('*')).status).toBe(200);
    expect((await ts.get('/api/blade-system/plugin/enabled', { token: demoAdmin })).body.data).toEqual(['alpha', 'beta', 'gamma']);
  });

  test('with no plugin at all, the shared 系统管理 group disappears from the menu', async () => {
    expect((await setting('')).status).toBe(200);
    expect((await ts.get('/api/blade-system/plugin/enabled', { token: demoAdmin })).body.data).toEqual([]);
    expect(await routes(demoAdmin)).toEqual(['wel', 'desk', 'info']);
    expect((await setting('*')).status).toBe(200);
    expect(await routes(demoAdmin)).toEqual(['wel', 'desk', 'info', 'system', 'alpha', 'beta', 'gamma']);
  });

  test('what an enabled plugin requires comes with it', async () => {
    await ts.ctx.db.system(async (tx) => {
      await tx.query(`update blade_tenant set plugins = 'gamma' where tenant_id = $1`, [DEMO_TENANT.tenantId]);
      await ts.ctx.tenantPlugins.invalidate(tx, [DEMO_TENANT.tenantId]);
    });
    expect((await ts.get('/api/blade-system/plugin/enabled', { token: demoAdmin })).body.data).toEqual(['alpha', 'gamma']);
    expect((await ts.get('/api/demo/beta/list', { token: demoAdmin })).status).toBe(403);
    expect((await setting('*')).status).toBe(200);
  });
});

describe('POST /blade-system/tenant/setting', () => {
  test('refuses unknown plugins, a set without a required plugin, unknown tenants and malformed ids', async () => {
    const msg = async (plugins: string | undefined, ids?: string) => (await setting(plugins, ids)).body.msg;
    expect(await msg('alpha,nope')).toBe('未安装的插件: nope');
    expect(await msg('gamma')).toBe('插件 gamma 需要同时开通 alpha');
    expect(await msg('beta', '999999')).toBe('租户不存在');
    expect(await msg('beta', "1' or '1'='1")).toBe('请求参数格式错误: ids');
    expect(await msg(undefined)).toBe('缺少必要的请求参数: accountNumber, expireTime 或 plugins');
    expect(await msg('beta', '')).toBe('缺少必要的请求参数: ids');
    expect((await ts.get('/api/blade-system/plugin/enabled', { token: demoAdmin })).body.data).toEqual(['alpha', 'beta', 'gamma']);
  });

  test('takes tenant row ids too, and several tenants at once', async () => {
    await ts.addTenant('700001');
    const rowIds = await ts.ctx.db.system((tx) => tx.query<{ id: string }>(`select id from blade_tenant where tenant_id in ('700001', $1) order by id`, [DEMO_TENANT.tenantId]));
    expect((await setting('beta', rowIds.map((r) => r.id).join(','))).status).toBe(200);
    const stored = await ts.ctx.db.system((tx) => tx.query<{ plugins: string }>(`select plugins from blade_tenant where tenant_id in ('700001', $1)`, [DEMO_TENANT.tenantId]));
    expect(stored.map((r) => r.plugins)).toEqual(['beta', 'beta']);
    expect((await setting('*', `700001,${DEMO_TENANT.tenantId}`)).status).toBe(200);
  });

  test('only an administrator of the administrators’ tenant may switch plugins (403)', async () => {
    const refused = await setting('beta', DEMO_TENANT.tenantId, demoAdmin);
    expect([refused.status, refused.body.msg]).toEqual([403, '没有权限执行此操作']);
    const demo = (await ts.signIn('demo', 'demo')).access_token;
    expect((await setting('beta', DEMO_TENANT.tenantId, demo)).status).toBe(403);
    expect((await ts.post('/api/blade-system/tenant/setting', { query: { ids: DEMO_TENANT.tenantId, plugins: 'beta' } })).status).toBe(401);
  });
});
