import { useMemo, useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Drawer, Tag } from '@arco-design/web-react';
import { IconDelete, IconEdit, IconEye, IconSettings } from '@arco-design/web-react/icon';
import { AddDeleteButtons, confirmRemove, CrudTable, CrudToolbar, currentLanguage, type DialogState, type EntityDef, invalidateResource, type RowOf, SearchForm, useCan, useCrudCan, useCrudList, useTranslation } from '../../../core/sdk/browser';
import { apiScopeEntity, dataScopeEntity } from '../entities';
import { scopeMenuEntity } from './menu-entity';
import { ScopeDialog, type ScopeKind, type ScopeMenu } from './ScopeDialog';
import './scope.css';

const KINDS: Record<ScopeKind, { entity: EntityDef; setting: string; title: string }> = {
  data: { entity: dataScopeEntity, setting: 'data_scope_setting', title: 'scope.dataTitle' },
  api: { entity: apiScopeEntity, setting: 'api_scope_setting', title: 'scope.apiTitle' },
};

/** The scopes of one menu: search, add, bulk delete, and view / edit / delete per row, by permission. */
const ScopeList = observer(function ScopeList({ kind, menu }: { kind: ScopeKind; menu: ScopeMenu }) {
  const { t } = useTranslation();
  const { entity } = KINDS[kind];
  const params = useMemo(() => ({ menuId: menu.id }), [menu.id]);
  const list = useCrudList({ entity, params });
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const can = useCrudCan(entity);
  const remove = (ids: readonly string[]) => confirmRemove({ entity, ids, onRemoved: (removed) => void list.afterRemove(removed.length) });
  const rowAction = (key: 'view' | 'edit' | 'delete', icon: ReactNode, onClick: () => void) => (
    <Button key={key} type="text" size="mini" status={key === 'delete' ? 'danger' : undefined} icon={icon} onClick={onClick}>
      {t(`crud.${key}`)}
    </Button>
  );
  const actions = (['view', 'edit', 'delete'] as const).filter(can);

  return (
    <div className="ba-crud is-flat">
      <SearchForm entity={entity} onSearch={list.search} onReset={list.reset} loading={list.loading} />
      <CrudToolbar list={list} params={params}>
        <AddDeleteButtons onAdd={can('add') ? () => setDialog({ mode: 'add' }) : undefined} onDelete={can('delete') ? () => remove(list.selectedKeys) : undefined} />
      </CrudToolbar>
      <CrudTable
        list={list}
        selection={can('delete')}
        actionsWidth={32 + actions.length * 68}
        cells={{ scopeType: (_value, _row, text) => <Tag color={kind === 'data' ? 'arcoblue' : 'green'}>{text}</Tag> }}
        actions={
          actions.length
            ? (row) => (
                <>
                  {can('view') ? rowAction('view', <IconEye />, () => setDialog({ mode: 'view', id: row.id })) : null}
                  {can('edit') ? rowAction('edit', <IconEdit />, () => setDialog({ mode: 'edit', id: row.id })) : null}
                  {can('delete') ? rowAction('delete', <IconDelete />, () => row.id && remove([row.id])) : null}
                </>
              )
            : undefined
        }
      />
      <ScopeDialog entity={entity} kind={kind} menu={menu} state={dialog} onClose={() => setDialog(null)} onSaved={() => void invalidateResource(entity)} />
    </div>
  );
});

function menuName(row: RowOf<typeof scopeMenuEntity>): string {
  const en = currentLanguage() === 'en' && typeof row.nameEn === 'string' && row.nameEn ? row.nameEn : '';
  return en || (row.name ?? '');
}

/**
 * /authority/datascope and /authority/apiscope (BladeX 数据权限 / 接口权限): the menus as a tree table
 * (the menu plugin's `menu-list`, searchable by name and code); "权限配置" on a menu opens a drawer with
 * the scopes attached to it.
 */
const ScopeScreen = observer(function ScopeScreen({ kind }: { kind: ScopeKind }) {
  const { t } = useTranslation();
  const { setting, title } = KINDS[kind];
  const maySet = useCan(setting).can;
  const menus = useCrudList({ entity: scopeMenuEntity, action: 'menu-list', paged: false });
  const [menu, setMenu] = useState<ScopeMenu | null>(null);
  const [open, setOpen] = useState(false);
  const configure = (row: RowOf<typeof scopeMenuEntity>) => {
    setMenu({ id: row.id ?? '', code: row.code ?? '', name: menuName(row) });
    setOpen(true);
  };

  return (
    <div className="ba-scope">
      <div className="ba-crud">
        <SearchForm entity={scopeMenuEntity} onSearch={menus.search} onReset={menus.reset} loading={menus.loading} />
        <CrudTable
          list={menus}
          tree
          selection={false}
          columns={['name', 'code', 'path', 'sort']}
          cells={{ name: (_value, row) => menuName(row) }}
          actionsWidth={120}
          actions={
            maySet
              ? (row) => (
                  <Button type="text" size="mini" icon={<IconSettings />} onClick={() => configure(row)}>
                    {t('scope.configure')}
                  </Button>
                )
              : undefined
          }
        />
      </div>
      <Drawer
        className="ba-scope-drawer"
        visible={open}
        width="min(1000px, 100vw)"
        title={menu ? t('scope.drawerTitle', { menu: menu.name, kind: t(title) }) : t(title)}
        footer={null}
        onCancel={() => setOpen(false)}
        afterClose={() => setMenu(null)}
        unmountOnExit
      >
        {menu ? <ScopeList key={menu.id} kind={kind} menu={menu} /> : null}
      </Drawer>
    </div>
  );
});

export function DataScopePage() {
  return <ScopeScreen kind="data" />;
}

export function ApiScopePage() {
  return <ScopeScreen kind="api" />;
}
