import type { MenuItem, MenuVO } from './types';

export const DEFAULT_MENU_ICON = 'menu';

/**
 * A path shown through the iframe host or opened externally: BladeX calls a path a URL when it contains
 * "html" or starts with http(s)://.
 */
export function isUrlPath(path: string): boolean {
  return /^https?:\/\//i.test(path) || path.includes('html');
}

/** A readable, route-safe segment naming an iframe page (`https://a.b/c d.html` → `a.b-c-d.html`). */
export function iframeSlug(url: string): string {
  const slug = url
    .replace(/^https?:\/\//i, '')
    .replace(/[?#].*$/, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return slug || 'page';
}

/** `/myiframe/<slug>?name=<name>&src=<url>`, every value URL-encoded. */
export function iframePath(name: string, url: string): string {
  const query = new URLSearchParams({ name, src: url });
  return `/myiframe/${encodeURIComponent(iframeSlug(url))}?${query.toString()}`;
}

export interface MapContext {
  language: 'zh' | 'en';
  /** The user's role aliases. */
  roles: readonly string[];
}

function visible(node: MenuVO, roles: readonly string[]): boolean {
  const allowed = node.meta?.roles;
  return !allowed || allowed.length === 0 || allowed.some((role) => roles.includes(role));
}

function mapNode(node: MenuVO, topLevel: boolean, ctx: MapContext): MenuItem | null {
  if (!visible(node, ctx.roles)) return null;
  const sourceChildren = node.children ?? [];
  const children = sourceChildren.map((child) => mapNode(child, false, ctx)).filter((c): c is MenuItem => c !== null);
  // A branch whose every child is hidden from this user would be an empty submenu: hide it too.
  if (sourceChildren.length > 0 && children.length === 0) return null;

  const label = ctx.language === 'en' && node.nameEn ? node.nameEn : node.name;
  const rawPath = (node.path ?? '').trim();
  const isOpen = Number(node.isOpen) === 2 ? 2 : 1;
  const item: MenuItem = {
    id: String(node.id),
    code: node.code,
    label,
    path: rawPath,
    icon: node.source?.trim() || DEFAULT_MENU_ICON,
    children,
    meta: { ...node.meta },
    external: false,
    isOpen,
    group: node.group,
  };

  if (rawPath && isUrlPath(rawPath)) {
    if (isOpen === 2) item.external = true;
    else {
      item.src = rawPath;
      item.path = iframePath(label, rawPath);
    }
  } else if (topLevel && sourceChildren.length === 0 && rawPath && !/\/index$/.test(rawPath)) {
    // The '/index' convention: a one-level menu `/wel` is the page `/wel/index`.
    item.path = `${rawPath.replace(/\/+$/, '')}/index`;
  }
  return item;
}

/** Maps the server's menu tree to sidebar items. */
export function mapMenu(nodes: readonly MenuVO[] | null | undefined, ctx: MapContext): MenuItem[] {
  return (nodes ?? []).map((node) => mapNode(node, true, ctx)).filter((n): n is MenuItem => n !== null);
}

/** Every leaf, depth first (menu search, tab labels, "is this path in my menu"). */
export function flattenLeaves(menu: readonly MenuItem[]): MenuItem[] {
  const leaves: MenuItem[] = [];
  const walk = (items: readonly MenuItem[]) => {
    for (const item of items) {
      if (item.children.length > 0) walk(item.children);
      else leaves.push(item);
    }
  };
  walk(menu);
  return leaves;
}

/** The path part of an item's path (no query), for comparing with a location. */
export function itemPathname(item: MenuItem): string {
  return item.path.split(/[?#]/)[0] ?? item.path;
}

/** The leaf a location belongs to: same pathname (and, for iframe items, same `src`). */
export function findMenuItem(menu: readonly MenuItem[], pathname: string, search = ''): MenuItem | undefined {
  const src = new URLSearchParams(search).get('src');
  const leaves = flattenLeaves(menu);
  return (
    leaves.find((item) => !item.external && itemPathname(item) === pathname && (!item.src || item.src === src)) ??
    leaves.find((item) => item.group?.includes(pathname))
  );
}

/** Ids of the branches leading to the item with `id` (to open the sidebar there). */
export function ancestorIds(menu: readonly MenuItem[], id: string): string[] {
  const trail: string[] = [];
  const walk = (items: readonly MenuItem[]): boolean => {
    for (const item of items) {
      if (item.id === id) return true;
      if (item.children.length > 0) {
        trail.push(item.id);
        if (walk(item.children)) return true;
        trail.pop();
      }
    }
    return false;
  };
  return walk(menu) ? [...trail] : [];
}
