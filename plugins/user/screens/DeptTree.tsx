import { useMemo, useState } from 'react';
import { useTranslation } from '../../../core/sdk/browser';
import { Button, Empty, Input, Spin, Tree } from '@arco-design/web-react';
import { filterTree, treeIds, type LoadState, type TreeNode } from './options';

const ALL = '__all';

interface ArcoNode {
  key: string;
  title: string;
  children?: ArcoNode[];
}

const toArco = (nodes: readonly TreeNode[]): ArcoNode[] =>
  nodes.map((n) => ({ key: String(n.id), title: n.title, children: n.children?.length ? toArco(n.children) : undefined }));

export interface DeptTreeProps {
  tree: readonly TreeNode[];
  state: LoadState;
  onRetry: () => void;
  /** The chosen department (null: all). */
  selected: string | null;
  onSelect: (deptId: string | null) => void;
}

/**
 * The departments beside the user list: "all" on top, then the tenant's tree; a click filters the list
 * by that department and everything below it. A search box narrows the tree by name.
 */
export function DeptTree({ tree, state, onRetry, selected, onSelect }: DeptTreeProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const shown = useMemo(() => filterTree(tree, search), [tree, search]);
  const data = useMemo(() => [{ key: ALL, title: t('user.allDepts'), children: toArco(shown) }], [shown, t]);
  // Searching opens every branch that matched; otherwise the first two levels are open. What the user
  // opens or folds afterwards is kept until the search changes.
  const opened = useMemo(() => (search.trim() ? [ALL, ...treeIds(shown)] : [ALL, ...shown.map((n) => String(n.id))]), [shown, search]);
  const [expanded, setExpanded] = useState<{ for: string[]; keys: string[] } | null>(null);
  const expandedKeys = expanded && expanded.for === opened ? expanded.keys : opened;

  return (
    <nav className="ba-user-depts" aria-label={t('user.depts')}>
      <h3 className="ba-user-depts-title">{t('user.depts')}</h3>
      <Input.Search allowClear size="small" placeholder={t('user.deptSearch')} value={search} onChange={setSearch} aria-label={t('user.deptSearch')} />
      {state === 'loading' ? (
        <div className="ba-user-depts-state">
          <Spin />
        </div>
      ) : state === 'failed' ? (
        <Empty
          className="ba-user-depts-state"
          description={
            <>
              <div>{t('user.deptsFailed')}</div>
              <Button size="mini" type="text" onClick={onRetry}>
                {t('crud.retry')}
              </Button>
            </>
          }
        />
      ) : (
        <Tree
          blockNode
          size="small"
          treeData={data}
          selectedKeys={[selected ?? ALL]}
          expandedKeys={expandedKeys}
          onExpand={(keys) => setExpanded({ for: opened, keys: keys.map(String) })}
          onSelect={(keys) => {
            const key = keys[0];
            onSelect(!key || key === ALL ? null : String(key));
          }}
        />
      )}
    </nav>
  );
}
