import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { z } from 'zod';
import { defineEntity } from '../../schema/entity';
import { defineResource } from '../../schema/resource';
import { rData } from '../http/r';
import { optionalParam } from '../http/validate';
import { defineServerPlugin } from '../plugin';
import { isMiddleware } from '../registry';
import { createTestServer, type TestServer } from '../test-server';
import { describeRoute } from './describe';
import type { JsonSchema, OpenApiDocument, Operation } from './types';
import { operationOf, resolveSchema as resolve } from './read-document';

/**
 * The API description on the kernel and a plugin defined here: a plain entity with a field of every kind
 * (filters, bounds, options, a virtual field), a tree entity with a view, a hand-written public route
 * that describes itself with zod, and one that does not describe itself at all.
 */

const gadget = defineEntity({
  name: 'gadget',
  table: 'demo_gadget',
  label: { zh: '小工具', en: 'Gadget' },
  api: { base: '/api/demo/gadget' },
  createTimeRange: true,
  fields: {
    title: { type: 'string', label: { zh: '标题', en: 'Title' }, required: true, maxLength: 40, search: 'like', sortable: true, pattern: { source: '^[^<>]*$', message: { zh: '不能含尖括号', en: 'No angle brackets' } } },
    size: { type: 'integer', label: { zh: '大小', en: 'Size' }, min: 1, max: 99, search: 'equal', filters: ['ge', 'le'] },
    kind: { type: 'select', label: { zh: '类别', en: 'Kind' }, options: [{ value: 1, label: { zh: '甲', en: 'A' } }, { value: 2, label: { zh: '乙', en: 'B' } }], search: 'equal' },
    madeOn: { type: 'date', label: { zh: '日期', en: 'Made on' }, search: 'range' },
    price: { type: 'number', label: { zh: '价格', en: 'Price' }, min: 0 },
    ownerId: { type: 'id', label: { zh: '所有者', en: 'Owner' }, writable: 'create' },
    serial: { type: 'string', label: { zh: '序号', en: 'Serial' }, writable: 'never' },
    ownerName: { type: 'string', label: { zh: '所有者名称', en: 'Owner name' }, virtual: true },
  },
});

const shelf = defineEntity({
  name: 'shelf',
  table: 'demo_shelf',
  label: { zh: '货架', en: 'Shelf' },
  api: { base: '/api/demo/shelf' },
  tree: { title: 'shelfName' },
  fields: {
    parentId: { type: 'id', label: { zh: '上级', en: 'Parent' }, default: '0' },
    shelfName: { type: 'string', label: { zh: '名称', en: 'Name' }, required: true, search: 'like' },
  },
});

const countQuery = z.object({ kind: optionalParam(5) });

const demo = defineServerPlugin(
  {
    id: 'demo',
    name: { zh: '演示', en: 'Demo' },
    resources: [defineResource({ entity: gadget, menu: { parent: 'system', sort: 1 } }), defineResource({ entity: shelf, menu: { parent: 'system', sort: 2 } })],
  },
  {
    resources: {
      gadget: { params: { near: () => () => 'true' } },
      shelf: { views: { 'top-list': { of: 'list', where: () => 'parent_id = 0' } } },
    },
    publicPaths: ['/demo/gadget/count'],
    routes(api) {
      api.get(
        '/demo/gadget/count',
        describeRoute({ summary: { zh: '小工具个数', en: 'How many gadgets' }, query: countQuery, data: z.object({ n: z.number().int() }) }),
        (c) => c.json(rData({ n: 0 })),
      );
      api.get('/demo/gadget/raw', (c) => c.json(rData(null)));
    },
  },
);

let ts: TestServer;
let zh: OpenApiDocument;
let en: OpenApiDocument;

/** The `data` of an operation's R envelope. */
const dataOf = (doc: OpenApiDocument, op: Operation): JsonSchema => resolve(doc, op.responses['200']!.content!['application/json']!.schema.allOf![1]!.properties!.data!.anyOf![0]);

const paramNames = (op: Operation) => op.parameters!.map((p) => p.name);

beforeAll(async () => {
  ts = await createTestServer({ plugins: [demo] });
  zh = (await ts.get('/api/openapi.json', { headers: { 'Accept-Language': 'zh-CN' } })).body;
  en = (await ts.get('/api/openapi.json', { headers: { 'Accept-Language': 'en' } })).body;
});

afterAll(async () => {
  await ts?.close();
});

