import { afterAll, beforeAll } from '@rstest/core';
import type { ServerPlugin } from '../server/plugin';
import type { TestServer } from '../server/test-server';
import type { Backend, Credentials, ResolvedUser } from './backend';

export interface InProcessServer extends Backend {
  readonly kind: 'in-process';
  /**
   * The running reference server (started on first use), to arrange data before rendering or check it
   * afterwards: `(await backend.server()).get('/api/…', { token })`, `.ctx.db`, `.signIn(…)`.
   */
  server(): Promise<TestServer>;
}

const PASSWORD = 'tester';

/**
 * happy-dom's `Request` drops the headers when they come as a `Headers` object (only a plain object
 * survives), and the server runs in the same environment as the app here. Every request to the app,
 * the harness's and `TestServer.call`'s, passes its headers as a plain object.
 */
function plainHeaders(test: TestServer): TestServer {
  const request = test.app.request.bind(test.app);
  test.app.request = ((input: string | Request | URL, init?: RequestInit, ...rest: unknown[]) => {
    if (init?.headers instanceof Headers) {
      const headers: Record<string, string> = {};
      init.headers.forEach((value, name) => void (headers[name] = value));
      init = { ...init, headers };
    }
    return (request as (...args: unknown[]) => ReturnType<typeof request>)(input, init, ...rest);
  }) as typeof test.app.request;
  return test;
}

/**
 * happy-dom's `Response` drops its headers too when they come as a `Headers` object, which is how hono
 * makes an answer with headers of its own (a file's type and name, counts in headers): the server's
 * answers are made with them as a plain object instead, once per environment.
 */
function keepResponseHeaders(): void {
  const Native = globalThis.Response as typeof Response & { keepsHeaders?: true };
  if (Native.keepsHeaders) return;
  globalThis.Response = class extends Native {
    static keepsHeaders = true as const;
    constructor(body?: BodyInit | null, init?: ResponseInit) {
      if (init?.headers instanceof Headers) {
        const headers: Record<string, string> = {};
        init.headers.forEach((value, name) => void (headers[name] = value));
        init = { ...init, headers };
      }
      super(body, init);
    }
  };
}
const SEEDED_DEPT = '1123598813738675201'; // the seed's department of tenant 000000

/**
 * The real reference server (the kernel plus the given server plugins) on an in-memory PGlite, answering
 * the browser app's calls through `app.request()`: no port, no network. Started on first use, from the
 * migrated snapshot `createTestServer` keeps (a second or two); one per test file: call this at the top of
 * the file, and the server starts before its first test and closes after its last.
 *
 * Each rendering signs in a fresh user of the declared tenant (created when missing) holding one role per
 * declared alias, each granted exactly the declared menu and button codes.
 */
export function inProcessServer(options: { plugins?: readonly ServerPlugin[] } = {}): InProcessServer {
  let started: Promise<TestServer> | null = null;
  let users = 0;

  const server = () => {
    keepResponseHeaders();
    started ??= import('../server/test-server').then(async ({ createTestServer }) => plainHeaders(await createTestServer({ plugins: options.plugins ?? [] })));
    return started;
  };

  async function createUser(test: TestServer, user: ResolvedUser): Promise<Credentials> {
    const account = `tester${++users}`;
    const { ctx } = test;
    const exists = await ctx.db.system((tx) => tx.one('select 1 as found from blade_tenant where tenant_id = $1 and is_deleted = 0', [user.tenantId]));
    if (!exists) await test.addTenant(user.tenantId);
    const roleIds = await ctx.db.system(async (tx) => {
      const menus = await tx.query<{ id: string; code: string }>('select id, code from blade_menu where code = any($1::varchar[]) and is_deleted = 0', [
        user.permissions,
      ]);
      const unknown = user.permissions.filter((code) => !menus.some((m) => m.code === code));
      if (unknown.length > 0) {
        throw new Error(`inProcessServer(): permission code(s) ${unknown.map((c) => `"${c}"`).join(', ')} declared by no mounted manifest.`);
      }
      const ids: string[] = [];
      for (const [index, alias] of user.roles.entries()) {
        const roleId = ctx.ids.next();
        await tx.query('insert into blade_role (id, tenant_id, parent_id, role_name, sort, role_alias) values ($1, $2, 0, $3, $4, $5)', [
          roleId,
          user.tenantId,
          `${alias} (${account})`,
          100 + index,
          alias,
        ]);
        for (const menu of menus) {
          await tx.query('insert into blade_role_menu (id, tenant_id, menu_id, role_id) values ($1, $2, $3, $4)', [ctx.ids.next(), user.tenantId, menu.id, roleId]);
        }
        ids.push(roleId);
      }
      return ids;
    });
    const userId = await test.addUser({ tenantId: user.tenantId, account, password: PASSWORD, roleId: roleIds[0]!, realName: user.name });
    await ctx.db.system((tx) =>
      tx.query('update blade_user set role_id = $1, dept_id = $2 where id = $3', [roleIds.join(','), user.tenantId === '000000' ? SEEDED_DEPT : '', userId]),
    );
    return { tenantId: user.tenantId, account, password: PASSWORD };
  }

  const close = async () => {
    const running = started;
    started = null;
    if (running) await (await running).close();
  };
  // Made at the top of a test file (as it should be): the server starts before the file's first test,
  // under a hook's generous time-out rather than inside a test's, and is closed after the last one.
  try {
    beforeAll(async () => void (await server()), 120_000);
    afterAll(close);
  } catch {
    // made inside a test: starts on first use; renderPlugin's own hook closes it after the file
  }

  return {
    kind: 'in-process',
    server,
    async prepare({ user }) {
      return createUser(await server(), user);
    },
    async handle(call, raw) {
      const test = await server();
      // No wire between the app and the server here: nothing to gain from compressing the answers.
      const headers: Record<string, string> = {};
      call.headers.forEach((value, name) => void (name.toLowerCase() === 'accept-encoding' || (headers[name] = value)));
      const res = await test.app.request(call.url, { method: call.method, headers, body: raw ?? null });
      // Re-made in the environment's own Response class (happy-dom's), which the app's fetch adapter reads.
      return new Response(res.status === 204 ? null : await res.arrayBuffer(), { status: res.status, headers: res.headers });
    },
    finish: () => [],
    close,
  };
}
