import { useEffect, useState } from 'react';
import { http } from '../../../core/http';

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

export const loadDeptTree = async () => asTree((await http.get<TreeNode[] | null>('/api/blade-system/dept/tree', { silent: true })).data);
export const loadRoleTree = async () => asTree((await http.get<TreeNode[] | null>('/api/blade-system/role/tree', { silent: true })).data);
export async function loadPosts(): Promise<PostOption[]> {
  const res = await http.get<{ id: string; postName?: string }[] | null>('/api/blade-system/post/select', { silent: true });
  return (Array.isArray(res.data) ? res.data : []).map((p) => ({ value: String(p.id), label: String(p.postName ?? p.id) }));
}

/** Loads once per mount (a dialog's opening); `reload` asks again. */
export function useLoaded<T>(load: () => Promise<T>, empty: T, enabled = true): { data: T; state: LoadState; reload: () => void } {
  const [data, setData] = useState<T>(empty);
  const [state, setState] = useState<LoadState>('loading');
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setState('loading');
    load()
      .then((value) => {
        if (!live) return;
        setData(value);
        setState('ready');
      })
      .catch(() => live && setState('failed'));
    return () => {
      live = false;
    };
  }, [round, enabled]);
  return { data, state, reload: () => setRound((r) => r + 1) };
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