describe('/api/openapi.json', () => {
  test('holds every endpoint of the route table; one that says nothing of itself still appears, and says so', () => {
    const endpoints = ts.app.routes.filter((r) => r.path.startsWith('/api/') && !isMiddleware(r));
    expect(endpoints.filter((r) => !operationOf(en, r.method, r.path)).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    const fallback = endpoints.filter((r) => operationOf(en, r.method, r.path)!.summary === `${r.method} ${r.path.slice('/api'.length)}`);
    expect(fallback.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/demo/gadget/raw']);
    expect(operationOf(en, 'GET', '/demo/gadget/raw')!.description).toBe('(this route has no description yet)');
    expect(operationOf(en, 'GET', '/demo/gadget/raw')!.tags).toEqual(['demo']);
  });

  test('is a valid OpenAPI 3.1 document in both languages', async () => {
    for (const doc of [zh, en]) {
      const result = await new Validator().validate(structuredClone(doc) as unknown as Record<string, unknown>);
      expect(result.errors ?? []).toEqual([]);
      expect(result.valid).toBe(true);
    }
    expect(en.openapi).toBe('3.1.0');
    expect(en.servers).toEqual([{ url: '/api', description: 'This server' }]);
  });

  test("an entity's list takes exactly its filters, paging, sort keys and own parameters, and answers a page of its rows", () => {
    const list = operationOf(en, 'GET', '/demo/gadget/list')!;
    expect(list.summary).toBe('Gadget: paged list');
    expect(list.tags).toEqual(['demo']);
    const dates = (field: string) => ['datege', 'dategt', 'dateequal', 'datele', 'datelt'].map((op) => `${field}_${op}`);
    expect(paramNames(list).sort()).toEqual(
      ['current', 'size', 'searchCount', 'afterId', 'ascs', 'descs', 'title', 'size_equal', 'size_ge', 'size_le', 'kind_equal', ...dates('madeOn'), ...dates('createTime'), 'near'].sort(),
    );
    const param = (name: string) => list.parameters!.find((p) => p.name === name)!;
    expect(param('size_ge').schema.pattern).toBe('^-?\\d{1,18}$');
    expect(param('kind_equal').schema.pattern).toBe('^-?\\d{1,18}$');
    expect(param('madeOn_datege').schema.pattern).toBe('^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}:\\d{2})?$');
    expect(param('title').schema).toEqual({ type: 'string', maxLength: 1000 });
    expect(param('title').description).toBe('Title: contains (any case)');
    expect(param('ascs').description).toContain('title');

    const page = dataOf(en, list);
    expect(page.required).toEqual(['records', 'total', 'size', 'current', 'pages']);
    expect(page.properties!.records!.items!.$ref).toBe('#/components/schemas/DemoGadget');
    const row = resolve(en, page.properties!.records!.items);
    expect(row.properties!.id!.type).toBe('string');
    expect(row.properties!.price!.type).toBe('string'); // a decimal keeps its digits as text
    expect(row.properties!.kind!.enum).toEqual([1, 2, null]);
    expect(row.properties!.kind!.description).toBe('Kind · 1 = A, 2 = B');
    expect(row.properties!.ownerName!.readOnly).toBe(true);
    expect(row.required).toContain('serial');
    expect(row.required).not.toContain('ownerName');
    expect(row.required).toEqual(expect.arrayContaining(['tenantId', 'createTime', 'status', 'isDeleted']));
  });

  test("a save's body is what the validator takes: required fields, bounds, patterns, options, the writable rule", () => {
    const submit = operationOf(en, 'POST', '/demo/gadget/submit')!;
    expect(submit.summary).toBe('Gadget: add or edit');
    expect(submit.description).toContain('`gadget_add`');
    const body = resolve(en, submit.requestBody!.content['application/json']!.schema);
    expect(body.required).toEqual(['title']);
    expect(body.properties!.title).toMatchObject({ type: 'string', maxLength: 40, pattern: '^[^<>]*$' });
    expect(body.properties!.title!.description).toBe('Title · Please enter the title');
    expect(body.properties!.size).toMatchObject({ type: 'integer', minimum: 1, maximum: 99 });
    expect(body.properties!.kind!.enum).toEqual([1, 2]);
    expect(body.properties!.madeOn!.pattern).toBe('^\\d{4}-\\d{2}-\\d{2}$');
    expect(Object.keys(body.properties!)).toEqual(['id', 'title', 'size', 'kind', 'madeOn', 'price', 'ownerId']); // never `serial` nor the virtual name
    const remove = operationOf(en, 'POST', '/demo/gadget/remove')!;
    expect(remove.parameters!.find((p) => p.name === 'ids')).toMatchObject({ in: 'query', required: true });
    expect(remove.description).toContain('`gadget_delete`');
    const detail = operationOf(en, 'GET', '/demo/gadget/detail')!;
    expect(detail.parameters!.find((p) => p.name === 'id')!.required).toBe(true);
    expect(dataOf(en, detail).properties!.title).toBeTruthy();
  });

  test('a tree answers nested rows, its choices are tree nodes, and a view says what it narrows', () => {
    const list = operationOf(en, 'GET', '/demo/shelf/list')!;
    expect(list.summary).toBe('Shelf: the whole tree');
    const rows = dataOf(en, list);
    expect(rows.type).toBe('array');
    const row = resolve(en, rows.items);
    expect(row.properties!.children!.items!.$ref).toBe(rows.items!.$ref);
    expect(row.properties!.parentName).toBeTruthy();
    expect(paramNames(operationOf(en, 'GET', '/demo/shelf/lazy-list')!)).toContain('parentId');
    expect(dataOf(en, operationOf(en, 'GET', '/demo/shelf/lazy-tree')!).items!.$ref).toBe('#/components/schemas/TreeNode');
    expect(paramNames(operationOf(en, 'GET', '/demo/shelf/tree')!)).toEqual(['tenantId']);
    const view = operationOf(en, 'GET', '/demo/shelf/top-list')!;
    expect(view.summary).toBe('Shelf: the whole tree');
    expect(view.description).toContain('(`top-list`)');
  });

  test('a hand-written route carries the zod schemas it parses with', () => {
    const count = operationOf(en, 'GET', '/demo/gadget/count')!;
    expect(count.summary).toBe('How many gadgets');
    expect(count.parameters).toEqual([{ name: 'kind', in: 'query', required: false, schema: { type: 'string', maxLength: 5 } }]);
    expect(dataOf(en, count)).toMatchObject({ type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] });
    const password = operationOf(en, 'POST', '/blade-user/update-password')!;
    expect(password.parameters!.find((p) => p.name === 'oldPassword')).toMatchObject({ in: 'query', required: true, schema: { type: 'string', pattern: '^[0-9a-f]{32}$' } });
    const log = operationOf(en, 'POST', '/blade-log/client-error/submit')!;
    expect(log.requestBody!.content['application/json']!.schema).toMatchObject({ type: 'array', minItems: 1, maxItems: 200 });
  });

  test('credentials: the client for the token endpoint, none for public routes, the Blade-Auth token for the rest', () => {
    expect(en.components.securitySchemes.bladeAuth).toMatchObject({ type: 'apiKey', in: 'header', name: 'Blade-Auth' });
    expect(en.components.securitySchemes.clientBasic).toMatchObject({ type: 'http', scheme: 'basic' });
    const token = operationOf(en, 'POST', '/blade-auth/oauth/token')!;
    expect(token.security).toEqual([{ clientBasic: [] }]);
    expect(token.parameters!.map((p) => `${p.in} ${p.name}`)).toEqual(expect.arrayContaining(['query grant_type', 'query username', 'query password', 'header Tenant-Id', 'header Captcha-Key']));
    expect(token.responses['200']!.content!['application/json']!.schema.required).toContain('access_token');
    expect(token.responses['400']!.content!['application/json']!.schema.required).toContain('error_description');
    expect(operationOf(en, 'GET', '/demo/gadget/count')!.security).toEqual([]); // a plugin's public path
    expect(operationOf(en, 'GET', '/blade-system/tenant/info')!.security).toEqual([]);
    expect(operationOf(en, 'GET', '/blade-auth/oauth/logout')!.security).toEqual([{}, { bladeAuth: [] }]);
    const list = operationOf(en, 'GET', '/demo/gadget/list')!;
    expect(list.security).toEqual([{ bladeAuth: [] }]);
    expect(Object.keys(list.responses)).toEqual(['200', '400', '401', '403']);
    expect(Object.keys(operationOf(en, 'GET', '/demo/gadget/count')!.responses)).toEqual(['200', '400', '429']);
    expect(Object.keys(operationOf(en, 'GET', '/health')!.responses)).toEqual(['200', '400']);
    expect(Object.keys(operationOf(en, 'POST', '/blade-user/register-guest')!.responses)).toContain('429');
    expect(en.components.schemas.R!.properties!.requestId).toMatchObject({ type: 'string' });
    expect(operationOf(en, 'POST', '/blade-user/register-guest')!.description).toContain('guest token');
    // Answered before authentication: public whatever the public paths say.
    expect(operationOf(en, 'GET', '/health')?.security).toEqual([]);
  });

  test("what the routes say is in the caller's language", () => {
    expect(operationOf(zh, 'GET', '/demo/gadget/list')!.summary).toBe('小工具分页列表');
    expect(operationOf(zh, 'GET', '/demo/gadget/list')!.parameters!.find((p) => p.name === 'title')!.description).toBe('标题: 包含（不区分大小写）');
    expect(operationOf(zh, 'POST', '/blade-auth/oauth/token')!.summary).toBe('获取令牌（登录）');
    expect(operationOf(zh, 'POST', '/blade-system/tenant/setting')!.parameters!.find((p) => p.name === 'plugins')!.description).toContain('插件编号');
    expect(operationOf(en, 'POST', '/blade-system/tenant/setting')!.parameters!.find((p) => p.name === 'plugins')!.description).toContain('Plugin ids');
    expect(zh.tags.find((t) => t.name === 'demo')!.description).toBe('演示 (插件 `demo`)');
    expect(zh.info.title).toBe('管理后台接口');
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
