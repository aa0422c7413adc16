import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Empty, Modal, Tree } from '@arco-design/web-react';
import { DialogFooter, LoadState } from '../../../core/crud';
import { http, toastSuccess } from '../../../core/http';

/** A node of `menu/grant-top-tree`. */
export interface GrantNode {
  key: string;
  title: string;
  titleEn?: string;
  children?: GrantNode[];
}

interface TreeData {
  key: string;
  title: string;
  children?: TreeData[];
}

interface Grant {
  menu: GrantNode[];
  checked: string[];
}

function treeData(nodes: readonly GrantNode[], en: boolean): TreeData[] {
  return nodes.map((n) => ({ key: n.key, title: en && n.titleEn ? n.titleEn : n.title, ...(n.children?.length ? { children: treeData(n.children, en) } : {}) }));
}

function leafKeys(nodes: readonly GrantNode[]): string[] {
  return nodes.flatMap((n) => (n.children?.length ? leafKeys(n.children) : [n.key]));
}

/** The checked keys and every ancestor of one (the half-checked): what the top menu shows, tree and all. */
function withAncestors(nodes: readonly GrantNode[], checked: ReadonlySet<string>): string[] {
  return nodes.flatMap((n) => {
    const below = withAncestors(n.children ?? [], checked);
    return checked.has(n.key) || below.length > 0 ? [n.key, ...below] : below;
  });
}

export interface MenuGrantDialogProps {
  /** The top menus being configured (open while set). */
  topMenus: { id: string; name: string }[] | null;
  onClose: () => void;
}

/**
 * 菜单配置: the menus the user may see as a checkable tree (`menu/grant-top-tree`), checked from what the
 * top menus show (`menu/top-tree-keys`), saved with `topmenu/grant` (the checked menus and their parents,
 * so the tree holds together under the top menu). Esc closes, Enter saves.
 */
export function MenuGrantDialog({ topMenus, onClose }: MenuGrantDialogProps) {
  const { t, i18n } = useTranslation();
  const ids = topMenus?.map((m) => m.id) ?? [];
  const idsKey = ids.join(',');
  const [grant, setGrant] = useState<Grant | null>(null);
  const [failed, setFailed] = useState(false);
  const [checked, setChecked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const load = useCallback(() => {
    if (!idsKey) return;
    setGrant(null);
    setFailed(false);
    let live = true;
    Promise.all([
      http.get<{ menu?: GrantNode[] }>('/api/blade-system/menu/grant-top-tree'),
      http.get<{ menu?: string[] }>('/api/blade-system/menu/top-tree-keys', { params: { topMenuIds: idsKey } }),
    ])
      .then(([tree, keys]) => {
        if (!live) return;
        const menu = tree.data?.menu ?? [];
        // Only leaves are checked by key: a parent shows checked (or half) from its children.
        const leaves = new Set(leafKeys(menu));
        const initial = (keys.data?.menu ?? []).filter((key) => leaves.has(key));
        setGrant({ menu, checked: initial });
        setChecked(initial);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [idsKey]);
  useEffect(() => load(), [load]);

  const data = useMemo(() => treeData(grant?.menu ?? [], i18n.language === 'en'), [grant, i18n.language]);

  const save = async () => {
    if (!grant || saving || !idsKey) return;
    setSaving(true);
    try {
      await http.post('/api/blade-system/topmenu/grant', { topMenuIds: ids, menuIds: withAncestors(grant.menu, new Set(checked)) });
    } catch {
      setSaving(false); // the toast said why; the dialog stays as it was
      return;
    }
    setSaving(false);
    toastSuccess(t('topmenu.saved'));
    onClose();
  };

  const names = topMenus?.map((m) => m.name).join('、') ?? '';
  return (
    <Modal
      className="ba-topmenu-grant"
      visible={topMenus !== null}
      title={t('topmenu.settingOf', { names })}
      style={{ width: 520, maxWidth: 'calc(100vw - 32px)' }}
      onCancel={onClose}
      maskClosable={false}
      escToExit
      unmountOnExit
      footer={
        <DialogFooter saving={saving} ready={!!grant} onCancel={onClose} onSave={() => void save()} testId="topmenu-grant-save" />
      }
    >
      <div
        className="ba-topmenu-grant-body"
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
            event.preventDefault();
            void save();
          }
        }}
      >
        <LoadState failed={failed} data={grant} onRetry={() => load()}>
          {() =>
            data.length === 0 ? (
              <Empty description={t('topmenu.noMenus')} />
            ) : (
              <div role="group" aria-label={t('topmenu.menus')}>
                <Tree
                  checkable
                  blockNode
                  actionOnClick="check"
                  treeData={data}
                  checkedKeys={checked}
                  onCheck={(keys) => setChecked(keys.map(String))}
                  defaultExpandedKeys={data.map((n) => n.key)}
                />
              </div>
            )
          }
        </LoadState>
      </div>
    </Modal>
  );
}
