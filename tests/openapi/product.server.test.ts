import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { loadServerPlugins } from '../../app/server-plugins';
import { paramEntity } from '../../plugins/param/index';
import { allowedOps } from '../../core/schema/filters';
import { isMiddleware } from '../../core/server/registry';
import { createTestServer, type TestServer } from '../../core/server/test-server';
import type { OpenApiDocument } from '../../core/server/openapi/types';
import { operationOf, resolveSchema as resolve } from '../../core/server/openapi/read-document';

/**
 * /api/openapi.json of the installed product (the kernel and every installed plugin): every route of the
 * server's own table is in it with a description of its own, so a route added without one fails here,
 * and the whole document is valid OpenAPI 3.1 in both languages.
 */

let ts: TestServer;
let zh: OpenApiDocument;
let en: OpenApiDocument;

beforeAll(async () => {
  ts = await createTestServer({ plugins: await loadServerPlugins() });
  zh = (await ts.get('/api/openapi.json', { headers: { 'Accept-Language': 'zh-CN' } })).body;
  en = (await ts.get('/api/openapi.json', { headers: { 'Accept-Language': 'en' } })).body;
});

afterAll(async () => {
  await ts?.close();
});

describe('the description of the installed product', () => {
  test('every endpoint of the route table is in it, each with a description of its own', () => {
    const endpoints = ts.app.routes.filter((r) => r.path.startsWith('/api/') && !isMiddleware(r));
    expect(endpoints.length).toBeGreaterThan(100);
    const missing = endpoints.filter((r) => !operationOf(en, r.method, r.path)).map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
    // A route no description reaches appears with its method and path as its summary: none may be left so.
    const undescribed = endpoints.filter((r) => operationOf(en, r.method, r.path)!.summary === `${r.method} ${r.path.slice('/api'.length)}`);
    expect([...new Set(undescribed.map((r) => `${r.method} ${r.path}`))]).toEqual([]);
  });

  test('is a valid OpenAPI 3.1 document in both languages, its operation ids unique', async () => {
    for (const doc of [zh, en]) {
      const result = await new Validator().validate(structuredClone(doc) as unknown as Record<string, unknown>);
      expect(result.errors ?? []).toEqual([]);
      expect(result.valid).toBe(true);
      const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  test("the parameters' list offers every filter its definition accepts and answers a page of its rows", () => {
    const list = operationOf(en, 'GET', '/blade-system/param/list')!;
    expect(list.tags).toEqual(['param']);
    const names = list.parameters!.map((p) => p.name);
    for (const [field, def] of Object.entries(paramEntity.fields)) {
      for (const op of allowedOps(def)) expect(names).toContain(op === 'like' ? field : `${field}_${op}`);
    }
    expect(names).toEqual(expect.arrayContaining(['current', 'size', 'ascs', 'descs', 'createTime_datege']));
    const envelope = list.responses['200']!.content!['application/json']!.schema;
    const page = resolve(en, envelope.allOf![1]!.properties!.data!.anyOf![0]);
    const row = resolve(en, page.properties!.records!.items);
    expect(Object.keys(row.properties!)).toEqual(expect.arrayContaining(['id', 'tenantId', ...Object.keys(paramEntity.fields)]));
  });

  test('the sign-in path: the token endpoint wants the client, the probes and the description are public', () => {
    expect(operationOf(en, 'POST', '/blade-auth/oauth/token')!.security).toEqual([{ clientBasic: [] }]);
    expect(operationOf(zh, 'POST', '/blade-auth/oauth/token')!.summary).toBe('获取令牌（登录）');
    for (const path of ['/health', '/ready', '/openapi.json', '/docs', '/blade-system/tenant/info']) expect(operationOf(en, 'GET', path)!.security).toEqual([]);
    expect(operationOf(en, 'GET', '/blade-user/info')!.security).toEqual([{ bladeAuth: [] }]);
  });
});
