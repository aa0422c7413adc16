import { useState, type KeyboardEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Tabs } from '@arco-design/web-react';
import { type DialogOpeningProps, DialogOpenings, http, invalidateResource, RecordDialog, useKernel, useRecordDialog, useTranslation } from '../../../core/sdk/browser';
import { roleEntity } from '../index';
import { initialChecked, type GrantKeys, type GrantTrees, type TreeMode } from './grant-tree';
import { GrantTree } from './GrantTree';

export const GRANT_TREE_URL = '/api/blade-system/menu/grant-tree';
export const ROLE_KEYS_URL = '/api/blade-system/menu/role-tree-keys';
export const GRANT_URL = '/api/blade-system/role/grant';

type Tab = keyof GrantTrees;
const TABS: { key: Tab; title: string; mode: TreeMode; body: 'menuIds' | 'dataScopeIds' | 'apiScopeIds' }[] = [
  { key: 'menu', title: 'role.tabMenu', mode: 'menu', body: 'menuIds' },
  { key: 'dataScope', title: 'role.tabData', mode: 'scope', body: 'dataScopeIds' },
  { key: 'apiScope', title: 'role.tabApi', mode: 'scope', body: 'apiScopeIds' },
];

export interface GrantTarget {
  ids: string[];
  /** The roles' names, for the title. */
  names: string[];
}

interface Loaded {
  trees: GrantTrees;
  checked: Record<Tab, Set<string>>;
}

const asList = <T,>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** Enter saves, except where it means something already: buttons, tab titles, text boxes (the filter filters). */
function enterSaves(event: KeyboardEvent<HTMLDivElement>): boolean {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing || event.shiftKey || event.ctrlKey || event.altKey || event.metaKey) return false;
  const target = event.target as HTMLElement;
  return !(target.closest('button, textarea, [role="tab"], .arco-tabs-header') || (target.tagName === 'INPUT' && (target as HTMLInputElement).type !== 'checkbox'));
}

async function loadGrant(roleIds: string): Promise<Loaded> {
  const [treesRes, keysRes] = await Promise.all([http.get<GrantTrees | null>(GRANT_TREE_URL), http.get<GrantKeys | null>(ROLE_KEYS_URL, { params: { roleIds } })]);
  const trees: GrantTrees = { menu: asList(treesRes.data?.menu), dataScope: asList(treesRes.data?.dataScope), apiScope: asList(treesRes.data?.apiScope) };
  const keys = keysRes.data;
  return {
    trees,
    checked: {
      menu: initialChecked(trees.menu, 'menu', asList<string>(keys?.menu).map(String)),
      dataScope: initialChecked(trees.dataScope, 'scope', asList<string>(keys?.dataScope).map(String)),
      apiScope: initialChecked(trees.apiScope, 'scope', asList<string>(keys?.apiScope).map(String)),
    },
  };
}

/** One opening: its own loading, checks and saving. */
const GrantModal = observer(function GrantModal({ target, opening, onClose, onSaved }: { target: GrantTarget; opening: DialogOpeningProps; onClose: () => void; onSaved?: () => void }) {
  const { session } = useKernel();
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('menu');
  const dialog = useRecordDialog<Loaded, Record<string, string[]>>({
    load: () => loadGrant(target.ids.join(',')),
    prepare: (loaded) => {
      const body: Record<string, string[]> = { roleIds: target.ids };
      for (const { key, body: name } of TABS) body[name] = [...loaded.checked[key]];
      return body;
    },
    // A grant changes the roles: every view of them (this plugin's, a user screen's role tree) reads them again.
    save: async (body) => {
      await http.post(GRANT_URL, body);
      await invalidateResource(roleEntity);
    },
    success: t('role.grantSuccess'),
    onSaved: () => onSaved?.(),
    onClose,
  });

  const names = target.names.filter(Boolean).join(', ');
  return (
    <RecordDialog dialog={dialog} opening={opening} title={names ? t('role.grantFor', { names }) : t('role.grant')} width={640} className="ba-role-grant" testId="role-grant-save" submitOnEnter={enterSaves}>
      {(loaded) => (
        <div className="ba-role-grant-body">
          <Tabs activeTab={tab} onChange={(key) => setTab(key as Tab)} lazyload={false}>
            {TABS.map(({ key, title, mode }) => (
              <Tabs.TabPane key={key} title={`${t(title)} (${loaded.checked[key].size})`}>
                <GrantTree
                  label={t(title)}
                  nodes={loaded.trees[key]}
                  mode={mode}
                  checked={loaded.checked[key]}
                  language={session.language}
                  onChange={(next) => dialog.setData((prev) => (prev ? { ...prev, checked: { ...prev.checked, [key]: next } } : prev))}
                />
              </Tabs.TabPane>
            ))}
          </Tabs>
        </div>
      )}
    </RecordDialog>
  );
});

/**
 * 权限设置: the three trees of `menu/grant-tree` (menus and buttons, data scopes, API scopes), checked from
 * `menu/role-tree-keys` for the roles, saved through `role/grant` ('操作成功', then closed). A refused save
 * keeps the dialog open with the checks. Esc closes; Enter (outside the filter box) saves.
 */
export function GrantDialog({ target, onClose, onSaved }: { target: GrantTarget | null; onClose: () => void; onSaved?: () => void }) {
  return <DialogOpenings state={target}>{(state, opening) => <GrantModal target={state} opening={opening} onClose={onClose} onSaved={onSaved} />}</DialogOpenings>;
}
