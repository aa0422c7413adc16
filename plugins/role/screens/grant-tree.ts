/**
 * The grant trees of the permission dialog as plain data, and what checking a node does. No React here.
 *
 * Menus (checked exactly as stored, Arco's `checkStrictly`): checking a node checks it, everything below it
 * and everything above it (a button needs its menu); unchecking it unchecks it and everything below it,
 * the menus above stay. So "a menu without its buttons" can be said, which a cascading tree cannot.
 * Scopes: only the scope rows (leaves) are granted; their menus are folders that check or uncheck all.
 * Nodes the server marks `disabled` (shown for context, not grantable) are never checked.
 */

export type GrantKind = 'menu' | 'button' | 'scope';

export interface GrantNode {
  id: string;
  parentId: string;
  title: string;
  titleEn?: string;
  key: string;
  value?: string;
  kind?: GrantKind;
  disabled?: boolean;
  children?: GrantNode[];
}

export interface GrantTrees {
  menu: GrantNode[];
  dataScope: GrantNode[];
  apiScope: GrantNode[];
}

export interface GrantKeys {
  menu: string[];
  dataScope: string[];
  apiScope: string[];
}

export type TreeMode = 'menu' | 'scope';

/** The title shown: English when asked and there is one. */
export const nodeTitle = (node: GrantNode, language: 'zh' | 'en') => (language === 'en' && node.titleEn ? node.titleEn : node.title);

export interface TreeIndex {
  nodes: Map<string, GrantNode>;
  parent: Map<string, string>;
}

export function indexTree(roots: readonly GrantNode[]): TreeIndex {
  const nodes = new Map<string, GrantNode>();
  const parent = new Map<string, string>();
  const walk = (list: readonly GrantNode[], above?: string) => {
    for (const node of list) {
      nodes.set(node.key, node);
      if (above !== undefined) parent.set(node.key, above);
      walk(node.children ?? [], node.key);
    }
  };
  walk(roots);
  return { nodes, parent };
}

/** The node and every node below it. */
export function subtree(node: GrantNode): GrantNode[] {
  return [node, ...(node.children ?? []).flatMap(subtree)];
}

const isLeaf = (node: GrantNode) => !node.children || node.children.length === 0;

/** What can be checked in a tree: menus, every enabled node; scopes, the leaves. */
export function checkableKeys(roots: readonly GrantNode[], mode: TreeMode): Set<string> {
  const all = roots.flatMap(subtree);
  return new Set(all.filter((n) => !n.disabled && (mode === 'menu' || isLeaf(n))).map((n) => n.key));
}

/** The keys a role holds that this tree can show (the others are kept by the server, not shown here). */
export function initialChecked(roots: readonly GrantNode[], mode: TreeMode, keys: readonly string[]): Set<string> {
  const checkable = checkableKeys(roots, mode);
  return new Set(keys.filter((k) => checkable.has(k)));
}

/** The checked set after the user checks (`on`) or unchecks `key`. */
export function toggle(index: TreeIndex, mode: TreeMode, checked: ReadonlySet<string>, key: string, on: boolean): Set<string> {
  const next = new Set(checked);
  const node = index.nodes.get(key);
  if (!node || node.disabled) return next;
  const below = subtree(node).filter((n) => !n.disabled && (mode === 'menu' || isLeaf(n)));
  for (const n of below) {
    if (on) next.add(n.key);
    else next.delete(n.key);
  }
  if (on && mode === 'menu') {
    for (let up = index.parent.get(key); up !== undefined; up = index.parent.get(up)) {
      const above = index.nodes.get(up);
      if (above && !above.disabled) next.add(up);
    }
  }
  return next;
}

/** How the tree shows a checked set: the checked keys and the half-checked ones. */
export function display(roots: readonly GrantNode[], mode: TreeMode, checked: ReadonlySet<string>): { checkedKeys: string[]; halfCheckedKeys: string[] } {
  const checkedKeys: string[] = [];
  const halfCheckedKeys: string[] = [];
  // Returns [checkable leaves below, of which checked] for scope folders; for menus whether any is checked below.
  const walk = (node: GrantNode): { total: number; on: number } => {
    const children = node.children ?? [];
    if (mode === 'scope' && isLeaf(node)) {
      const on = checked.has(node.key);
      if (on) checkedKeys.push(node.key);
      return { total: node.disabled ? 0 : 1, on: on ? 1 : 0 };
    }
    let total = 0;
    let on = 0;
    for (const child of children) {
      const r = walk(child);
      total += r.total;
      on += r.on;
    }
    if (mode === 'menu') {
      const self = checked.has(node.key);
      if (self) checkedKeys.push(node.key);
      else if (on > 0) halfCheckedKeys.push(node.key);
      return { total: total + 1, on: on + (self ? 1 : 0) };
    }
    if (total > 0 && on === total) checkedKeys.push(node.key);
    else if (on > 0) halfCheckedKeys.push(node.key);
    return { total, on };
  };
  for (const root of roots) walk(root);
  return { checkedKeys, halfCheckedKeys };
}

/**
 * The nodes whose title contains `text` (case-insensitive, either language), each with everything below
 * it, under the nodes above them. Empty text: the whole tree.
 */
export function filterTree(roots: readonly GrantNode[], text: string): GrantNode[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...roots];
  const matches = (n: GrantNode) => n.title.toLowerCase().includes(needle) || (n.titleEn ?? '').toLowerCase().includes(needle);
  const walk = (list: readonly GrantNode[]): GrantNode[] =>
    list.flatMap((node) => {
      if (matches(node)) return [node];
      const children = walk(node.children ?? []);
      return children.length > 0 ? [{ ...node, children }] : [];
    });
  return walk(roots);
}

/** Keys of every node that has children (expand all). */
export function branchKeys(roots: readonly GrantNode[]): string[] {
  return roots.flatMap((n) => (n.children?.length ? [n.key, ...branchKeys(n.children)] : []));
}
