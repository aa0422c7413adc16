import { observable, runInAction } from 'mobx';
import { registerMessages } from '../i18n';
import type { MenuDecl } from '../schema/manifest';
import { pluginManifest, resourcePath, type ResourceDecl } from '../schema/resource';
import type { BrowserPlugin, BrowserProvides, RouteDecl } from './types';

/** Who the plugin stores are created for. */
export interface UserContext {
  userId: string;
  tenantId: string;
  roles: readonly string[];
}

export interface RegisteredRoute extends RouteDecl {
  pluginId: string;
}

export interface Registry {
  /** Adds a plugin; throws (changing nothing) when its id, a route path or a menu/button code is taken. */
  register(plugin: BrowserPlugin): void;
  /**
   * Removes a plugin registered earlier (its routes and codes; its stores are disposed). Used when the
   * plugins of a tenant were loaded for a user who signs out. Unknown ids are ignored.
   */
  unregister(pluginId: string): void;
  /** Throws when a plugin requires one that is not installed. Call after registering everything. */
  check(): void;
  plugins(): readonly BrowserPlugin[];
  /** Observable (mobx): a component that is an observer re-renders when plugins come and go. */
  routes(): readonly RegisteredRoute[];
  /** `/x` → `/x/index` for every route `/x/index` whose short form is not a route itself. */
  aliases(): ReadonlyMap<string, string>;
  /** Creates every plugin's stores for the signed-in user (disposing an earlier user's first). */
  activate(user: UserContext): void;
  /** Disposes the stores (sign-out). */
  deactivate(): void;
  readonly user: UserContext | null;
  store<T>(pluginId: string, storeId: string): T | undefined;
  /**
   * What a registered plugin provides of this kind (one plugin at most), or undefined. Observable: an
   * observer reading it re-renders when the provider is registered (after sign-in) or goes (sign-out).
   */
  provided<K extends keyof BrowserProvides>(kind: K): BrowserProvides[K] | undefined;
}

const ID_PATTERN = /^[a-z][a-z0-9-]*$/;

function codesOf(menus: readonly MenuDecl[] | undefined): { code: string; kind: 'Menu' | 'Button' }[] {
  const found: { code: string; kind: 'Menu' | 'Button' }[] = [];
  const walk = (items: readonly MenuDecl[] | undefined) => {
    for (const menu of items ?? []) {
      found.push({ code: menu.code, kind: 'Menu' });
      for (const button of menu.buttons ?? []) found.push({ code: button.code, kind: 'Button' });
      walk(menu.children);
    }
  };
  walk(menus);
  return found;
}

/** Loads the kit's list screen for a resource that has no screen of its own. */
export type ResourceScreen = (resource: ResourceDecl) => RouteDecl['load'];

export interface RegistryOptions {
  /** The default screen of resources (the shell's CRUD list screen). */
  resourceScreen?: ResourceScreen;
}

/**
 * The plugin as the rest of the kernel sees it: its resources' menus, routes (titled by the menu) and
 * entities added to what it declares by hand.
 */
export function expandPlugin(plugin: BrowserPlugin, resourceScreen?: ResourceScreen): BrowserPlugin {
  const resources = plugin.resources ?? [];
  if (resources.length === 0) return plugin;
  const manifest = pluginManifest(plugin);
  const routes = resources.map((resource, i): RouteDecl => {
    const load = resource.screen ?? resourceScreen?.(resource);
    if (!load) throw new Error(`Resource "${resource.entity.name}" of plugin "${plugin.id}" has no screen, and no default resource screen was given to the registry.`);
    return { path: resourcePath(resource), load, meta: { title: manifest.menus![i]!.name } };
  });
  return {
    ...plugin,
    menus: manifest.menus,
    routes: [...routes, ...(plugin.routes ?? [])],
    entities: [...resources.map((r) => r.entity), ...(plugin.entities ?? [])],
  };
}

/**
 * The paths of the menus that open a screen of this app: leaves with an absolute path that is neither a
 * link to another site nor a page shown in the iframe host (their paths contain `html`).
 */
function screenPaths(menus: readonly MenuDecl[] | undefined): string[] {
  return (menus ?? []).flatMap((menu) => {
    if (menu.children?.length) return screenPaths(menu.children);
    if (menu.group || !menu.path.startsWith('/') || menu.path.includes('html')) return [];
    return [menu.path];
  });
}

/** Does a route (`/myiframe/:routerPath`) serve this path, itself or as `<path>/index`? */
function routeServes(route: string, path: string): boolean {
  const pattern = new RegExp(`^${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`);
  return pattern.test(path) || pattern.test(`${path}/index`);
}

