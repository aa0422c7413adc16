/** A menu node as `GET /api/blade-system/menu/routes` sends it (BladeX `MenuVO`; leaves omit `children`). */
export interface MenuVO {
  id: string;
  parentId?: string;
  code?: string;
  name: string;
  /** English name, when the server has one (our reference server sends it; BladeX does not). */
  nameEn?: string;
  alias?: string;
  path: string;
  /** Icon name or class; empty means the default icon. */
  source?: string;
  sort?: number;
  category?: number;
  action?: number;
  /** 1 normal, 2 open in a new window (URL paths). */
  isOpen?: number;
  children?: MenuVO[];
  meta?: MenuMeta;
  group?: string[];
}

export interface MenuMeta {
  i18n?: string;
  roles?: string[];
  isTab?: boolean;
  keepAlive?: boolean;
}

/** A node of the sidebar, mapped from the server's menu (see map.ts for the rules). */
export interface MenuItem {
  id: string;
  code?: string;
  label: string;
  /** Where clicking goes: a route path, an iframe host path with its query, or (external) the URL. */
  path: string;
  icon: string;
  children: MenuItem[];
  meta: MenuMeta;
  /** Opens in a new window (open-type 2 with a URL path). */
  external: boolean;
  isOpen: number;
  /** The URL shown in the iframe host, for iframe items. */
  src?: string;
  /** Other paths under which this item counts as active. */
  group?: string[];
}

/** A top menu (`GET /api/blade-system/menu/top-menu`). */
export interface TopMenu {
  id: string;
  code: string;
  name: string;
  nameEn?: string;
  source: string;
  sort: number;
  /** The ids of the user's menus it shows. */
  menuIds?: string[];
}
