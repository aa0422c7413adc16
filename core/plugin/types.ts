import type { ComponentType } from 'react';
import type { Messages, Language } from '../i18n';
import type { DictionaryBases, EntityDef } from '../schema/entity';
import type { LocalText, PluginManifest } from '../schema/manifest';
import type { ResourceDecl } from '../schema/resource';

export interface RouteMeta {
  /** false: reachable without signing in (login, lock, error pages). Default true. */
  isAuth?: boolean;
  /** false: opening the route adds no tab. Default true. */
  isTab?: boolean;
  /** false: the layout hides the sidebar (console page). Default true. */
  menu?: boolean;
  /** Tab and page title. */
  title?: LocalText;
}

export interface RouteDecl {
  /** Absolute path, React Router syntax (`/myiframe/:routerPath`). Unique across plugins. */
  path: string;
  /** Loads the screen lazily, into the plugin's own chunk. */
  load: () => Promise<{ default: ComponentType }>;
  /** `main`: inside the layout (default). `blank`: full page (login, lock, errors). */
  layout?: 'main' | 'blank';
  meta?: RouteMeta;
}

/** A store a plugin owns: created when the plugin is activated for the signed-in user, disposed at sign-out. */
export interface StoreDecl<T = unknown> {
  id: string;
  create: () => T;
  dispose?: (store: T) => void;
}

/** A card the plugin adds to the home page (a count, a small chart, a link). */
export interface HomeCardDecl {
  /** Unique within the plugin. */
  id: string;
  title: LocalText;
  /** Permission code the user must hold to see the card; none: everyone whose tenant has the plugin. */
  code?: string;
  /** Columns of the home page's three-column grid it spans. Default 1. */
  span?: 1 | 2 | 3;
  /** Lower first; cards with the same sort keep the plugins' order. Default 0. */
  sort?: number;
  /** Loads the card's body lazily, into the plugin's own chunk. */
  load: () => Promise<{ default: ComponentType }>;
}

export interface BrowserProvides {
  dictionaries?: DictionaryBases;
}

export interface BrowserPlugin extends PluginManifest {
  /**
   * Its resources: each brings its menu, buttons, route and entity (see `defineResource`). `menus`,
   * `routes` and `entities` hold only what the plugin declares besides them.
   */
  resources?: readonly ResourceDecl[];
  routes?: RouteDecl[];
  /** Cards on the home page; a tenant without the plugin does not load it, so gets none of them. */
  home?: HomeCardDecl[];
  messages?: Record<Language, Messages>;
  stores?: StoreDecl[];
  /** The plugin's entity definitions (the same objects its server part uses). */
  entities?: readonly EntityDef[];
  /** What it provides the kernel's browser side (one installed plugin each): where dictionaries are read. */
  provides?: BrowserProvides;
}

/** What `plugins/<id>/index.ts` exports: the plugin as its default export. */
export interface BrowserPluginModule {
  default: BrowserPlugin;
}

/** Identity helper that types a plugin definition. */
export function definePlugin<P extends BrowserPlugin>(plugin: P): P {
  return plugin;
}
