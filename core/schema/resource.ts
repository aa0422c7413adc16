import type { ComponentType } from 'react';
import type { EntityDef } from './entity';
import { crudButtons } from './crud-buttons';
import type { ButtonDecl, LocalText, MenuDecl, PluginManifest } from './manifest';

/**
 * A resource: one entity with its place in the menu, the unit a plugin registers. From this one
 * declaration come the menu and its four buttons, the route and its title, the table, and the server's
 * endpoints (`list|page`, `detail`, `submit|save+update`, `remove`). Plain data: the browser and the
 * server both read it (the screen is a lazy import, only ever called in the browser).
 */

export type CrudAction = 'add' | 'edit' | 'delete' | 'view';
const CRUD_ACTIONS: readonly CrudAction[] = ['add', 'edit', 'delete', 'view'];

export interface ResourceMenu {
  /** The menu this one hangs under: a shell group (`system`, `authority`, `base`, `tools`) or a menu of a required plugin. */
  parent: string;
  /** Default: the plugin's name (a plugin of one resource), else the entity's label. */
  name?: LocalText;
  /** Default `/<parent>/<entity name>`. */
  path?: string;
  icon?: string;
  sort: number;
  /** Kept for the super administrator (data every tenant shares). */
  administratorOnly?: boolean;
}

export interface ResourceDecl<E extends EntityDef = EntityDef> {
  entity: E;
  menu: ResourceMenu;
  /**
   * What the demo roles are granted when the codes first appear, by role alias: `{ user: ['view'] }`
   * gives `user` the menu and its view button (`administrator` always has everything).
   */
  grants?: Readonly<Record<string, readonly CrudAction[]>>;
  /** The standard buttons the screen offers (default all four). */
  actions?: readonly CrudAction[];
  /** More buttons of the menu (a screen's own actions). */
  buttons?: readonly ButtonDecl[];
  /** A screen of its own; default the kit's list screen for the entity. */
  screen?: () => Promise<{ default: ComponentType }>;
  /** false: the plugin serves the endpoints itself (the engine mounts none). */
  endpoints?: boolean;
}

/** Identity helper that types a resource declaration. */
export function defineResource<E extends EntityDef>(resource: ResourceDecl<E>): ResourceDecl<E> {
  return resource;
}

/** The route path of a resource's screen. */
export function resourcePath(resource: ResourceDecl): string {
  return resource.menu.path ?? `/${resource.menu.parent}/${resource.entity.name}`;
}

/** The menu of a resource, as a plugin would have written it by hand. */
export function resourceMenu(resource: ResourceDecl, fallbackName: LocalText): MenuDecl {
  const code = resource.entity.permission;
  const grants = Object.entries(resource.grants ?? {});
  const rolesFor = (action: CrudAction) => grants.filter(([, actions]) => actions.includes(action)).map(([role]) => role);
  const offered = resource.actions ?? CRUD_ACTIONS;
  const buttons = crudButtons(code, { add: rolesFor('add'), edit: rolesFor('edit'), delete: rolesFor('delete'), view: rolesFor('view') }).filter((b) =>
    offered.includes(b.alias as CrudAction),
  );
  return {
    code,
    parent: resource.menu.parent,
    name: resource.menu.name ?? fallbackName,
    path: resourcePath(resource),
    icon: resource.menu.icon,
    sort: resource.menu.sort,
    roles: grants.filter(([, actions]) => actions.length > 0).map(([role]) => role),
    administratorOnly: resource.menu.administratorOnly,
    buttons: [...buttons, ...(resource.buttons ?? [])],
  };
}

/** What a plugin declares besides its resources: menus written by hand, as before. */
export interface ResourcePlugin extends PluginManifest {
  resources?: readonly ResourceDecl[];
}

/** The plugin's manifest with its resources' menus (the plain data the server seeds menus from). */
export function pluginManifest(plugin: ResourcePlugin): PluginManifest {
  const resources = plugin.resources ?? [];
  const nameOf = (resource: ResourceDecl) => (resources.length === 1 ? plugin.name : resource.entity.label);
  return {
    id: plugin.id,
    name: plugin.name,
    requires: plugin.requires,
    offers: plugin.offers,
    reads: plugin.reads,
    dictionaries: plugin.dictionaries,
    topMenus: plugin.topMenus,
    // Menus written by hand first: a plugin's own group (名片管理) must exist before its resources hang under it.
    menus: [...(plugin.menus ?? []), ...resources.map((r) => resourceMenu(r, nameOf(r)))],
  };
}
