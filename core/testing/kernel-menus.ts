import type { MenuDecl, PluginManifest } from '../schema/manifest';

/**
 * What the reference server answers for `menu/routes`, `menu/buttons` and `menu/top-menu`, computed from
 * the mounted manifests and a user's granted codes, for the hand-written-responses backend. The rules are
 * the server's (core/server/menu): a granted menu shows with all its ancestors; `menu/buttons` is the
 * granted buttons under their menus, so `session.can` answers exactly the granted button codes; a top
 * menu shows when one of its menus does. Ids are made up but stable.
 */
interface Node {
  id: string;
  parentId: string;
  code: string;
  name: string;
  nameEn: string;
  alias: string;
  path: string;
  source: string;
  sort: number;
  category: 1 | 2;
  action: number;
  isOpen: number;
  children?: Node[];
}

function flatten(manifests: readonly PluginManifest[]): Node[] {
  const nodes: Node[] = [];
  const idOf = new Map<string, string>();
  const add = (node: Omit<Node, 'id'>) => {
    const id = String(1000 + nodes.length);
    idOf.set(node.code, id);
    nodes.push({ ...node, id });
  };
  const walk = (menus: readonly MenuDecl[] | undefined, parentCode: string | null) => {
    for (const menu of menus ?? []) {
      // `parent` attaches a plugin's top-level menu under a group declared elsewhere (the shell's `system`).
      const parent = parentCode ?? menu.parent ?? null;
      add({
        parentId: parent ?? '0', code: menu.code, name: menu.name.zh, nameEn: menu.name.en, alias: 'menu', path: menu.path,
        source: menu.icon ?? '', sort: menu.sort, category: 1, action: 0, isOpen: menu.isOpen ?? 1,
      });
      for (const button of menu.buttons ?? []) {
        add({
          parentId: menu.code, code: button.code, name: button.name.zh, nameEn: button.name.en, alias: button.alias,
          path: button.path ?? '', source: button.icon ?? '', sort: button.sort ?? 0, category: 2, action: button.action ?? 0, isOpen: 1,
        });
      }
      walk(menu.children, menu.code);
    }
  };
  for (const manifest of manifests) walk(manifest.menus, null);
  // Parents were recorded by code (a `parent` may be declared by a later manifest): now their ids.
  return nodes.map((node) => ({ ...node, parentId: node.parentId === '0' ? '0' : (idOf.get(node.parentId) ?? '0') }));
}

function tree(nodes: Node[]): Node[] {
  const byId = new Map(nodes.map((n) => [n.id, { ...n }]));
  const roots: Node[] = [];
  for (const node of byId.values()) {
    const parent = byId.get(node.parentId);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  const order = (list: Node[]) => {
    list.sort((a, b) => a.sort - b.sort || Number(a.id) - Number(b.id));
    for (const n of list) if (n.children) order(n.children);
  };
  order(roots);
  return roots;
}

export interface KernelMenus {
  /** `menu/routes`, optionally only the menus a top menu lists (`topMenuId`). */
  routes(topMenuId?: string | null): Node[];
  buttons: Node[];
  topMenus: { id: string; code: string; name: string; nameEn: string; source: string; sort: number }[];
}

/** Throws on a granted code no mounted manifest declares (a typo would otherwise silently grant nothing). */
export function kernelMenus(manifests: readonly PluginManifest[], granted: readonly string[]): KernelMenus {
  const nodes = flatten(manifests);
  const byCode = new Map(nodes.map((n) => [n.code, n]));
  const unknown = granted.filter((code) => !byCode.has(code));
  if (unknown.length > 0) {
    throw new Error(
      `Permission code${unknown.length > 1 ? 's' : ''} ${unknown.map((c) => `"${c}"`).join(', ')} declared by no mounted manifest (${manifests.map((m) => m.id).join(', ')}).`,
    );
  }
  const grantedSet = new Set(granted);
  const byId = new Map(nodes.map((n) => [n.id, n]));

  const visible = new Set<string>();
  for (const node of nodes) {
    if (node.category !== 1 || !grantedSet.has(node.code)) continue;
    for (let at: Node | undefined = node; at && !visible.has(at.id); at = byId.get(at.parentId)) visible.add(at.id);
  }
  const tops = manifests.flatMap((m) => m.topMenus ?? []).map((top, index) => ({ ...top, id: String(900 + index) }));
  const routes = (topMenuId?: string | null) => {
    const top = topMenuId ? tops.find((t) => t.id === topMenuId) : undefined;
    return tree(nodes.filter((n) => visible.has(n.id) && (!top || top.menus.includes(n.code))));
  };

  const buttons = nodes.filter((n) => n.category === 2 && grantedSet.has(n.code));
  const owners = nodes.filter((n) => buttons.some((b) => b.parentId === n.id));
  const buttonTree = tree([...owners, ...buttons]);

  const visibleCodes = new Set(nodes.filter((n) => visible.has(n.id)).map((n) => n.code));
  const topMenus = tops
    .filter((top) => top.menus.some((code) => visibleCodes.has(code)))
    .map((top) => ({ id: top.id, code: top.code, name: top.name.zh, nameEn: top.name.en, source: top.icon ?? '', sort: top.sort }));
  return { routes, buttons: buttonTree, topMenus };
}
