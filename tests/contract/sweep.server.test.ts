import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { loadServerPlugins } from '../../app/server-plugins';
import type { EntityDef, FieldDef } from '../../core/schema/entity';
import { allowedOps, COMPARE_OPS, DATE_OPS, selectIsNumeric } from '../../core/schema/filters';
import { hashPassword, md5 } from '../../core/server/auth/password';
import { DEMO_TENANT } from '../../core/server/seed/kernel-seed';
import { provisionTenant } from '../../core/server/tenant/provision';
import { nextTenantId } from '../../core/server/tenant/tenants';
import { createTestServer, type CallResult, type TestServer } from '../../core/server/test-server';

/**
 * Sweeps over every API route of the installed product (the kernel and every installed plugin), found
 * from the server's own route table, so a new endpoint is covered the day it is added:
 * - permissions: a signed-in user whose role holds no code is refused every endpoint that is not meant
 *   for any signed-in user;
 * - bad input: malformed, wrong-typed, oversized and hostile input never gets a 500 and changes nothing;
 *   a NUL character in any parameter, field or path is refused (400) before any handler; a typed filter
 *   given a value of another type, or one its column cannot hold, is a 400 naming it;
 * - tenant isolation: the administrator of tenant 100001, handed the ids of every row of tenant 000000,
 *   reads none of them and changes none of them, on any endpoint.
 */

type Route = { method: 'GET' | 'POST'; path: string };

/** Endpoints for any signed-in user (their own session, menus and profile, dictionaries, public look-ups). */
const ANY_MEMBER = new Set([
  // Probes and the API description: public, they show no data.
  'GET /api/health',
  'GET /api/ready',
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs/:file',
  // The password rule the forms show.
  'GET /api/blade-user/password-rule',
  'POST /api/blade-auth/oauth/token',
  'POST /api/blade-auth/oauth/token/refresh',
  'GET /api/blade-auth/oauth/captcha',
  'GET /api/blade-auth/oauth/render/:source',
  'GET /api/blade-auth/oauth/logout',
  'POST /api/blade-auth/oauth/logout',
  'GET /api/blade-auth/oauth/clear-cache',
  'GET /api/blade-auth/oauth/user-info',
  'GET /api/blade-user/info',
  'POST /api/blade-user/update-info',
  'POST /api/blade-user/update-password',
  'POST /api/blade-user/register-guest',
  'GET /api/blade-user/user-list',
  'GET /api/blade-system/menu/routes',
  'GET /api/blade-system/menu/buttons',
  'GET /api/blade-system/menu/top-menu',
  'GET /api/blade-system/tenant/info',
  'GET /api/blade-system/plugin/enabled',
  'POST /api/blade-resource/oss/endpoint/put-file',
  'POST /api/blade-resource/oss/endpoint/put-file-attach',
  'GET /api/blade-resource/oss/endpoint/file/:name',
  'POST /api/blade-log/client-error/submit',
  'GET /api/blade-system/dict/dictionary',
  'GET /api/blade-system/dict-biz/dictionary',
  // The choices of selectors (names only), open to any member of the tenant as in BladeX.
  'GET /api/blade-system/dept/tree',
  'GET /api/blade-system/dept/lazy-tree',
  'GET /api/blade-system/post/select',
  // The card front end's attachment calls: public, the signed card link stands for a token.
  'POST /api/visit/attach/request',
  'GET /api/visit/attach/file',
  // The card front end reports visits: public, the signed card token names the card.
  'POST /api/visit/record',
  'POST /api/visit/record/update',
  // A certificate's QR code opens its check: public, the signed certificate token names it.
  'GET /api/certificate/verify',
  'GET /api/staff/info/list',
  'GET /api/company/information/list',
  'GET /api/genius/select',
  'GET /api/mall/product/list',
  // The card domain of one's own tenant (the cards' links).
  'GET /api/wx/get/domian',
  // Each member's own notices in the top bar's popover (published ones only) and their read marks.
  'GET /api/blade-desk/notice/my',
  'GET /api/blade-desk/notice/my/unread-count',
  'GET /api/blade-desk/notice/my/detail',
  'POST /api/blade-desk/notice/read',
  'POST /api/blade-desk/notice/read-all',
  // Each member's own work: what they may start, claim, do, started and did, their moves on their own tasks.
  'GET /api/blade-flow/work/start-list',
  'GET /api/blade-flow/work/claim-list',
  'GET /api/blade-flow/work/todo-list',
  'GET /api/blade-flow/work/send-list',
  'GET /api/blade-flow/work/done-list',
  'GET /api/blade-flow/work/waiting',
  'GET /api/blade-flow/work/waiting-count',
  'POST /api/blade-flow/work/claim-task',
  'POST /api/blade-flow/work/complete-task',
  'POST /api/blade-flow/work/delete-task',
  'POST /api/blade-flow/work/start-process',
  // An instance in brief, its history and diagram, a definition's XML: to whoever takes part (checked per instance).
  'GET /api/blade-flow/process/instance',
  'GET /api/blade-flow/process/history-flow-list',
  'GET /api/blade-flow/process/model-view',
  'GET /api/blade-flow/process/resource-view',
  // A member's own leave requests: start one; read one they applied for or take part in.
  'POST /api/blade-desk/process/leave/start-process',
  'GET /api/blade-desk/process/leave/detail',
]);

