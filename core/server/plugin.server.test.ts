import { describe, expect, test } from '@rstest/core';
import { Hono } from 'hono';
import type { AppEnv, ServerContext } from './context';
import type { Tx } from './db/types';
import { composeServerParts } from './plugin';

const tx = {} as Tx;
const ctx = {} as ServerContext;

describe('composeServerParts', () => {
  test('seeds run and routes mount in the order the areas are given; migrations and public paths concatenate', async () => {
    const order: string[] = [];
    const parts = composeServerParts(
      { seed: async () => void order.push('company'), routes: () => void order.push('company routes'), migrations: [{ id: '001_a', sql: 'select 1' }], publicPaths: ['/a'] },
      { resources: { staff: {} } },
      { seed: async () => void order.push('staff'), routes: () => void order.push('staff routes'), migrations: [{ id: '002_b', sql: 'select 2' }], publicPaths: ['/b'] },
    );
    await parts.seed!(tx, ctx);
    parts.routes!(new Hono<AppEnv>(), ctx);
    expect(order).toEqual(['company', 'staff', 'company routes', 'staff routes']);
    expect(parts.migrations!.map((m) => m.id)).toEqual(['001_a', '002_b']);
    expect(parts.publicPaths).toEqual(['/a', '/b']);
    expect(Object.keys(parts.resources!)).toEqual(['staff']);
  });

  test('provided names merge; a resource or a name given by two areas is an error', () => {
    const lookup = async () => [];
    expect(Object.keys(composeServerParts({ provides: { names: { staff: lookup } } }, { provides: { names: { company: lookup } } }).provides!.names!)).toEqual(['staff', 'company']);
    expect(() => composeServerParts({ provides: { names: { staff: lookup } } }, { provides: { names: { staff: lookup } } })).toThrow(/"staff"/);
    expect(() => composeServerParts({ resources: { album: {} } }, { resources: { album: {} } })).toThrow(/"album"/);
  });

  test('no areas with a part: the part is absent', () => {
    const parts = composeServerParts({}, {});
    expect(parts.seed).toBeUndefined();
    expect(parts.routes).toBeUndefined();
    expect(parts.onTenantCreated).toBeUndefined();
    expect(parts.sync).toBeUndefined();
  });

  test('the start syncs of the areas run in their order, each with the manifests', async () => {
    const seen: string[] = [];
    const parts = composeServerParts({ sync: async (_tx, _ctx, manifests) => void seen.push(`a:${manifests.length}`) }, {}, { sync: async () => void seen.push('b') });
    await parts.sync!(tx, ctx, [{ id: 'x', name: { zh: 'x', en: 'x' } }]);
    expect(seen).toEqual(['a:1', 'b']);
  });
});
