import type { MenuVO } from './types';

/**
 * The permission set from `GET /api/blade-system/menu/buttons`: the codes of the tree's leaves (the
 * buttons; their parents are the menus that own them). BladeX Saber takes nodes whose `children` key is
 * absent; an empty `children` array is treated as a leaf too, so a server that sends `[]` loses nothing.
 */
export function permissionCodes(tree: readonly MenuVO[] | null | undefined): Set<string> {
  const codes = new Set<string>();
  const walk = (nodes: readonly MenuVO[]) => {
    for (const node of nodes) {
      if (node.children && node.children.length > 0) walk(node.children);
      else if (node.code) codes.add(node.code);
    }
  };
  walk(tree ?? []);
  return codes;
}
