import type { PluginManifest } from '../schema/manifest';
import { fail, ok, toResponse, type Backend, type Credentials, type RecordedCall, type ResolvedUser } from './backend';
import { kernelMenus, type KernelMenus } from './kernel-menus';

/** Answers one call: a JSON body (sent with status 200), or `reply(...)` / `fail(...)` for anything else. */
export type Handler = (call: RecordedCall) => unknown;

/** `'GET /api/blade-system/param/list'` → its handler. The path is matched exactly; the query is the handler's. */
export type Handlers = Record<string, Handler>;

const TOKEN = 'POST /api/blade-auth/oauth/token';

/**
 * Hand-written responses (react-admin's testDataProvider, for HTTP): the calls the test gives, and a
 * loud failure for any other. The kernel's own calls (sign-in, menus, buttons, top menus, enabled plugins,
 * user info, sign-out) are answered from the declared user and the mounted manifests, so a test writes
 * only its plugin's responses. A handler given for a kernel call replaces the kernel's answer.
 */
export function respond(handlers: Handlers = {}): Backend {
  for (const key of Object.keys(handlers)) {
    if (!/^(GET|POST|PUT|DELETE|PATCH) \/\S*$/.test(key)) throw new Error(`respond(): "${key}" is not "METHOD /path" (e.g. "GET /api/blade-system/param/list").`);
    if (key.includes('?')) throw new Error(`respond(): "${key}" has a query string: match the path, read call.query in the handler.`);
  }
  let user: ResolvedUser | null = null;
  let menus: KernelMenus | null = null;
  let pluginIds: readonly string[] = [];
  let unanswered: string[] = []; // calls nobody answered, handlers that threw

  const kernel: Handlers = {
    [TOKEN]: () => {
      const u = user!;
      return {
        access_token: 'test-access-token',
        refresh_token: 'test-refresh-token',
        token_type: 'bearer',
        expires_in: 3600,
        tenant_id: u.tenantId,
        user_id: '1',
        account: 'tester',
        user_name: 'tester',
        nick_name: u.name,
        real_name: u.name,
        role_name: u.roles.join(','),
        role_id: '1',
        dept_id: '1',
        oauth_id: '',
        avatar: '',
      };
    },
    'GET /api/blade-system/menu/routes': (call) => ok(menus!.routes(call.query.topMenuId)),
    'GET /api/blade-system/menu/buttons': () => ok(menus!.buttons),
    'GET /api/blade-system/menu/top-menu': () => ok(menus!.topMenus),
    'GET /api/blade-system/plugin/enabled': () => ok(pluginIds),
    'GET /api/blade-auth/oauth/logout': () => ok(null),
    'GET /api/blade-user/info': () => ok({ id: '1', tenantId: user!.tenantId, account: 'tester', name: 'tester', realName: user!.name, roleName: user!.roles.join(',') }),
  };

  return {
    kind: 'respond',
    async prepare(mount: { manifests: readonly PluginManifest[]; pluginIds: readonly string[]; user: ResolvedUser }): Promise<Credentials> {
      user = mount.user;
      menus = kernelMenus(mount.manifests, mount.user.permissions);
      pluginIds = mount.pluginIds;
      return { tenantId: user.tenantId, account: 'tester', password: 'tester' };
    },
    async handle(call) {
      const handler = handlers[call.key] ?? kernel[call.key];
      if (!handler) {
        const problem = `respond(): the app called ${call.method} ${call.url}, which this test gives no response for. Add '${call.key}': (call) => … to respond({ … }).`;
        unanswered.push(problem);
        console.error(problem);
        return toResponse(fail(problem, 500));
      }
      try {
        return toResponse(await handler(call));
      } catch (error) {
        // A broken handler is the test's bug: fail the test with it rather than show the app a network error.
        const problem = `respond(): the handler of ${call.key} threw: ${error instanceof Error ? error.stack ?? error.message : String(error)}`;
        unanswered.push(problem);
        return toResponse(fail(problem, 500));
      }
    },
    finish() {
      const problems = unanswered;
      unanswered = [];
      return problems;
    },
    async close() {},
  };
}
