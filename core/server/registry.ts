import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { RouterRoute } from 'hono/types';
import { declaredCodes, type MenuDecl, type PluginManifest } from '../schema/manifest';
import type { AppEnv, ServerContext } from './context';
import { ApiError } from './http/errors';
import { MSG } from './http/messages';
import type { ServerPlugin } from './plugin';

/**
 * The server's plugin registry: checks the installed server plugins before anything starts (ids, menu
 * and button codes, top menus, `requires`, `parent` menus and the top menus menus join) and mounts their routes, each behind its
 * tenant's switch. Every refusal names both plugins involved.
 */

const ID_PATTERN = /^[a-z][a-z0-9-]*$/;

/** HTTP 403 R `{code:403, msg:'当前租户未开通此功能'}`: the caller's tenant has the plugin switched off. */
export const pluginDisabled = () => new ApiError(403, MSG.pluginDisabled);

/**
 * Checks the plugins (with the shell's manifest, declared first) and returns them in dependency order
 * (a plugin after what it requires, otherwise as installed). Throws a clear error on any conflict.
 */
export function checkServerPlugins(shell: PluginManifest, plugins: readonly ServerPlugin[]): ServerPlugin[] {
  const byId = new Map<string, ServerPlugin>();
  for (const plugin of plugins) {
    const id = plugin.manifest.id;
    if (!ID_PATTERN.test(id)) throw new Error(`Plugin id "${id}" is invalid: use lower-case letters, digits and dashes, starting with a letter.`);
    if (id === shell.id) throw new Error(`Plugin id "${id}" is taken by the shell.`);
    if (byId.has(id)) throw new Error(`Plugin "${id}" is installed twice.`);
    byId.set(id, plugin);
  }
  for (const plugin of plugins) {
    for (const needed of plugin.manifest.requires ?? []) {
      if (!byId.has(needed)) throw new Error(`Plugin "${plugin.manifest.id}" requires "${needed}", which is not installed.`);
    }
  }

  // Dependency order; a cycle is an error.
  const ordered: ServerPlugin[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (plugin: ServerPlugin, path: string[]) => {
    const id = plugin.manifest.id;
    if (state.get(id) === 'done') return;
    if (state.get(id) === 'visiting') throw new Error(`Plugins require each other in a cycle: ${[...path, id].join(' → ')}.`);
    state.set(id, 'visiting');
    for (const needed of plugin.manifest.requires ?? []) visit(byId.get(needed)!, [...path, id]);
    state.set(id, 'done');
    ordered.push(plugin);
  };
  for (const plugin of plugins) visit(plugin, []);

  // Menu and button codes, and top-menu codes, are unique across the shell and every plugin.
  const codeOwner = new Map<string, string>();
  const topOwner = new Map<string, string>();
  for (const manifest of [shell, ...ordered.map((p) => p.manifest)]) {
    for (const code of declaredCodes(manifest)) {
      const other = codeOwner.get(code);
      if (other) throw new Error(`Menu/button code "${code}" is declared by both "${other}" and "${manifest.id}".`);
      codeOwner.set(code, manifest.id);
    }
    for (const top of manifest.topMenus ?? []) {
      const other = topOwner.get(top.code);
      if (other) throw new Error(`Top menu code "${top.code}" is declared by both "${other}" and "${manifest.id}".`);
      topOwner.set(top.code, manifest.id);
    }
  }

  // `parent` names a menu of the shell or of a plugin this one requires (directly or not).
  const requiredBy = (id: string, seen = new Set<string>()): Set<string> => {
    for (const needed of byId.get(id)?.manifest.requires ?? []) {
      if (!seen.has(needed)) {
        seen.add(needed);
        requiredBy(needed, seen);
      }
    }
    return seen;
  };
  for (const manifest of [shell, ...ordered.map((p) => p.manifest)]) {
    const reachable = new Set([shell.id, manifest.id, ...requiredBy(manifest.id)]);
    for (const menu of manifest.menus ?? []) {
      if (!menu.parent) continue;
      const owner = codeOwner.get(menu.parent);
      if (!owner) throw new Error(`Menu "${menu.code}" of plugin "${manifest.id}" is attached under "${menu.parent}", which no installed plugin declares.`);
      if (!reachable.has(owner)) {
        throw new Error(`Menu "${menu.code}" of plugin "${manifest.id}" is attached under "${menu.parent}" of plugin "${owner}", which "${manifest.id}" does not require.`);
      }
      if (isButton(codeOwnerManifest(owner, shell, ordered), menu.parent)) {
        throw new Error(`Menu "${menu.code}" of plugin "${manifest.id}" is attached under the button "${menu.parent}".`);
      }
    }
    // `topMenu` names a top menu some installed plugin declares. Unlike `parent`, joining needs no
    // `requires`: a top menu only groups menus, and sibling plugins of one business (the mall, the
    // certificates, the courses) share one without depending on each other.
    for (const menu of manifest.menus ?? []) {
      if (!menu.topMenu) continue;
      if (!topOwner.has(menu.topMenu)) throw new Error(`Menu "${menu.code}" of plugin "${manifest.id}" joins the top menu "${menu.topMenu}", which no installed plugin declares.`);
    }
    for (const top of manifest.topMenus ?? []) {
      for (const code of top.menus) {
        const owner = codeOwner.get(code);
        if (!owner) throw new Error(`Top menu "${top.code}" of "${manifest.id}" lists unknown menu code "${code}".`);
      }
    }
    // A choice source read is offered by a plugin this one requires, and read with codes of its own.
    for (const [source, codes] of Object.entries(manifest.reads ?? {})) {
      const offerer = [...requiredBy(manifest.id)].find((id) => byId.get(id)?.manifest.offers?.includes(source));
      if (!offerer) throw new Error(`Plugin "${manifest.id}" reads "${source}", which no plugin it requires offers.`);
      for (const code of codes) {
        if (codeOwner.get(code) !== manifest.id) throw new Error(`Plugin "${manifest.id}" reads "${source}" with the code "${code}", which is not one of its own.`);
      }
    }
  }
  return ordered;
}

function codeOwnerManifest(owner: string, shell: PluginManifest, plugins: readonly ServerPlugin[]): PluginManifest {
  return owner === shell.id ? shell : plugins.find((p) => p.manifest.id === owner)!.manifest;
}

function isButton(manifest: PluginManifest, code: string): boolean {
  const walk = (menus: readonly MenuDecl[] | undefined): boolean =>
    (menus ?? []).some((m) => (m.buttons ?? []).some((b) => b.code === code) || walk(m.children));
  return walk(manifest.menus);
}

// ---- routes ------------------------------------------------------------------------------------------

/** A `use()` middleware (method ALL on a wildcard path), as opposed to an endpoint. */
export const isMiddleware = (route: RouterRoute) => route.method === 'ALL' && route.path.includes('*');

function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** Could one request match both paths? (`:param` matches one segment, a `*` the rest.) */
export function pathsOverlap(a: string, b: string): boolean {
  const sa = segmentsOf(a);
  const sb = segmentsOf(b);
  const match = (i: number, j: number): boolean => {
    const x = sa[i];
    const y = sb[j];
    if (x?.includes('*') || y?.includes('*')) return true;
    if (x === undefined || y === undefined) return x === y;
    if (x.startsWith(':') || y.startsWith(':') || x === y) return match(i + 1, j + 1);
    return false;
  };
  return match(0, 0);
}

const methodsOverlap = (a: string, b: string) => a === b || a === 'ALL' || b === 'ALL';

/** A Hono route path as a regular expression over request paths (`:p` one segment, `:p{re}`, `:p?`, `*`). */
export function pathPattern(path: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  let source = '';
  for (const segment of segmentsOf(path)) {
    const param = /^:[A-Za-z0-9_]+(?:\{(.+)\})?(\?)?$/.exec(segment);
    if (segment === '*') source += '(?:/.*)?';
    else if (param) source += param[2] ? `(?:/${param[1] ? `(?:${param[1]})` : '[^/]+'})?` : `/${param[1] ? `(?:${param[1]})` : '[^/]+'}`;
    else source += `/${segment.split('*').map(escape).join('.*')}`;
  }
  return new RegExp(`^${source || '/'}$`);
}

export interface OwnedRoute {
  owner: string;
  method: string;
  path: string;
}

const describe = (r: OwnedRoute) => `"${r.method} ${r.path}" of ${r.owner === 'kernel' ? 'the kernel' : `plugin "${r.owner}"`}`;

/** Throws when a route of `next` could answer a request that one of `taken` answers. */
export function checkRouteOverlap(taken: readonly OwnedRoute[], next: readonly OwnedRoute[]): void {
  for (const route of next) {
    const clash = taken.find((t) => t.owner !== route.owner && methodsOverlap(t.method, route.method) && pathsOverlap(t.path, route.path));
    if (clash) throw new Error(`API route ${describe(route)} overlaps ${describe(clash)}.`);
  }
}

/**
 * Mounts each plugin's routes on the API app. A plugin registers on its own Hono app; its endpoints are
 * copied onto `api` one by one (never `api.route('/', sub)`, whose `use('*')` middleware would run for
 * every route of the API), its own middleware only runs for requests that reach one of its endpoints,
 * and so does the tenant switch: a request to a switched-off plugin answers 403 `当前租户未开通此功能`
 * while every other route is unaffected. Returns every endpoint with its owner (the kernel's, then each plugin's).
 */
export function mountPlugins(api: Hono<AppEnv>, ctx: ServerContext, plugins: readonly ServerPlugin[]): OwnedRoute[] {
  const taken: OwnedRoute[] = api.routes.filter((r) => !isMiddleware(r)).map((r) => ({ owner: 'kernel', method: r.method, path: r.path }));
  for (const plugin of plugins) {
    if (!plugin.routes) continue;
    const id = plugin.manifest.id;
    const sub = new Hono<AppEnv>();
    plugin.routes(sub, ctx);
    const entries = sub.routes;
    const endpoints = entries.filter((r) => !isMiddleware(r));
    const mine: OwnedRoute[] = endpoints.map((r) => ({ owner: id, method: r.method, path: r.path }));
    checkRouteOverlap(taken, mine);
    taken.push(...mine);

    // Which requests are this plugin's: those an endpoint of it answers (paths cannot overlap another owner's).
    const patterns = endpoints.map((r) => ({ method: r.method, pattern: pathPattern(r.path) }));
    const owns = (c: Context) => {
      const path = c.req.path.replace(/^\/api(?=\/)/, '');
      const method = c.req.method === 'HEAD' ? 'GET' : c.req.method; // Hono answers HEAD with the GET route
      return patterns.some((e) => (e.method === 'ALL' || e.method === method) && e.pattern.test(path));
    };
    const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
      if (owns(c)) {
        const user = c.get('user');
        if (user && !(await ctx.tenantPlugins.isEnabled(user.tenantId, id))) throw pluginDisabled();
      }
      await next();
    };
    api.use('*', guard);
    for (const route of entries) {
      const handler = isMiddleware(route)
        ? ((async (c: Context, next: () => Promise<void>) => (owns(c) ? route.handler(c, next) : next())) as typeof route.handler)
        : route.handler;
      api.on(route.method, [route.path], handler as MiddlewareHandler<AppEnv>);
    }
  }
  return taken;
}
