/**
 * Builds a forest from flat nodes (BladeX `ForestNodeMerger`): a node whose parent is not in the set
 * becomes a root; siblings are ordered by `sort`; `children` is present only when there are some (a
 * leaf must not carry `children: []`, Saber reads its absence).
 */
export interface TreeNode {
  id: string;
  parentId: string;
  sort: number;
  children?: TreeNode[];
}

export function buildTree<T extends TreeNode>(nodes: T[]): T[] {
  const byId = new Map(nodes.map((n) => [n.id, { ...n } as T]));
  const roots: T[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId !== node.id ? byId.get(node.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  const order = (list: TreeNode[]) => {
    list.sort((a, b) => a.sort - b.sort || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (const n of list) if (n.children) order(n.children);
  };
  order(roots);
  return roots;
}

/** A built tree as TreeNode answers give it: ordered, without the `sort` that ordered it. */
export type Unsorted<T> = Omit<T, 'sort' | 'children'> & { children?: Unsorted<T>[] };

export function withoutSort<T extends TreeNode>(nodes: readonly T[]): Unsorted<T>[] {
  return nodes.map(({ sort: _sort, children, ...node }) => (children ? { ...node, children: withoutSort(children as T[]) } : node));
}
