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

/** One entry of the notice feed, as the top bar's notice popover lists it. */
export interface NoticeFeedItem {
  id: string;
  title: string;
  /** A short label shown as a tag (the notice's category), in the caller's language. */
  tag?: string;
  /** When it was released, `yyyy-MM-dd HH:mm:ss` (the popover shows how long ago). */
  time: string;
  /** Has the signed-in user read it? */
  read: boolean;
}

/** One page of the feed: its entries, how many there are in all, and how many the user has not read. */
export interface NoticeFeedPage {
  items: NoticeFeedItem[];
  total: number;
  unread: number;
}

/** One entry opened: what the popover's dialog shows. */
export interface NoticeFeedDetail {
  id: string;
  title: string;
  tag?: string;
  time: string;
  /** HTML cleaned by the server; the dialog renders it through the kit's rich-text view (cleaned again). */
  content: string;
}

/**
 * Where the notice tab of the top bar's popover reads real notices, for the signed-in user. Every call may
 * reject (the popover shows the failure with a retry). Without a provider, the tab shows samples.
 */
export interface NoticeFeed {
  /** Entries per page. */
  readonly pageSize: number;
  /** Page `n` (from 1): unread entries first, then the newest. */
  page(n: number): Promise<NoticeFeedPage>;
  /** How many entries the user has not read (the bell's badge). */
  unread(): Promise<number>;
  /** Marks one entry read for the user (marking a read one again changes nothing). */
  markRead(id: string): Promise<void>;
  markAllRead(): Promise<void>;
  /** The entry to show; the popover marks it read itself. */
  open(id: string): Promise<NoticeFeedDetail>;
}

/** One entry of the message tab: something waiting for the user (a task to handle), opened by its link. */
export interface MessageFeedItem {
  id: string;
  title: string;
  /** A short label shown as a tag (the process's category), in the caller's language. */
  tag?: string;
  /** Since when it waits, `yyyy-MM-dd HH:mm:ss`. */
  time: string;
  /** The route that handles it (`/work/process/leave/handle/…`); opening the entry goes there. */
  link: string;
}

/**
 * Where the message tab of the top bar's popover reads what waits for the signed-in user (their work
 * tasks). Entries leave the feed when handled, so there is nothing to mark read: the count is the badge.
 * Every call may reject (the tab shows the failure with a retry). Without a provider, the tab shows samples.
 */
export interface MessageFeed {
  readonly pageSize: number;
  /** Page `n` (from 1), the oldest waiting first, with how many wait in all. */
  page(n: number): Promise<{ items: MessageFeedItem[]; total: number }>;
  /** How many entries wait (the tab's and the bell's count). */
  count(): Promise<number>;
  /** The route of the full list (`/work/todo`), shown as "view all" below the entries. */
  readonly allLink?: string;
}

/** What an instance's progress shows: its history and its diagram, done and current steps highlighted. */
export interface ProcessProgressProps {
  processInstanceId: string;
}

/**
 * The workflow's parts for plugins whose business forms run as processes (a leave request's detail and
 * handling pages show where the request stands without loading the modeler themselves).
 */
export interface WorkflowUi {
  /** History table and highlighted diagram of one instance; loads its code when first rendered. */
  ProcessProgress: ComponentType<ProcessProgressProps>;
}

export interface BrowserProvides {
  dictionaries?: DictionaryBases;
  /** The notices of the top bar's popover (its notice tab); without it, the tab shows samples. */
  notices?: NoticeFeed;
  /** What waits for the user, in the popover's message tab; without it, the tab shows samples. */
  messages?: MessageFeed;
  /** The workflow's parts for business forms (see `WorkflowUi`). */
  workflow?: WorkflowUi;
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
  /** What it provides the kernel's browser side (one installed plugin each): where dictionaries are read, the notice feed. */
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
