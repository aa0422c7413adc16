import { useMemo, useState } from 'react';
import { useTranslation } from '../../../core/sdk/browser';
import { Button, Empty, Input, Space, Tag, Tree } from '@arco-design/web-react';
import type { TreeDataType } from '@arco-design/web-react/es/Tree/interface';
import { IconMinus, IconPlus } from '@arco-design/web-react/icon';
import { branchKeys, display, filterTree, indexTree, nodeTitle, toggle, type GrantNode, type TreeMode } from './grant-tree';

export interface GrantTreeProps {
  /** Names the tree for assistive technology (the tab's title). */
  label: string;
  nodes: readonly GrantNode[];
  mode: TreeMode;
  checked: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  language: 'zh' | 'en';
}

/**
 * One tab of the permission dialog: a filter box, expand all / collapse all, and the checkable tree.
 * Checks are kept by the dialog (so filtering or switching tabs loses none).
 */
export function GrantTree({ label, nodes, mode, checked, onChange, language }: GrantTreeProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => filterTree(nodes, filter), [nodes, filter]);
  const index = useMemo(() => indexTree(nodes), [nodes]);
  const [expanded, setExpanded] = useState<string[]>(() => branchKeys(nodes));
  const { checkedKeys, halfCheckedKeys } = useMemo(() => display(shown, mode, checked), [shown, mode, checked]);

  const treeData = useMemo(() => {
    const convert = (list: readonly GrantNode[]): TreeDataType[] =>
      list.map((node) => ({
        key: node.key,
        title: (
          <span className="ba-role-grant-title">
            {nodeTitle(node, language)}
            {node.kind === 'button' ? (
              <Tag size="small" className="ba-role-grant-tag">
                {t('role.button')}
              </Tag>
            ) : null}
          </span>
        ),
        disableCheckbox: node.disabled,
        children: node.children?.length ? convert(node.children) : undefined,
      }));
    return convert(shown);
  }, [shown, language, t]);

  const changeFilter = (value: string) => {
    setFilter(value);
    setExpanded(branchKeys(filterTree(nodes, value)));
  };

  return (
    <div className="ba-role-grant-tree">
      <div className="ba-role-grant-bar">
        <Input
          allowClear
          size="small"
          value={filter}
          onChange={changeFilter}
          placeholder={t('role.filter')}
          aria-label={t('role.filter')}
          className="ba-role-grant-filter"
          // Enter filters here; it does not save the dialog.
          onPressEnter={(event) => event.stopPropagation()}
        />
        <Space size="mini">
          <Button size="small" icon={<IconPlus />} onClick={() => setExpanded(branchKeys(shown))}>
            {t('role.expandAll')}
          </Button>
          <Button size="small" icon={<IconMinus />} onClick={() => setExpanded([])}>
            {t('role.collapseAll')}
          </Button>
        </Space>
      </div>
      <div className="ba-role-grant-scroll" role="group" aria-label={label}>
        {treeData.length === 0 ? (
          <Empty description={t(filter ? 'role.noMatch' : 'role.nothing')} />
        ) : (
          <Tree
            blockNode
            checkable
            checkStrictly
            // Clicking a title toggles its check (Arco draws non-selectable nodes greyed, as if disabled).
            actionOnClick="check"
            size="small"
            treeData={treeData}
            checkedKeys={checkedKeys}
            halfCheckedKeys={halfCheckedKeys}
            expandedKeys={expanded}
            onExpand={(keys) => setExpanded(keys)}
            onCheck={(_keys, extra) => {
              const key = extra.node.props._key ?? extra.node.key;
              if (key !== undefined && key !== null) onChange(toggle(index, mode, checked, String(key), extra.checked));
            }}
          />
        )}
      </div>
    </div>
  );
}
