import { fetchQuery, query, type Query, REFERENCE_CACHE_MS, useQuery } from '../../../core/sdk/browser';

/**
 * What the user screens choose from, read over HTTP from the plugins that own it (`requires`): the
 * department tree (`dept/tree`), the role tree (`role/tree`) and the posts (`post/select`). The calls
 * are silent: a user allowed to manage users but not to see one of these lists gets a note in the
 * screen, not an error toast each time a dialog opens.
 */

/** BladeX `TreeNode`. */
export interface TreeNode {
  id: string;
  parentId?: string;
  title: string;
  key?: string;
  value?: string;
  children?: TreeNode[];
}

export interface PostOption {
  value: string;
  label: string;
}

export type LoadState = 'loading' | 'ready' | 'failed';

const asTree = (data: unknown): TreeNode[] => (Array.isArray(data) ? (data as TreeNode[]) : []);

/** Reference data of another plugin: kept a while, and read again when that plugin's screens change it. */
const options = <T,>(resource: string, url: string, select: (data: unknown) => T): Query<T> => query(resource, url, { cacheFor: REFERENCE_CACHE_MS, silent: true, select });

export const deptTreeQuery = options('/api/blade-system/dept', '/api/blade-system/dept/tree', asTree);
export const roleTreeQuery = options('/api/blade-system/role', '/api/blade-system/role/tree', asTree);
export const postsQuery = options('/api/blade-system/post', '/api/blade-system/post/select', (data): PostOption[] =>
  (Array.isArray(data) ? (data as { id: string; postName?: string }[]) : []).map((p) => ({ value: String(p.id), label: String(p.postName ?? p.id) })),
);

export const loadRoleTree = () => fetchQuery(roleTreeQuery);

/** Options for a screen: `empty` until they arrive; `reload` asks again (after a failure). */
export function useOptions<T>(q: Query<T>, empty: T): { data: T; state: LoadState; reload: () => void } {
  const { data, failed, reload } = useQuery(q);
  return { data: data ?? empty, state: failed ? 'failed' : data === undefined ? 'loading' : 'ready', reload: () => void reload() };
}

/** The nodes whose title contains `text` (case-insensitive), with their ancestors; all when `text` is blank. */
export function filterTree(nodes: readonly TreeNode[], text: string): TreeNode[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...nodes];
  return nodes.flatMap((node) => {
    const children = filterTree(node.children ?? [], needle);
    if (node.title.toLowerCase().includes(needle) || children.length > 0) return [{ ...node, children: children.length ? children : undefined }];
    return [];
  });
}

/** Every id of a tree, depth first. */
export const treeIds = (nodes: readonly TreeNode[]): string[] => nodes.flatMap((n) => [String(n.id), ...treeIds(n.children ?? [])]);

/** A comma list (`roleId`) as the ids a multiple picker holds. */
export const idList = (value: unknown): string[] =>
  typeof value === 'string' ? value.split(',').map((s) => s.trim()).filter(Boolean) : Array.isArray(value) ? value.map(String) : [];