/** Areas of the super administrator (data every tenant shares): refused to everyone else, a tenant's own administrator included. */
const ADMINISTRATOR_ONLY = [
  /^\/api\/blade-system\/tenant\/(?!info$)/,
  /^\/api\/blade-system\/plugin\/list$/,
  /^\/api\/blade-system\/client\//,
  /^\/api\/blade-develop\/datasource\//,
  /^\/api\/blade-develop\/code\//,
  /^\/api\/blade-system\/menu\/(list|lazy-list|lazy-menu-list|menu-list|tree|detail|submit|remove)$/,
  /^\/api\/blade-system\/(data|api)-scope\//,
  /^\/api\/blade-system\/region\/(submit|remove)$/,
  /^\/api\/blade-system\/dict\/(submit|remove)$/,
  /^\/api\/staff\/system\//,
  /^\/api\/blade-flow\/(model|manager|follow)\//,
];

/** Calls that fail on purpose (a check that server failures are logged): a 500 is their answer, whatever the input. */
const FAILING_ON_PURPOSE = new Set(['POST /api/blade-log/error/test']);

/** Calls that end or change the caller's own session: they would spoil the sweeps' tokens. */
const SESSION_ENDING = new Set(['GET /api/blade-auth/oauth/logout', 'POST /api/blade-auth/oauth/logout', 'POST /api/blade-auth/oauth/token', 'POST /api/blade-auth/oauth/token/refresh']);

/**
 * Parameter names the hand-written routes read (from the query, a form or a JSON body), besides the fields
 * and filter keys of every entity, which are added from the definitions.
 */
const HAND_WRITTEN_PARAMS = [
  'id', 'ids', 'parentId', 'tenantId', 'tenantName', 'code', 'name', 'domain', 'account', 'realName', 'phone', 'email', 'roleId', 'roleIds',
  'userId', 'userIds', 'deptId', 'menuId', 'menuIds', 'topMenuId', 'topMenuIds', 'dataScopeIds', 'apiScopeIds', 'parentCode', 'datasourceId',
  'plugins', 'accountNumber', 'expireTime', 'isCovered', 'status_equal', 'current', 'size', 'ascs', 'descs', 'username', 'password',
  'oldPassword', 'newPassword', 'newPassword1', 'grant_type', 'scope', 'refresh_token', 'source', 'state', 'oauthId', 'avatar', 'key',
  'dictKey', 'dictValue', 'url', 'message', 'stack', 'userAgent', 'language',
  't', 'visitorId', 'nickName', 'attachId', 'attachIds', 'staffId', 'days', 'phones',
  'visitId', 'startDate', 'endDate', 'companyId',
  'taskId', 'processInstanceId', 'processDefinitionId', 'flag', 'comment', 'variables', 'category', 'processDefinitionName', 'beginDate',
  'title', 'reason', 'taskUser', 'mode',
  'startTime', 'endTime', 'businessId', 'resourceType',
  'modelId', 'modelKey', 'modelEditorXml', 'description', 'tenantIds', 'processId', 'deploymentIds', 'processDefinitionKey', 'deleteReason',
];

const NUL_VALUE = 'a\u0000b';
const INVALID_CHARACTER = '参数包含非法字符';

/** Answers made from the code alone, the same for everyone (their examples may look like a row's id). */
const FROM_CODE_ALONE = new Set(['GET /api/openapi.json', 'GET /api/docs', 'GET /api/docs/:file']);

