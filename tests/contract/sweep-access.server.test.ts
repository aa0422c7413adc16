import { describe, expect, test } from '@rstest/core';
import { DEMO_TENANT } from '../../core/server/seed/kernel-seed';
import { ANY_MEMBER, ADMINISTRATOR_ONLY, routes, nobody, tenantAdmin, key, send, startSweepServer } from './sweep-kit';

/** Every endpoint refuses who may not call it: a user whose role holds no code, and a tenant's administrator in the super administrator's areas. */
startSweepServer();

describe('every endpoint', () => {
  test('the sweep sees the routes of the kernel and of every installed plugin', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.map(key)).toContain('GET /api/blade-system/param/list');
  });

  test('a user whose role holds no code is refused (403 in the R envelope) everywhere but the any-member endpoints', async () => {
    const allowed: string[] = [];
    for (const route of routes) {
      if (ANY_MEMBER.has(key(route))) continue;
      const id = '1123598815738675201';
      const res = await send(route, nobody, { id, ids: id, roleId: id, roleIds: id, userId: id, userIds: id, topMenuIds: id, menuIds: id, parentId: id, code: '00', parentCode: '00', current: '1', size: '10' }, { id });
      if (res.status !== 403 || res.body?.code !== 403 || res.body?.success !== false) allowed.push(`${key(route)} → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
    }
    expect(allowed).toEqual([]);
  });

  test("the super administrator's areas refuse a tenant's own administrator (who holds every other code)", async () => {
    const covered = routes.filter((r) => ADMINISTRATOR_ONLY.some((pattern) => pattern.test(r.path)));
    expect(covered.length).toBeGreaterThan(25);
    const allowed: string[] = [];
    for (const route of covered) {
      const id = '1123598815738675201';
      const res = await send(route, tenantAdmin, { id, ids: id, tenantId: DEMO_TENANT.tenantId, datasourceId: id, code: '00', current: '1', size: '10' }, { id });
      if (res.status !== 403 || res.body?.code !== 403) allowed.push(`${key(route)} → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
    }
    expect(allowed).toEqual([]);
  });
});