export function createRegistry(options: RegistryOptions = {}): Registry {
  const installed: BrowserPlugin[] = [];
  const routeOwners = new Map<string, string>();
  const codeOwners = new Map<string, string>();
  // Observable: plugins are registered while the app runs (after sign-in), and the routes follow.
  const routeList = observable.box<readonly RegisteredRoute[]>([], { deep: false });
  const setRoutes = (routes: readonly RegisteredRoute[]) => runInAction(() => routeList.set(routes));
  // Counts registrations, so what reads the installed plugins through an observer (`provided`) follows them.
  const changes = observable.box(0);
  const changed = () => runInAction(() => changes.set(changes.get() + 1));
  let activeUser: UserContext | null = null;
  let live: { key: string; value: unknown; dispose?: (store: never) => void }[] = [];

  const registry: Registry = {
    register(declared) {
      const plugin = expandPlugin(declared, options.resourceScreen);
      // Everything is checked before anything is recorded, so a refused plugin leaves no half state.
      if (!ID_PATTERN.test(plugin.id)) {
        throw new Error(`Plugin id "${plugin.id}" is invalid: use lower-case letters, digits and dashes, starting with a letter.`);
      }
      if (installed.some((p) => p.id === plugin.id)) throw new Error(`Plugin "${plugin.id}" is already registered.`);

      const paths = new Map<string, string>();
      for (const route of plugin.routes ?? []) {
        const owner = routeOwners.get(route.path) ?? paths.get(route.path);
        if (owner) throw new Error(`Route "${route.path}" of plugin "${plugin.id}" is already registered by plugin "${owner}".`);
        paths.set(route.path, plugin.id);
      }
      const codes = new Map<string, string>();
      for (const { code, kind } of codesOf(plugin.menus)) {
        const owner = codeOwners.get(code) ?? codes.get(code);
        if (owner) throw new Error(`${kind} code "${code}" of plugin "${plugin.id}" is already registered by plugin "${owner}".`);
        codes.set(code, plugin.id);
      }
      const served = [...routeOwners.keys(), ...paths.keys()];
      for (const path of screenPaths(plugin.menus)) {
        if (!served.some((route) => routeServes(route, path))) {
          throw new Error(`Menu path "${path}" of plugin "${plugin.id}" is served by no route: declare a route (or a resource) for it.`);
        }
      }
      for (const kind of Object.keys(plugin.provides ?? {}) as (keyof BrowserProvides)[]) {
        const other = installed.find((p) => p.provides?.[kind] !== undefined);
        if (other) throw new Error(`Plugin "${plugin.id}" provides "${kind}", which plugin "${other.id}" provides already.`);
      }
      const storeIds = new Set<string>();
      for (const store of plugin.stores ?? []) {
        if (storeIds.has(store.id)) throw new Error(`Store "${store.id}" is declared twice by plugin "${plugin.id}".`);
        storeIds.add(store.id);
      }

      installed.push(plugin);
      for (const [path, owner] of paths) routeOwners.set(path, owner);
      for (const [code, owner] of codes) codeOwners.set(code, owner);
      setRoutes([...routeList.get(), ...(plugin.routes ?? []).map((route) => ({ ...route, pluginId: plugin.id }))]);
      changed();
      if (plugin.messages) registerMessages(plugin.messages);
      // A plugin installed while a user is signed in gets its stores at once.
      if (activeUser) createStores(plugin);
    },

    unregister(pluginId) {
      const index = installed.findIndex((p) => p.id === pluginId);
      if (index < 0) return;
      disposeStores((key) => key.startsWith(`${pluginId}/`));
      installed.splice(index, 1);
      for (const [path, owner] of [...routeOwners]) if (owner === pluginId) routeOwners.delete(path);
      for (const [code, owner] of [...codeOwners]) if (owner === pluginId) codeOwners.delete(code);
      setRoutes(routeList.get().filter((route) => route.pluginId !== pluginId));
      changed();
    },

    check() {
      const ids = new Set(installed.map((p) => p.id));
      const missing = installed.flatMap((p) =>
        (p.requires ?? []).filter((r) => !ids.has(r)).map((r) => `Plugin "${p.id}" requires plugin "${r}", which is not installed (add it to app/plugins.ts).`),
      );
      if (missing.length > 0) throw new Error(missing.join('\n'));
    },

    plugins: () => installed,
    routes: () => routeList.get(),

    aliases() {
      const map = new Map<string, string>();
      for (const route of routeList.get()) {
        const match = /^(\/.+)\/index$/.exec(route.path);
        if (match && !routeOwners.has(match[1]!)) map.set(match[1]!, route.path);
      }
      return map;
    },

    activate(user) {
      registry.deactivate();
      activeUser = user;
      for (const plugin of installed) createStores(plugin);
    },

    deactivate() {
      disposeStores(() => true);
      activeUser = null;
    },

    get user() {
      return activeUser;
    },

    provided(kind) {
      changes.get();
      return installed.find((p) => p.provides?.[kind] !== undefined)?.provides?.[kind];
    },

    store<T>(pluginId: string, storeId: string) {
      return live.find((entry) => entry.key === `${pluginId}/${storeId}`)?.value as T | undefined;
    },
  };

  /** Disposes the live stores whose key matches, newest first (a store made later may use an earlier one). */
  function disposeStores(matches: (key: string) => boolean): void {
    for (const entry of [...live].reverse()) {
      if (!matches(entry.key)) continue;
      try {
        entry.dispose?.(entry.value as never);
      } catch (error) {
        console.error(`Disposing store "${entry.key}" failed`, error);
      }
    }
    live = live.filter((entry) => !matches(entry.key));
  }

  function createStores(plugin: BrowserPlugin): void {
    for (const decl of plugin.stores ?? []) {
      const key = `${plugin.id}/${decl.id}`;
      try {
        live.push({ key, value: decl.create(), dispose: decl.dispose as ((store: never) => void) | undefined });
      } catch (error) {
        throw new Error(`Store "${decl.id}" of plugin "${plugin.id}" could not be created: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  return registry;
}
