import { useState } from 'react';
import { Button, Message, Tag } from '@arco-design/web-react';
import { IconSettings } from '@arco-design/web-react/icon';
import { CrudPage, IconPicker, MenuIcon, type RowOf, useCan, useCrudList, useTranslation } from '../../../core/sdk/browser';
import { topMenuEntity } from '../entities';
import { MenuGrantDialog } from './MenuGrantDialog';
import './topmenu.css';

const SETTING = 'topmenu_setting';

type TopMenuRow = RowOf<typeof topMenuEntity>;

/**
 * /system/topmenu: the tenant's top menus (search on code and name; add, edit, view, delete by permission
 * code), and 菜单配置 (`topmenu_setting`) for one row or the selected rows: which menus each one shows.
 */
export default function TopMenuPage() {
  const maySet = useCan(SETTING).can;
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const list = useCrudList({ entity: topMenuEntity });
  const [granting, setGranting] = useState<{ id: string; name: string }[] | null>(null);
  const nameOf = (row: TopMenuRow) => (en && row.nameEn) || row.name || '';
  const configure = (rows: TopMenuRow[]) => {
    if (rows.length === 0) {
      Message.warning({ id: 'crud:select-one', content: t('crud.selectOne') });
      return;
    }
    setGranting(rows.flatMap((row) => (row.id ? [{ id: row.id, name: nameOf(row) }] : [])));
  };

  return (
    <>
      <CrudPage
        entity={topMenuEntity}
        list={list}
        rowActions={['view', 'edit', 'delete']}
        searchFields={['code', 'name']}
        table={{
          columns: ['name', 'code', 'source', 'sort', 'plugin'],
          cells: {
            name: (_value, row) => nameOf(row),
            source: (value) =>
              value ? (
                <span className="ba-topmenu-icon">
                  <MenuIcon name={String(value)} />
                  <span>{String(value)}</span>
                </span>
              ) : (
                ''
              ),
            plugin: (value) => (value ? <Tag size="small">{String(value)}</Tag> : <span className="ba-topmenu-own">{t('topmenu.own')}</span>),
          },
        }}
        dialog={{
          form: {
            fields: ['code', 'name', 'nameEn', 'source', 'sort'],
            controls: { source: <IconPicker /> },
            // A plugin's top menu keeps its code (the server says so too).
            dynamic: (_values, loaded) => ({ disabled: loaded.plugin ? ['code'] : [] }),
          },
        }}
        bulk={maySet}
        // Called inside the list's observer: the permission is tracked.
        toolbar={(ctx) =>
          maySet ? (
            <Button icon={<IconSettings />} onClick={() => configure(ctx.list.selectedRows)}>
              {t('topmenu.setting')}
            </Button>
          ) : null
        }
        extraActionsWidth={96}
        extraRowActions={(row) =>
          maySet && row.id ? (
            <Button type="text" size="mini" icon={<IconSettings />} onClick={() => configure([row])}>
              {t('topmenu.setting')}
            </Button>
          ) : null
        }
      />
      <MenuGrantDialog topMenus={granting} onClose={() => setGranting(null)} />
    </>
  );
}
