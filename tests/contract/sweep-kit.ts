import { afterAll, beforeAll, expect } from '@rstest/core';
import { loadServerPlugins } from '../../app/server-plugins';
import type { EntityDef } from '../../core/schema/entity';
import { DEMO_TENANT } from '../../core/server/seed/kernel-seed';
import { createTestServer, type CallResult, type TestServer } from '../../core/server/test-server';

/**
 * What the contract sweeps share (sweep-*.server.test.ts, each a part that runs beside the others). They
 * sweep over every API route of the installed product (the kernel and every installed plugin), found
 * from the server's own route table, so a new endpoint is covered the day it is added:
 * - permissions: a signed-in user whose role holds no code is refused every endpoint that is not meant
 *   for any signed-in user;
 * - bad input: malformed, wrong-typed, oversized and hostile input never gets a 500 and changes nothing;
 *   a NUL character in any parameter, field or path is refused (400) before any handler; a typed filter
 *   given a value of another type, or one its column cannot hold, is a 400 naming it;
 * - tenant isolation: the administrator of tenant 100001, handed the ids of every row of tenant 000000,
 *   reads none of them and changes none of them, on any endpoint.
 */

/**
 * The limit of a sweep: tens of thousands of in-process requests, one to two minutes on an idle machine,
 * five on one whose cores are busy with the other lanes and more (the stress run). PGlite answers without
 * letting the event loop turn, so only the watchdog (tests/runner/watchdog.ts) can stop one past it.
 */
export const SWEEP_LIMIT_MS = 600_000;

export type Route = { method: 'GET' | 'POST'; path: string };

/** Endpoints for any signed-in user (their own session, menus and profile, dictionaries, public look-ups). */
export const ANY_MEMBER = new Set([
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
export const ADMINISTRATOR_ONLY = [
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
export const FAILING_ON_PURPOSE = new Set(['POST /api/blade-log/error/test']);

/** Calls that end or change the caller's own session: they would spoil the sweeps' tokens. */
export const SESSION_ENDING = new Set(['GET /api/blade-auth/oauth/logout', 'POST /api/blade-auth/oauth/logout', 'POST /api/blade-auth/oauth/token', 'POST /api/blade-auth/oauth/token/refresh']);

/**
 * Parameter names the hand-written routes read (from the query, a form or a JSON body), besides the fields
 * and filter keys of every entity, which are added from the definitions.
 */
export const HAND_WRITTEN_PARAMS = [
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

export const NUL_VALUE = 'a\u0000b';
export const INVALID_CHARACTER = '参数包含非法字符';

/** Answers made from the code alone, the same for everyone (their examples may look like a row's id). */
export const FROM_CODE_ALONE = new Set(['GET /api/openapi.json', 'GET /api/docs', 'GET /api/docs/:file']);

export let ts: TestServer;
export let routes: Route[];
export let entities: EntityDef[];
export let admin: string;
export let nobody: string;
export let tenantAdmin: string;
/** Tables with a tenant_id column, except ones no endpoint addresses by id. */
export let tenantTables: string[];

export const key = (r: Route) => `${r.method} ${r.path}`;
export const concrete = (path: string) => path.replace(/:(\w+)/g, 'x$1');

export function send(route: Route, token: string, query: Record<string, string>, json?: unknown): Promise<CallResult> {
  const path = concrete(route.path);
  return route.method === 'GET' ? ts.get(path, { token, query }) : ts.post(path, { token, query, json: json ?? {} });
}

/** A digest of every row of these tables (of one tenant, when given): equal digests, nothing changed. */
export async function digest(tables: readonly string[], tenantId?: string): Promise<Record<string, string>> {
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
export async function expectIsolated(token: string, victim: string): Promise<void> {
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

/**
 * The server every sweep runs on: the kernel and every installed plugin, an administrator of each demo
 * tenant, and a user whose role holds no code. Call it at the top of a sweep file.
 */
export function startSweepServer(): void {
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
}