let ts: TestServer;
let routes: Route[];
let entities: EntityDef[];
let admin: string;
let nobody: string;
let tenantAdmin: string;
/** Tables with a tenant_id column, except ones no endpoint addresses by id. */
let tenantTables: string[];

const key = (r: Route) => `${r.method} ${r.path}`;
const concrete = (path: string) => path.replace(/:(\w+)/g, 'x$1');

function send(route: Route, token: string, query: Record<string, string>, json?: unknown): Promise<CallResult> {
  const path = concrete(route.path);
  return route.method === 'GET' ? ts.get(path, { token, query }) : ts.post(path, { token, query, json: json ?? {} });
}

/** A digest of every row of these tables (of one tenant, when given): equal digests, nothing changed. */
async function digest(tables: readonly string[], tenantId?: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  await ts.ctx.db.system(async (tx) => {
    for (const table of tables) {
      const row = await tx.one<{ d: string }>(
        `select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as d from ${table} x ${tenantId ? 'where x.tenant_id = $1' : ''}`,
        tenantId ? [tenantId] : [],
      );
      result[table] = row!.d;
    }
  });
  return result;
}

/**
 * Hands `token`'s caller the ids of every row of tenant `victim` (all at once and one at a time, under
 * every parameter name the endpoints use) on every route: no response may show one of them, and no row of
 * the victim may change.
 */
async function expectIsolated(token: string, victim: string): Promise<void> {
  const foreign = await ts.ctx.db.system(async (tx) => {
    const byTable: Record<string, string[]> = {};
    for (const table of tenantTables) {
      const rows = await tx.query<{ id: string }>(`select id::text as id from ${table} where tenant_id = $1 order by id limit 200`, [victim]).catch(() => []);
      if (rows.length) byTable[table] = rows.map((r) => r.id);
    }
    return byTable;
  });
  expect(Object.keys(foreign).length).toBeGreaterThan(3);
  const allForeign = new Set(Object.values(foreign).flat());
  const before = await digest(tenantTables, victim);
  const leaks: string[] = [];
  for (const [table, ids] of Object.entries(foreign)) {
    const list = ids.join(',');
    const one = ids[0]!;
    const query = { id: one, ids: list, parentId: one, roleId: one, roleIds: list, userId: one, userIds: list, deptId: one, menuId: one, topMenuIds: list, tenantId: victim, current: '1', size: '500' };
    const json = { id: one, ids: list, parentId: one, roleIds: ids, userIds: ids, topMenuIds: ids, menuIds: [], userId: one, tenantId: victim };
    for (const route of routes) {
      if (SESSION_ENDING.has(key(route)) || FROM_CODE_ALONE.has(key(route))) continue;
      const res = await send(route, token, query, json);
      const text = JSON.stringify(res.body);
      const seen = [...allForeign].filter((id) => text.includes(`"${id}"`) || text.includes(`:${id},`) || text.includes(`,${id}"`));
      if (seen.length) leaks.push(`${key(route)} with ${table} ids → shows ${seen.slice(0, 3).join(', ')}`);
    }
  }
  expect(leaks).toEqual([]);
  expect(await digest(tenantTables, victim)).toEqual(before);
}

