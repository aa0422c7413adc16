import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { loadServerPlugins } from '../../../app/server-plugins';
import { paramEntity } from '../../../plugins/param/index';
import { allowedOps } from '../../schema/filters';
import { isMiddleware } from '../registry';
import { createTestServer, type TestServer } from '../test-server';
import { openApiPath } from './document';
import type { JsonSchema, OpenApiDocument, Operation, Parameter } from './types';

let ts: TestServer;
let zh: OpenApiDocument;
let en: OpenApiDocument;

const describedIn = (doc: OpenApiDocument, method: string, path: string): Operation | undefined => {
  const item = doc.paths[openApiPath(path.replace(/^\/api(?=\/)/, '')).path];
  return item?.[method.toLowerCase() as 'get' | 'post'];
};

/** A `#/components/schemas/…` reference followed (one step). */
const resolve = (doc: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema => {
  if (!schema?.$ref) return schema ?? {};
  return doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')]!;
};

/** The `data` of an operation's R envelope. */
const dataOf = (doc: OpenApiDocument, op: Operation): JsonSchema => {
  const envelope = op.responses['200']!.content!['application/json']!.schema;
  const data = envelope.allOf?.[1]?.properties?.data;
  return resolve(doc, data?.anyOf?.[0]);
};

beforeAll(async () => {
  ts = await createTestServer({ plugins: await loadServerPlugins() });
  zh = (await ts.get('/api/openapi.json', { headers: { 'Accept-Language': 'zh-CN' } })).body;
  en = (await ts.get('/api/openapi.json', { headers: { 'Accept-Language': 'en' } })).body;
});

afterAll(async () => {
  await ts?.close();
});

describe('/api/openapi.json', () => {
  test('every endpoint of the route table is in it, each with a description of its own', () => {
    const endpoints = ts.app.routes.filter((r) => r.path.startsWith('/api/') && !isMiddleware(r));
    expect(endpoints.length).toBeGreaterThan(100);
    const missing = endpoints.filter((r) => !describedIn(en, r.method, r.path)).map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
    // A route no description reaches appears with its path as its summary: none may be left so.
    const undescribed = endpoints.filter((r) => describedIn(en, r.method, r.path)!.summary === `${r.method} ${r.path.slice('/api'.length)}`).map((r) => `${r.method} ${r.path}`);
    expect([...new Set(undescribed)]).toEqual([]);
  });

  test('is a valid OpenAPI 3.1 document, in both languages', async () => {
    for (const doc of [zh, en]) {
      const validator = new Validator();
      const result = await validator.validate(structuredClone(doc) as unknown as Record<string, unknown>);
      expect(result.errors ?? []).toEqual([]);
      expect(result.valid).toBe(true);
    }
    expect(en.openapi).toBe('3.1.0');
    expect(en.servers).toEqual([{ url: '/api', description: 'This server' }]);
    const ids = Object.values(en.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("an entity's list names its filters, paging and sort keys, and answers a page of its rows", () => {
    const list = describedIn(en, 'GET', '/blade-system/param/list')!;
    expect(list.tags).toEqual(['param']);
    expect(list.summary).toBe('Parameter: paged list');
    const names = list.parameters!.map((p) => p.name);
    // Every filter the definition accepts, `like` without a suffix as BladeX sends it.
    for (const [field, def] of Object.entries(paramEntity.fields)) {
      for (const op of allowedOps(def)) expect(names).toContain(op === 'like' ? field : `${field}_${op}`);
    }
    expect(names).toEqual(expect.arrayContaining(['current', 'size', 'ascs', 'descs', 'paramName', 'paramKey', 'createTime_datege', 'createTime_datelt']));
    expect(names).not.toContain('paramValue'); // no filter declared on it: refused by the server, so not offered
    const size = list.parameters!.find((p) => p.name === 'size')!;
    expect(size.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 500 });
    const created = list.parameters!.find((p) => p.name === 'createTime_datege')!;
    expect(created.schema.pattern).toBeTruthy();
    expect(list.parameters!.find((p) => p.name === 'ascs')!.description).toContain('paramName');

    const page = dataOf(en, list);
    expect(page.required).toEqual(['records', 'total', 'size', 'current', 'pages']);
    const row = resolve(en, page.properties!.records!.items);
    expect(Object.keys(row.properties!)).toEqual(expect.arrayContaining(['id', 'tenantId', 'paramName', 'paramKey', 'paramValue', 'remark', 'createTime', 'updateTime', 'status', 'isDeleted']));
    expect(row.properties!.paramName!.description).toBe('Name');
    expect(row.properties!.id!.type).toBe('string'); // ids travel as strings
  });

  test("a save's body follows the validator: required fields, lengths, the id that makes it an edit", () => {
    const submit = describedIn(en, 'POST', '/blade-system/param/submit')!;
    const body = resolve(en, submit.requestBody!.content['application/json']!.schema);
    expect(body.required).toEqual(['paramName', 'paramKey', 'paramValue']);
    expect(body.properties!.paramValue).toMatchObject({ type: 'string', maxLength: 2000 });
    expect(body.properties!.paramName!.maxLength).toBe(255);
    expect(body.properties!.paramName!.description).toContain('Please enter the name');
    expect(body.properties!.id!.description).toMatch(/edit/);
    expect(submit.description).toContain('`param_add`');

    const remove = describedIn(en, 'POST', '/blade-system/param/remove')!;
    expect(remove.parameters!.find((p) => p.name === 'ids')).toMatchObject({ in: 'query', required: true });
  });

  test('a tree entity answers nested rows; its choices are tree nodes; a view says what it narrows', () => {
    const list = describedIn(en, 'GET', '/blade-system/dept/list')!;
    const items = (dataOf(en, list) as JsonSchema & { type: 'array' }).items;
    expect(dataOf(en, list).type).toBe('array');
    const row = resolve(en, items);
    expect(row.properties!.children!.items!.$ref).toBe(items!.$ref);
    expect(dataOf(en, describedIn(en, 'GET', '/blade-system/dept/lazy-tree')!).items!.$ref).toBe('#/components/schemas/TreeNode');
    expect(describedIn(en, 'GET', '/blade-system/dept/lazy-list')!.parameters!.map((p) => p.name)).toContain('parentId');
    expect(describedIn(en, 'GET', '/blade-system/menu/menu-list')!.description).toContain('`menu-list`');
  });

  test('hand-written routes carry the zod schemas they validate with', () => {
    const info = describedIn(en, 'GET', '/blade-system/tenant/info')!;
    expect(info.parameters).toEqual([{ name: 'domain', in: 'query', required: false, schema: { type: 'string', maxLength: 255 } } satisfies Parameter]);
    const password = describedIn(en, 'POST', '/blade-user/update-password')!;
    const oldPassword = password.parameters!.find((p) => p.name === 'oldPassword')!;
    expect(oldPassword).toMatchObject({ in: 'query', required: true, schema: { type: 'string', pattern: '^[0-9a-f]{32}$' } });
    const log = describedIn(en, 'POST', '/blade-log/client-error/submit')!;
    expect(log.requestBody!.content['application/json']!.schema).toMatchObject({ type: 'array', minItems: 1, maxItems: 200 });
    // A hand-written route may speak an entity's shapes: the dictionary's own list of top-level rows.
    const parents = describedIn(en, 'GET', '/blade-system/dict/parent-list')!;
    expect(parents.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(['current', 'size', 'code']));
    expect(dataOf(en, parents).required).toContain('records');
  });

  test('credentials: the token endpoint wants the client, public routes nothing, the rest the Blade-Auth token', () => {
    expect(en.components.securitySchemes.bladeAuth).toMatchObject({ type: 'apiKey', in: 'header', name: 'Blade-Auth' });
    expect(en.components.securitySchemes.clientBasic).toMatchObject({ type: 'http', scheme: 'basic' });
    const token = describedIn(en, 'POST', '/blade-auth/oauth/token')!;
    expect(token.security).toEqual([{ clientBasic: [] }]);
    expect(token.parameters!.map((p) => `${p.in} ${p.name}`)).toEqual(expect.arrayContaining(['query grant_type', 'query username', 'query password', 'header Tenant-Id', 'header Captcha-Key']));
    expect(token.responses['200']!.content!['application/json']!.schema.required).toContain('access_token');
    expect(describedIn(en, 'GET', '/blade-system/tenant/info')!.security).toEqual([]);
    expect(describedIn(en, 'GET', '/blade-auth/oauth/captcha')!.security).toEqual([]);
    expect(describedIn(en, 'GET', '/blade-auth/oauth/logout')!.security).toEqual([{}, { bladeAuth: [] }]);
    const param = describedIn(en, 'GET', '/blade-system/param/list')!;
    expect(param.security).toEqual([{ bladeAuth: [] }]);
    expect(Object.keys(param.responses)).toEqual(['200', '400', '401', '403']);
    // A guest token reaches registration; the description says so.
    expect(describedIn(en, 'POST', '/blade-user/register-guest')!.description).toContain('guest token');
    // Routes answered before authentication (the probes) are public too.
    expect(describedIn(en, 'GET', '/health')?.security ?? []).toEqual([]);
  });

  test('what the routes say is in the caller’s language', () => {
    expect(describedIn(zh, 'GET', '/blade-system/param/list')!.summary).toBe('参数分页列表');
    expect(describedIn(zh, 'POST', '/blade-auth/oauth/token')!.summary).toBe('获取令牌（登录）');
    expect(describedIn(zh, 'POST', '/blade-system/tenant/setting')!.parameters!.find((p) => p.name === 'plugins')!.description).toContain('插件编号');
    expect(describedIn(en, 'POST', '/blade-system/tenant/setting')!.parameters!.find((p) => p.name === 'plugins')!.description).toContain('Plugin ids');
    expect(zh.tags.find((t) => t.name === 'param')!.description).toBe('参数管理 (插件 `param`)');
    expect(en.info.title).toBe('Admin back office API');
  });

  test('is public and never cached', async () => {
    const res = await ts.get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-language')).toBe('zh');
  });
});

describe('/api/docs', () => {
  test('the page loads Swagger UI from this server only, under its own policy', async () => {
    const res = await ts.call('GET', '/api/docs', { headers: { 'Accept-Language': 'en' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = String(res.body);
    expect(html).toContain('<title>API reference · Admin back office API</title>');
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBe(4);
    for (const source of sources) expect(source).toMatch(/^docs\/[a-z0-9-]+\.(js|css|png)\?v=/);
    expect(html).not.toMatch(/<script>|<style>|https?:\/\//);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
  });

  test('its files are served from the package, long-cached when versioned; nothing else is', async () => {
    const bundle = await ts.call('GET', '/api/docs/swagger-ui-bundle.js', { query: { v: '1' } });
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toContain('text/javascript');
    expect(bundle.headers.get('cache-control')).toContain('immutable');
    const start = await ts.call('GET', '/api/docs/start.js');
    expect(String(start.body)).toContain("url: 'openapi.json'");
    expect(start.headers.get('cache-control')).toBe('public, max-age=300');
    for (const name of ['package.json', 'index.html', '..%2Fpackage.json', 'swagger-ui-bundle.js.map']) {
      expect((await ts.call('GET', `/api/docs/${name}`)).status).toBe(404);
    }
  });
});
