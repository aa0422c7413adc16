import { createHash } from 'node:crypto';
import { DEMO_TENANT, SEED, type ServerContext, type Tx } from '../../core/sdk/server';

/**
 * Demo logs, so the three screens look lived in on a first start: in each demo tenant, three days of API
 * calls (mostly answered, some refused, one failing), the business events of those days, and two errors
 * with their stacks (the server's, whose call is among the API calls with the same request id, and a
 * browser's). Different people, routes and events in each tenant. Deterministic: the same rows on every
 * first start, their times counted back from the start.
 */
export async function seedLogs(tx: Tx, ctx: ServerContext): Promise<void> {
  // Whole seconds, as the screens show and filter them.
  const now = Math.floor(ctx.now().getTime() / 1000) * 1000;
  const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const wallClock = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  /** A request id as the server makes them (a UUID), the same for the same tenant and call. */
  const requestId = (tenantId: string, n: number) => {
    const h = createHash('sha1').update(`${tenantId}:${n}`).digest('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
  };
  const AGENTS = [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
  ];
  type Person = { account: string; userId: string; ip: string; agent: string };
  /** [method, path and query, route, status, milliseconds, body as logged]. */
  type Call = [string, string, string, number, number, string?];
  interface TenantLogs {
    tenantId: string;
    people: Person[];
    calls: Call[];
    failing: { call: Call; exception: string; message: string; stack: string; file: string; line: number };
    browser: { exception: string; message: string; stack: string; url: string; info: string };
    events: [string, 'info' | 'warn' | 'error', Record<string, unknown>, number][];
  }
  const everyone: TenantLogs[] = [
    {
      tenantId: '000000',
      people: [
        { account: 'admin', userId: SEED.adminUserId, ip: '192.168.1.23', agent: AGENTS[0]! },
        { account: 'demo', userId: SEED.demoUserId, ip: '192.168.1.41', agent: AGENTS[1]! },
      ],
      calls: [
        ['POST', '/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=******&grant_type=password&scope=all&type=account', '/api/blade-auth/oauth/token', 200, 182],
        ['GET', '/api/blade-user/info', '/api/blade-user/info', 200, 9],
        ['GET', '/api/blade-system/menu/routes', '/api/blade-system/menu/routes', 200, 24],
        ['GET', '/api/blade-system/menu/buttons', '/api/blade-system/menu/buttons', 200, 12],
        ['GET', '/api/blade-system/param/list?current=1&size=10', '/api/blade-system/param/list', 200, 15],
        ['GET', '/api/mall/order/page?current=1&size=20&status_equal=1', '/api/mall/order/page', 200, 41],
        ['POST', '/api/mall/order/status?id=1790011223344556677&status=2', '/api/mall/order/status', 400, 18, '{"id":"1790011223344556677","status":2,"logisticsNo":""}'],
        ['GET', '/api/blade-user/page?current=1&size=10&account=zhang', '/api/blade-user/page', 200, 33],
        ['POST', '/api/blade-user/reset-password?userIds=1123598821738675202', '/api/blade-user/reset-password', 200, 96],
        ['GET', '/api/visit/info/page?current=1&size=10', '/api/visit/info/page', 200, 57],
        ['POST', '/api/blade-system/role/grant', '/api/blade-system/role/grant', 200, 64, '{"roleIds":["1123598816738675202"],"menuIds":["1","2","3"]}'],
        ['GET', '/api/blade-system/tenant/list?current=1&size=10', '/api/blade-system/tenant/list', 403, 6],
        ['POST', '/api/blade-user/update-password', '/api/blade-user/update-password', 400, 88, '{"oldPassword":"******","newPassword":"******","newPassword1":"******"}'],
        ['GET', '/api/certificate/order/page?current=1&size=10', '/api/certificate/order/page', 200, 38],
        ['GET', '/api/blade-user/info', '/api/blade-user/info', 401, 3],
        ['GET', '/api/genius/info/page?current=2&size=10', '/api/genius/info/page', 200, 27],
      ],
      failing: {
        call: ['GET', '/api/mall/order/summary?date=2024-06-01', '/api/mall/order/summary', 500, 73],
        exception: 'TypeError',
        message: "Cannot read properties of undefined (reading 'amount')",
        stack: [
          "TypeError: Cannot read properties of undefined (reading 'amount')",
          '    at dayFigures (/srv/admin/plugins/mall/order/server-summary.ts:48:31)',
          '    at async /srv/admin/plugins/mall/order/server-summary.ts:77:19',
          '    at async Object.tenant (/srv/admin/core/server/db/scoped.ts:33:14)',
          '    at async dispatch (/srv/admin/node_modules/hono/dist/compose.js:22:17)',
        ].join('\n'),
        file: '/srv/admin/plugins/mall/order/server-summary.ts',
        line: 48,
      },
      browser: {
        exception: 'TypeError',
        message: "Cannot read properties of null (reading 'map')",
        stack: [
          "TypeError: Cannot read properties of null (reading 'map')",
          '    at ProductCells (http://127.0.0.1:1888/static/js/async/plugins_mall_index.8f3c2a.js:1:20433)',
          '    at renderWithHooks (http://127.0.0.1:1888/static/js/lib-react.1b2c3d.js:2:41877)',
        ].join('\n'),
        url: '/mall/product',
        info: 'render',
      },
      events: [
        ['password.reset', 'info', { userIds: ['1123598821738675202'], count: 1 }, 190],
        ['role.grant', 'info', { roleId: '1123598816738675202', menus: 42 }, 420],
        ['plugin.switched', 'warn', { tenantId: '100001', plugins: ['dict', 'param', 'card', 'visit'] }, 655],
        ['order.refund', 'info', { orderNo: 'CO20240601093015000000118823', amount: 9900 }, 1300],
        ['user.created', 'info', { account: 'zhangwei', roles: ['user'] }, 2100],
        ['password.changed', 'info', { account: 'demo' }, 2890],
        ['tenant.created', 'info', { tenantId: '100002', tenantName: '华东分公司' }, 3600],
      ],
    },
    {
      tenantId: DEMO_TENANT.tenantId,
      people: [
        { account: 'admin', userId: DEMO_TENANT.adminUserId, ip: '10.20.3.7', agent: AGENTS[2]! },
        { account: 'admin', userId: DEMO_TENANT.adminUserId, ip: '10.20.3.15', agent: AGENTS[0]! },
      ],
      calls: [
        ['POST', '/api/blade-auth/oauth/token?tenantId=100001&username=admin&password=******&grant_type=password&scope=all&type=account', '/api/blade-auth/oauth/token', 200, 167],
        ['GET', '/api/blade-system/menu/routes', '/api/blade-system/menu/routes', 200, 21],
        ['GET', '/api/staff/info/page?current=1&size=10', '/api/staff/info/page', 200, 35],
        ['POST', '/api/staff/info/submit', '/api/staff/info/submit', 200, 52, '{"name":"李娜","mobile":"13900001111","companyId":"1790000000000000001"}'],
        ['POST', '/api/staff/info/submit', '/api/staff/info/submit', 400, 14, '{"name":"","mobile":"139"}'],
        ['GET', '/api/company/information/page?current=1&size=10', '/api/company/information/page', 200, 19],
        ['GET', '/api/visit/info/page?current=1&size=10&source_equal=2', '/api/visit/info/page', 200, 62],
        ['GET', '/api/visit/chart?days=30', '/api/visit/chart', 200, 118],
        ['POST', '/api/card/album/submit', '/api/card/album/submit', 200, 240, '{"title":"2024 展会","pictures":"…"}'],
        ['GET', '/api/blade-system/dict-biz/dictionary?code=company_industry', '/api/blade-system/dict-biz/dictionary', 200, 8],
        ['POST', '/api/staff/info/remove?ids=1790000000000000042', '/api/staff/info/remove', 200, 27],
        ['GET', '/api/blade-system/role/list', '/api/blade-system/role/list', 200, 11],
        ['POST', '/api/staff/info/import', '/api/staff/info/import', 413, 4],
      ],
      failing: {
        call: ['GET', '/api/visit/chart?days=90&companyId=1790000000000000001', '/api/visit/chart', 500, 2210],
        exception: 'Error',
        message: 'canceling statement due to statement timeout',
        stack: [
          'error: canceling statement due to statement timeout',
          '    at Parser.parseErrorMessage (/srv/admin/node_modules/pg-protocol/dist/parser.js:283:98)',
          '    at async visitChart (/srv/admin/plugins/visit/records/chart.ts:64:18)',
          '    at async dispatch (/srv/admin/node_modules/hono/dist/compose.js:22:17)',
        ].join('\n'),
        file: '/srv/admin/plugins/visit/records/chart.ts',
        line: 64,
      },
      browser: {
        exception: 'ChunkLoadError',
        message: 'Loading chunk plugins_visit_index failed.',
        stack: 'ChunkLoadError: Loading chunk plugins_visit_index failed.\n    at __webpack_require__.f.j (http://127.0.0.1:1888/static/js/index.5e1f0b.js:1:9312)',
        url: '/visit/chart',
        info: 'lazy load',
      },
      events: [
        ['staff.imported', 'info', { rows: 24, rejected: 2 }, 240],
        ['card.domain.changed', 'warn', { from: 'https://card.example.com', to: 'https://card.demo.cn' }, 980],
        ['password.reset', 'info', { userIds: ['1123598821738675211'], count: 1 }, 1500],
        ['attach.grant.changed', 'info', { grantId: '1790000000000000077', status: 'approved' }, 2400],
        ['order.refund', 'warn', { orderNo: 'CO20240602101500000000223344', amount: 19900, reason: '客户取消' }, 3300],
      ],
    },
  ];

  const API = `insert into blade_log_api (id, tenant_id, service_id, server_host, type, title, method, request_uri, route, user_agent, remote_ip, method_name, params, status, time, request_id, create_by, user_id, create_time)
    values ($1, $2, 'blade-api', 'admin-01', '1', null, $3, $4, $5, $6, $7, $5, $8, $9, $10, $11, $12, $13, $14)`;
  for (const tenant of everyone) {
    if (!(await tx.one(`select 1 as found from blade_tenant where tenant_id = $1`, [tenant.tenantId]))) continue;
    const addCall = async (n: number, call: Call, minutesAgo: number) => {
      const [method, uri, route, status, ms, body] = call;
      const person = tenant.people[n % tenant.people.length]!;
      await tx.query(API, [ctx.ids.next(), tenant.tenantId, method, uri, route, person.agent, person.ip, body ?? null, status, String(ms), requestId(tenant.tenantId, n), person.account, person.userId, at(minutesAgo)]);
      return person;
    };
    // Three days of calls, spread unevenly, newest a few minutes ago.
    const count = tenant.calls.length * 3;
    for (let n = 0; n < count; n++) await addCall(n, tenant.calls[(n * 7) % tenant.calls.length]!, 3 + n * 61 + ((n * 37) % 45));
    const failingAt = 95;
    const person = await addCall(count, tenant.failing.call, failingAt);
    const f = tenant.failing;
    await tx.query(
      `insert into blade_log_error (id, tenant_id, service_id, server_host, method, request_uri, user_agent, remote_ip, method_name, time, stack_trace, exception_name, message, file_name, line_number, request_id, create_by, user_id, create_time)
       values ($1, $2, 'blade-api', 'admin-01', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
      [ctx.ids.next(), tenant.tenantId, f.call[0], f.call[1], person.agent, person.ip, f.call[2], wallClock(at(failingAt)), f.stack, f.exception, f.message, f.file, f.line, requestId(tenant.tenantId, count), person.account, person.userId, at(failingAt)],
    );
    const b = tenant.browser;
    const viewer = tenant.people[1]!;
    await tx.query(
      `insert into blade_log_error (id, tenant_id, service_id, method, request_uri, user_agent, remote_ip, time, stack_trace, exception_name, message, info, create_by, user_id, create_time)
       values ($1, $2, 'browser', 'GET', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [ctx.ids.next(), tenant.tenantId, b.url, viewer.agent, viewer.ip, wallClock(at(1700)), b.stack, b.exception, b.message, b.info, viewer.account, viewer.userId, at(1700)],
    );
    for (const [i, [event, level, data, minutesAgo]] of tenant.events.entries()) {
      const who = tenant.people[i % tenant.people.length]!;
      await tx.query(
        `insert into blade_log_usual (id, tenant_id, service_id, server_host, log_level, log_id, log_data, remote_ip, user_agent, time, request_id, create_by, user_id, create_time)
         values ($1, $2, 'blade-api', 'admin-01', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [ctx.ids.next(), tenant.tenantId, level, event, JSON.stringify(data), who.ip, who.agent, wallClock(at(minutesAgo)), requestId(tenant.tenantId, 1000 + i), who.account, who.userId, at(minutesAgo)],
      );
    }
  }
}