beforeAll(async () => {
  ts = await createTestServer({ plugins: await loadServerPlugins() });
  const seen = new Set<string>();
  routes = [];
  for (const r of ts.app.routes) {
    if ((r.method !== 'GET' && r.method !== 'POST') || !r.path.startsWith('/api/') || r.path.includes('*')) continue;
    const route: Route = { method: r.method, path: r.path };
    if (!seen.has(key(route))) {
      seen.add(key(route));
      routes.push(route);
    }
  }
  admin = (await ts.signIn('admin', 'admin')).access_token;
  tenantAdmin = (await ts.signIn('admin', 'admin', DEMO_TENANT.tenantId)).access_token;
  entities = (await loadServerPlugins()).flatMap((p) => p.entities ?? []);
  const roleId = await ts.addRole({ tenantId: '000000', alias: 'nobody', codes: [] });
  await ts.addUser({ tenantId: '000000', account: 'nobody', password: 'nobody', roleId });
  nobody = (await ts.signIn('nobody', 'nobody')).access_token;
  tenantTables = await ts.ctx.db.system(async (tx) =>
    (
      await tx.query<{ table_name: string }>(
        // Rows addressed by an id: a table keyed otherwise (session revocations by family) no endpoint is handed ids of.
        `select t.table_name from information_schema.columns t
          where t.table_schema = 'public' and t.column_name = 'tenant_id'
            and exists (select 1 from information_schema.columns i where i.table_schema = 'public' and i.table_name = t.table_name and i.column_name = 'id')
          order by t.table_name`,
      )
    )
      .map((r) => r.table_name)
      .filter((t) => !['blade_refresh_token', 'blade_login_failure', 'blade_log_error', 'blade_log_api', 'blade_log_usual', 'blade_user_oauth'].includes(t)),
  );
});
afterAll(() => ts.close());

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

  test('bad input is a 400 with a message, never a 500, and changes nothing', async () => {
    const everything = await ts.ctx.db.system(async (tx) =>
      (await tx.query<{ table_name: string }>(`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`))
        .map((r) => r.table_name)
        .filter((t) => !['blade_refresh_token', 'blade_login_failure', 'blade_log_error', 'blade_log_api', 'blade_log_usual', 'blade_captcha', 'blade_oauth_code', 'blade_worker_lease', 'blade_rate_limit', 'migrations'].includes(t) && !t.startsWith('_')),
    );
    const before = await digest(everything);
    const huge = 'x'.repeat(200_000);
    const hostile = `'; drop table blade_user; -- <img src=x onerror=alert(1)>`;
    const fields = [...new Set((await loadServerPlugins()).flatMap((p) => (p.entities ?? []).flatMap((e) => Object.keys(e.fields))))];
    const bodies: unknown[] = ['not json', [1, 2], { id: 'abc' }, { id: -1 }, { id: '9223372036854775808', parentId: '9223372036854775808' }, Object.fromEntries(fields.map((f) => [f, huge])), Object.fromEntries(fields.map((f) => [f, { nested: hostile }]))];
    const queries: Record<string, string>[] = [
      { id: 'abc', ids: "1' or '1'='1", current: '-1', size: '99999999' },
      { id: '99999999999999999999999', parentId: 'x', tenantId: hostile, roleIds: 'a,b', userIds: '1;2' },
      { nosuchfilter: '1', createTime_datege: 'yesterday' },
      { id: '9223372036854775808', ids: '9223372036854775808', parentId: '9223372036854775808', roleIds: '9223372036854775808' },
      { current: '1e400', size: 'NaN', id: 'NaN', parentId: '1.5', accountNumber: '1e400', expireTime: 'yesterday', status_equal: 'NaN', isCovered: 'maybe' },
      { current: '99999999999999999999', size: '-0', id: '-1', parentId: 'Infinity', accountNumber: '99999999999', expireTime: '2024-02-30', status_equal: '99999999999' },
    ];
    const failures: string[] = [];
    for (const route of routes) {
      if (SESSION_ENDING.has(key(route)) || FAILING_ON_PURPOSE.has(key(route))) continue;
      const attempts =
        route.method === 'GET'
          ? queries.map((q) => () => send(route, admin, q))
          : [
              ...bodies.map((b) => () =>
                typeof b === 'string'
                  ? ts.call('POST', concrete(route.path), { token: admin, headers: { 'content-type': 'application/json' }, body: b })
                  : send(route, admin, {}, b),
              ),
              ...queries.map((q) => () => send(route, admin, q, {})),
            ];
      for (const attempt of attempts) {
        const res = await attempt();
        if (res.status >= 500 || (res.status === 400 && !(res.body?.msg || res.body?.error_description))) failures.push(`${key(route)} → ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(ts.logged).toEqual([]);
    expect(await digest(everything)).toEqual(before);
  });

  test('a NUL character in any query parameter, body field, form field or path is a 400 before any handler, signed in or not, and changes nothing', async () => {
    const before = await digest(tenantTables);
    // A session of its own: on a route that ended sessions, a guard that let the call through would end it.
    const caller = (await ts.signIn('admin', 'admin')).access_token;
    const known = new Set(HAND_WRITTEN_PARAMS);
    for (const entity of entities) {
      for (const [name, field] of Object.entries(entity.fields)) {
        known.add(name);
        for (const op of allowedOps(field)) known.add(op === 'like' ? name : `${name}_${op}`);
      }
    }
    const all = Object.fromEntries([...known].map((name) => [name, NUL_VALUE]));
    const failures: string[] = [];
    const refused = (label: string, res: CallResult) => {
      if (res.status !== 400 || res.body?.msg !== INVALID_CHARACTER) failures.push(`${label} → ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
    };
    for (const route of routes) {
      const path = concrete(route.path);
      const label = key(route);
      // Signed out: the public routes (the token endpoint, tenant/info) included, refused before authentication.
      refused(`${label} signed out, every parameter`, await send(route, '', all, all));
      for (const name of known) {
        refused(`${label} ?${name}`, await send(route, caller, { [name]: NUL_VALUE }, {}));
        if (route.method === 'POST') refused(`${label} JSON ${name}`, await send(route, caller, {}, { [name]: NUL_VALUE }));
      }
      if (route.method === 'POST') {
        refused(`${label} nested JSON`, await send(route, caller, {}, { id: '1', nested: { deeper: [NUL_VALUE] } }));
        refused(`${label} urlencoded form`, await ts.call('POST', path, { token: caller, body: new URLSearchParams(all) }));
        const form = new FormData();
        for (const [name, value] of Object.entries(all)) form.append(name, value);
        refused(`${label} multipart form`, await ts.call('POST', path, { token: caller, body: form }));
      }
      if (route.path.includes(':')) refused(`${label} path`, await ts.call(route.method, route.path.replace(/:(\w+)/g, 'a%00b'), { token: caller }));
    }
    expect(failures).toEqual([]);
    expect(ts.logged).toEqual([]);
    expect(await digest(tenantTables)).toEqual(before);
  });

  test("a typed filter given another type's value, or one its column cannot hold, is a 400 naming it on every list of its entity, never a 500", async () => {
    const numbers = ['NaN', '1.5', '1e3', 'Infinity', '0x10', '１２', '99999999999', '-99999999999', '9223372036854775808'];
    const dates = ['yesterday', '2024-13-45', '2024-02-30', '0000-00-00', '2024-01-01T00:00:00', '99999-01-01'];
    const badValues = (field: FieldDef, op: string): string[] => {
      if ((DATE_OPS as readonly string[]).includes(op) || field.type === 'date' || field.type === 'datetime') return dates;
      if (field.type === 'switch') return [...numbers, '40000'];
      // A bigint id holds 99999999999: for an id only the values no bigint holds are bad.
      if (field.type === 'id') return numbers.filter((v) => v !== '99999999999');
      if (['integer', 'number'].includes(field.type) || selectIsNumeric(field)) return field.type === 'number' ? numbers.filter((v) => !/^-?\d+(\.\d+)?$/.test(v)) : numbers;
      return [];
    };
    const failures: string[] = [];
    let tried = 0;
    for (const entity of entities) {
      const lists = routes.filter((r) => r.method === 'GET' && r.path.startsWith(`${entity.api.base}/`) && !r.path.includes(':'));
      const list = `${entity.api.base}/${entity.api.list}`;
      for (const [name, field] of Object.entries(entity.fields)) {
        for (const op of allowedOps(field)) {
          if (!(COMPARE_OPS as readonly string[]).includes(op) && !(DATE_OPS as readonly string[]).includes(op)) continue;
          const filterKey = `${name}_${op}`;
          for (const value of badValues(field, op)) {
            for (const route of lists) {
              const res = await send(route, admin, { [filterKey]: value });
              tried++;
              if (res.status >= 500) failures.push(`${key(route)} ?${filterKey}=${value} → ${res.status}`);
              else if (route.path === list && (res.status !== 400 || !String(res.body?.msg).includes(filterKey))) {
                failures.push(`${key(route)} ?${filterKey}=${value} → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
              }
            }
          }
        }
      }
    }
    expect(tried).toBeGreaterThan(100);
    expect(failures).toEqual([]);
    expect(ts.logged).toEqual([]);
  });

  test("tenant 100001's administrator can neither read nor change any row of tenant 000000", async () => {
    await expectIsolated(tenantAdmin, '000000');
  });

  test("a new tenant's administrator can neither read nor change any row of tenant 100001", async () => {
    const tenantId = await ts.ctx.db.system(async (tx) => {
      const id = await nextTenantId(tx);
      await provisionTenant(tx, ts.ctx.ids, ts.ctx.extensions, { tenantId: id, tenantName: '隔离测试', adminPasswordHash: await hashPassword(md5('admin')) });
      await ts.ctx.tenantPlugins.invalidate(tx, [id]);
      return id;
    });
    await expectIsolated((await ts.signIn('admin', 'admin', tenantId)).access_token, DEMO_TENANT.tenantId);
  });
});

/** Chinese characters (CJK unified ideographs and extension A): none may reach an English caller. */
const CJK = /[\u3400-\u9fff]/;
const ENGLISH = { 'Accept-Language': 'en-US,en;q=0.9' };

/** What a response says to a person: the R envelope's `msg` and the token endpoint's `error_description`. */
function messagesOf(res: CallResult): string[] {
  const body = res.body as { msg?: unknown; error_description?: unknown } | undefined;
  if (typeof body !== 'object' || body === null) return [];
  return [body.msg, body.error_description].filter((m): m is string => typeof m === 'string' && m !== '');
}

const failed = (res: CallResult) => res.status !== 200 || (res.body as { success?: boolean } | undefined)?.success === false;

interface LanguageCall {
  label: string;
  send: (headers: Record<string, string>) => Promise<CallResult>;
}

/**
 * Sends each call in English and without a language: the English answer holds no Chinese character, an
 * error answered without a language is in Chinese, and both are the same answer (same status).
 */
async function expectBothLanguages(calls: readonly LanguageCall[]): Promise<{ errors: number }> {
  const chinese: string[] = [];
  const notChinese: string[] = [];
  const different: string[] = [];
  let errors = 0;
  for (const call of calls) {
    const en = await call.send(ENGLISH);
    const zh = await call.send({});
    for (const m of messagesOf(en)) if (CJK.test(m)) chinese.push(`${call.label} → ${en.status} ${m.slice(0, 120)}`);
    if (failed(zh)) for (const m of messagesOf(zh)) if (!CJK.test(m)) notChinese.push(`${call.label} → ${zh.status} ${m.slice(0, 120)}`);
    if (en.status !== zh.status) different.push(`${call.label}: ${en.status} in English, ${zh.status} in Chinese`);
    if (failed(en) && messagesOf(en).length > 0) errors++;
  }
  expect(chinese).toEqual([]);
  expect(notChinese).toEqual([]);
  expect(different).toEqual([]);
  return { errors };
}

describe('every message in the caller\'s language', () => {
  test('every endpoint, with bad input, without permission, signed out or given missing rows, answers English to Accept-Language: en and Chinese without it', async () => {
    const id = '1123598815738675201';
    const missing = '1999999999999999999';
    const refusedQuery = { id, ids: id, roleId: id, roleIds: id, userId: id, userIds: id, topMenuIds: id, menuIds: id, parentId: id, code: '00', parentCode: '00', tenantId: DEMO_TENANT.tenantId, current: '1', size: '10' };
    const missingQuery = { id: missing, ids: missing, parentId: missing, roleIds: missing, userIds: missing, code: '990099', datasourceId: missing, current: '1', size: '10' };
    const badQueries: Record<string, string>[] = [
      { id: 'abc', ids: "1' or '1'='1", current: '-1', size: '99999999' },
      { nosuchfilter: '1', createTime_datege: 'yesterday', descs: 'nosuchcolumn' },
      { id: '9223372036854775808', ids: '9223372036854775808', parentId: 'x', roleIds: 'a,b', tenantId: 'x'.repeat(40) },
    ];
    const fields = [...new Set((await loadServerPlugins()).flatMap((p) => (p.entities ?? []).flatMap((e) => Object.keys(e.fields))))];
    const badBodies: unknown[] = [{ id: 'abc' }, { id: missing, parentId: missing }, Object.fromEntries(fields.map((f) => [f, 'x'.repeat(3000)])), Object.fromEntries(fields.map((f) => [f, { nested: 1 }]))];
    const withHeaders = (route: Route, token: string | undefined, query: Record<string, string>, json: unknown) => (headers: Record<string, string>) => {
      const path = concrete(route.path);
      return route.method === 'GET' ? ts.get(path, { token, query, headers }) : ts.post(path, { token, query, json: json ?? {}, headers });
    };

    const calls: LanguageCall[] = [{ label: 'an unknown API path', send: (headers) => ts.get('/api/blade-nothing/here', { token: admin, headers }) }];
    for (const route of routes) {
      if (SESSION_ENDING.has(key(route))) continue;
      const label = key(route);
      calls.push({ label: `${label} signed out`, send: withHeaders(route, undefined, {}, {}) });
      if (!ANY_MEMBER.has(label)) calls.push({ label: `${label} without permission`, send: withHeaders(route, nobody, refusedQuery, { id }) });
      if (ADMINISTRATOR_ONLY.some((pattern) => pattern.test(route.path))) calls.push({ label: `${label} by a tenant's administrator`, send: withHeaders(route, tenantAdmin, refusedQuery, { id }) });
      calls.push({ label: `${label} given a missing row`, send: withHeaders(route, admin, missingQuery, { id: missing, parentId: missing }) });
      badQueries.forEach((q, i) => calls.push({ label: `${label} bad query ${i}`, send: withHeaders(route, admin, q, {}) }));
      if (route.method === 'POST') {
        badBodies.forEach((b, i) => calls.push({ label: `${label} bad body ${i}`, send: withHeaders(route, admin, {}, b) }));
        calls.push({ label: `${label} body not JSON`, send: (headers) => ts.call('POST', concrete(route.path), { token: admin, headers: { ...headers, 'content-type': 'application/json' }, body: '{not json' }) });
      }
    }
    const { errors } = await expectBothLanguages(calls);
    // Most of those calls are refused: the sweep really looked at error messages, not successes.
    expect(errors).toBeGreaterThan(routes.length * 3);
  });

  test('sign-in failures: wrong password, unknown tenant, locked, pending and disabled accounts, bad client, grant, captcha and tokens', async () => {
    const roleId = await ts.addRole({ tenantId: '000000', alias: 'speakers', codes: [] });
    for (const account of ['wrongpw', 'lockedout', 'pending', 'disabled']) await ts.addUser({ tenantId: '000000', account, password: 'right', roleId });
    await ts.ctx.db.system((tx) => tx.query(`update blade_user set status = case account when 'pending' then 0 else 2 end where tenant_id = '000000' and account in ('pending', 'disabled')`));
    const password = (account: string, plain: string, tenantId = '000000') => ({ tenantId, username: account, password: md5(plain), grant_type: 'password' });
    for (let i = 0; i < 6; i++) await ts.token(password('lockedout', 'wrong'));
    expect((await ts.token(password('lockedout', 'right'))).body.error_description).toBe('登录错误次数过多,请稍后再试');
    const captchaKey = (await ts.get('/api/blade-auth/oauth/captcha')).body.key as string;

    const token = (label: string, params: Record<string, string>, extra: Record<string, string> = {}): LanguageCall => ({ label, send: (headers) => ts.token(params, { ...extra, ...headers }) });
    const calls: LanguageCall[] = [
      token('a wrong password', password('wrongpw', 'wrong')),
      token('an unknown account', password('nobody-at-all', 'x')),
      token('an unknown tenant', password('admin', 'admin', '999999')),
      token('a malformed tenant id', password('admin', 'admin', 'abc')),
      token('a locked account', password('lockedout', 'right')),
      token('an account awaiting approval', password('pending', 'right')),
      token('a disabled account', password('disabled', 'right')),
      token('a wrong client secret', password('admin', 'admin'), { Authorization: `Basic ${Buffer.from('saber:wrong').toString('base64')}` }),
      token('an unknown grant type', { grant_type: 'magic' }),
      token('a wrong captcha', { ...password('admin', 'admin'), grant_type: 'captcha' }, { 'Captcha-Key': captchaKey, 'Captcha-Code': 'zzzz' }),
      token('a forged refresh token', { grant_type: 'refresh_token', refresh_token: 'not.a.token' }),
      token('an unknown third-party source', { grant_type: 'social', source: 'nowhere', code: 'x' }),
      token('an expired third-party code', { grant_type: 'social', source: 'demo', code: 'x' }),
      { label: 'an unknown third-party provider page', send: (headers) => ts.get('/api/blade-auth/oauth/render/nowhere', { headers }) },
    ];
    const { errors } = await expectBothLanguages(calls);
    expect(errors).toBe(calls.length);
    const wrong = await ts.token(password('wrongpw', 'wrong'), ENGLISH);
    expect(wrong.body).toMatchObject({ error_description: 'Wrong user name or password', msg: 'Wrong user name or password' });
    expect((await ts.token(password('wrongpw', 'wrong'))).body.error_description).toBe('用户名或密码不正确');
  });
});
