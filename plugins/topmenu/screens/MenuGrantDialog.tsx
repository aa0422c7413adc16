import { useMemo } from 'react';
import { Empty, Tree } from '@arco-design/web-react';
import { type DialogOpeningProps, DialogOpenings, http, invalidateResource, RecordDialog, useRecordDialog, useTranslation } from '../../../core/sdk/browser';
import { topMenuEntity } from '../entities';

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
  topMenus: TopMenu[] | null;
  onClose: () => void;
}

async function loadGrant(idsKey: string): Promise<Grant> {
  const [tree, keys] = await Promise.all([
    http.get<{ menu?: GrantNode[] }>('/api/blade-system/menu/grant-top-tree'),
    http.get<{ menu?: string[] }>('/api/blade-system/menu/top-tree-keys', { params: { topMenuIds: idsKey } }),
  ]);
  const menu = tree.data?.menu ?? [];
  // Only leaves are checked by key: a parent shows checked (or half) from its children.
  const leaves = new Set(leafKeys(menu));
  return { menu, checked: (keys.data?.menu ?? []).filter((key) => leaves.has(key)) };
}

type TopMenu = { id: string; name: string };

function MenuGrantModal({ topMenus, opening, onClose }: { topMenus: TopMenu[]; opening: DialogOpeningProps; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const ids = topMenus.map((m) => m.id);
  const dialog = useRecordDialog<Grant, string[]>({
    load: () => loadGrant(ids.join(',')),
    prepare: (grant) => withAncestors(grant.menu, new Set(grant.checked)),
    save: async (menuIds) => {
      await http.post('/api/blade-system/topmenu/grant', { topMenuIds: ids, menuIds });
      await invalidateResource(topMenuEntity);
    },
    success: t('topmenu.saved'),
    onClose,
  });
  const menu = dialog.data?.menu;
  const data = useMemo(() => treeData(menu ?? [], i18n.language === 'en'), [menu, i18n.language]);

  return (
    <RecordDialog
      dialog={dialog}
      opening={opening}
      title={t('topmenu.settingOf', { names: topMenus.map((m) => m.name).join('、') })}
      width={520}
      className="ba-topmenu-grant"
      testId="topmenu-grant-save"
      submitOnEnter={(event) => event.key === 'Enter' && !event.nativeEvent.isComposing}
    >
      {(grant) =>
        data.length === 0 ? (
          <Empty description={t('topmenu.noMenus')} />
        ) : (
          <div className="ba-topmenu-grant-body" role="group" aria-label={t('topmenu.menus')}>
            <Tree
              checkable
              blockNode
              actionOnClick="check"
              treeData={data}
              checkedKeys={grant.checked}
              onCheck={(keys) => dialog.setData((prev) => (prev ? { ...prev, checked: keys.map(String) } : prev))}
              defaultExpandedKeys={data.map((n) => n.key)}
            />
          </div>
        )
      }
    </RecordDialog>
  );
}

/**
 * 菜单配置: the menus the user may see as a checkable tree (`menu/grant-top-tree`), checked from what the
 * top menus show (`menu/top-tree-keys`), saved with `topmenu/grant` (the checked menus and their parents,
 * so the tree holds together under the top menu). Esc closes, Enter saves.
 */
export function MenuGrantDialog({ topMenus, onClose }: MenuGrantDialogProps) {
  return <DialogOpenings state={topMenus}>{(state, opening) => <MenuGrantModal topMenus={state} opening={opening} onClose={onClose} />}</DialogOpenings>;
}
