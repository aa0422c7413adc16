import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Modal, Tabs } from '@arco-design/web-react';
import { DialogFooter, LoadState, useDialogOpenings } from '../../../core/crud';
import { http, toastSuccess } from '../../../core/http';
import { session } from '../../../core/session/session';
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

/** One opening: its own loading, checks and saving. */
const GrantModal = observer(function GrantModal({ target, visible, onClose, onSaved, afterClose }: { target: GrantTarget; visible: boolean; onClose: () => void; onSaved?: () => void; afterClose: () => void }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [tab, setTab] = useState<Tab>('menu');
  const done = useRef(false);
  const roleIds = target.ids.join(',');

  const load = useCallback(() => {
    let live = true;
    setFailed(false);
    setLoaded(null);
    Promise.all([http.get<GrantTrees | null>(GRANT_TREE_URL), http.get<GrantKeys | null>(ROLE_KEYS_URL, { params: { roleIds } })])
      .then(([treesRes, keysRes]) => {
        if (!live) return;
        const trees: GrantTrees = { menu: asList(treesRes.data?.menu), dataScope: asList(treesRes.data?.dataScope), apiScope: asList(treesRes.data?.apiScope) };
        const keys = keysRes.data;
        setLoaded({
          trees,
          checked: {
            menu: initialChecked(trees.menu, 'menu', asList<string>(keys?.menu).map(String)),
            dataScope: initialChecked(trees.dataScope, 'scope', asList<string>(keys?.dataScope).map(String)),
            apiScope: initialChecked(trees.apiScope, 'scope', asList<string>(keys?.apiScope).map(String)),
          },
        });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [roleIds]);
  useEffect(() => load(), [load]);

  const save = async () => {
    if (!loaded || saving || done.current) return;
    const body: Record<string, string[]> = { roleIds: target.ids };
    for (const { key, body: name } of TABS) body[name] = [...loaded.checked[key]];
    setSaving(true);
    try {
      await http.post(GRANT_URL, body);
    } catch {
      // The pipeline showed the server's message; the dialog stays open with the checks.
      setSaving(false);
      return;
    }
    done.current = true;
    toastSuccess(t('role.grantSuccess'));
    onSaved?.();
    onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing || event.shiftKey || event.ctrlKey || event.altKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    // Buttons, tab titles and text boxes keep their own Enter (the filter box filters).
    if (target.closest('button, textarea, [role="tab"], .arco-tabs-header') || (target.tagName === 'INPUT' && (target as HTMLInputElement).type !== 'checkbox')) return;
    event.preventDefault();
    void save();
  };

  const names = target.names.filter(Boolean).join(', ');
  return (
    <Modal
      className="ba-role-grant"
      visible={visible}
      title={names ? t('role.grantFor', { names }) : t('role.grant')}
      style={{ width: 640, maxWidth: 'calc(100vw - 32px)' }}
      onCancel={onClose}
      maskClosable={false}
      escToExit
      afterClose={afterClose}
      footer={
        <DialogFooter saving={saving} ready={!!loaded} onCancel={onClose} onSave={() => void save()} testId="role-grant-save" />
      }
    >
      <div className="ba-role-grant-body" onKeyDown={onKeyDown}>
        <LoadState failed={failed} data={loaded} onRetry={() => void load()}>
          {(loaded) => (
          <Tabs activeTab={tab} onChange={(key) => setTab(key as Tab)} lazyload={false}>
            {TABS.map(({ key, title, mode }) => (
              <Tabs.TabPane key={key} title={`${t(title)} (${loaded.checked[key].size})`}>
                <GrantTree
                  label={t(title)}
                  nodes={loaded.trees[key]}
                  mode={mode}
                  checked={loaded.checked[key]}
                  language={session.language}
                  onChange={(next) => setLoaded((prev) => (prev ? { ...prev, checked: { ...prev.checked, [key]: next } } : prev))}
                />
              </Tabs.TabPane>
            ))}
          </Tabs>
        )}
      </LoadState>
      </div>
    </Modal>
  );
});

/**
 * 权限设置: the three trees of `menu/grant-tree` (menus and buttons, data scopes, API scopes), checked from
 * `menu/role-tree-keys` for the roles, saved through `role/grant` ('操作成功', then closed). A refused save
 * keeps the dialog open with the checks. Esc closes; Enter (outside the filter box) saves.
 */
export function GrantDialog({ target, onClose, onSaved }: { target: GrantTarget | null; onClose: () => void; onSaved?: () => void }) {
  const { opening, visible, afterClose } = useDialogOpenings(target);
  if (!opening) return null;
  return <GrantModal key={opening.key} target={opening.state} visible={visible} onClose={onClose} onSaved={onSaved} afterClose={afterClose} />;
}
