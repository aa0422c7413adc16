import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Input } from '@arco-design/web-react';
import { IconDelete, IconEdit, IconEye, IconLink, IconList } from '@arco-design/web-react/icon';
import {
  AddDeleteButtons,
  confirmRemove,
  CrudDialog,
  CrudTable,
  CrudToolbar,
  type DialogState,
  EMBEDDED_DATASOURCE_ID,
  fieldPlaceholder,
  SearchForm,
  toastError,
  toastSuccess,
  useCrudCan,
  useCrudList,
  useTranslation,
} from '../../../core/sdk/browser';
import { datasourceEditEntity, datasourceEntity } from '../index';
import { useConnectionTest, useOutcomeText } from './ConnectionResult';
import { DatasourceDialog } from './DatasourceDialog';
import { EmbeddedLine } from './EmbeddedLine';
import { TablesDrawer, type TablesTarget } from './TablesDrawer';
import './datasource.css';

const changed = (typed: unknown, stored: unknown) => typed !== undefined && String(typed ?? '').trim() !== String(stored ?? '').trim();

/** Only PostgreSQL's tables can be read (the one driver the server has). */
const readable = (driverClass: unknown) => driverClass === 'org.postgresql.Driver';

/**
 * /tool/datasource: the kit's list of datasources (its parts composed), with the connection tools: 测试连接 in the add and edit
 * dialogs and on each row, 表结构 on each readable row and for the server's own database above the list.
 * The password is write-only: typed (masked) when adding, never shown, and optional when editing (empty
 * keeps the stored one, and a test then uses the stored one).
 */
const DatasourcePage = observer(function DatasourcePage() {
  const { t } = useTranslation();
  const list = useCrudList({ entity: datasourceEntity });
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [viewing, setViewing] = useState<DialogState | null>(null);
  const [tables, setTables] = useState<TablesTarget | null>(null);
  const can = useCrudCan(datasourceEntity);
  const canAdd = can('add');
  const canEdit = can('edit');
  const canDelete = can('delete');
  const rowTest = useConnectionTest();
  const [testing, setTesting] = useState<string | null>(null);
  const outcomeText = useOutcomeText();
  const password = (placeholder: string) => <Input.Password placeholder={placeholder} autoComplete="new-password" maxLength={50} />;

  // A saved row's settings, its stored password used (the list never holds it).
  const testRow = async (row: { id?: string; driverClass?: unknown; url?: unknown; username?: unknown }) => {
    if (!row.id) return;
    setTesting(row.id);
    const outcome = await rowTest.run({ id: row.id, driverClass: String(row.driverClass ?? ''), url: String(row.url ?? ''), username: String(row.username ?? ''), password: '' });
    setTesting(null);
    (outcome.ok ? toastSuccess : toastError)(outcomeText(outcome));
  };

  const remove = (ids: readonly string[]) => confirmRemove({ entity: datasourceEntity, ids, onRemoved: (removed) => void list.afterRemove(removed.length) });
  const actionWidth = (label: string) => 36 + [...label].reduce((sum, ch) => sum + (ch.charCodeAt(0) > 0x2e80 ? 13 : 7), 0);
  const actionsWidth = 32 + [t('crud.view'), canEdit && t('crud.edit'), canDelete && t('crud.delete'), t('datasource.test'), t('datasource.tables')].reduce((sum: number, label) => sum + (label ? actionWidth(label) : 0), 0);

  return (
    <>
      <EmbeddedLine onTables={() => setTables({ id: EMBEDDED_DATASOURCE_ID, name: t('datasource.embedded') })} />
      <div className="ba-crud">
        <SearchForm entity={datasourceEntity} onSearch={list.search} onReset={list.reset} loading={list.loading} values={list.searchValues} />
        <CrudToolbar list={list}>
          <AddDeleteButtons onAdd={canAdd ? () => setDialog({ mode: 'add' }) : undefined} onDelete={canDelete ? () => remove(list.selectedKeys) : undefined} />
        </CrudToolbar>
        <CrudTable
          list={list}
          selection={canDelete}
          actionsWidth={actionsWidth}
          actions={(row) => (
            <>
              {can('view') ? (
                <Button type="text" size="mini" icon={<IconEye />} onClick={() => setViewing({ mode: 'view', id: row.id })}>
                  {t('crud.view')}
                </Button>
              ) : null}
              {canEdit ? (
                <Button type="text" size="mini" icon={<IconEdit />} onClick={() => setDialog({ mode: 'edit', id: row.id })}>
                  {t('crud.edit')}
                </Button>
              ) : null}
              {canDelete ? (
                <Button type="text" size="mini" status="danger" icon={<IconDelete />} onClick={() => row.id && remove([row.id])}>
                  {t('crud.delete')}
                </Button>
              ) : null}
              <Button type="text" size="mini" icon={<IconLink />} loading={testing === row.id} onClick={() => void testRow(row)}>
                {t('datasource.test')}
              </Button>
              {readable(row.driverClass) ? (
                <Button type="text" size="mini" icon={<IconList />} onClick={() => row.id && setTables({ id: row.id, name: String(row.name ?? '') })}>
                  {t('datasource.tables')}
                </Button>
              ) : null}
            </>
          )}
        />
      </div>
      <CrudDialog entity={datasourceEntity} state={viewing} onClose={() => setViewing(null)} />
      <DatasourceDialog
        entity={dialog?.mode === 'edit' ? datasourceEditEntity : datasourceEntity}
        state={dialog}
        onClose={() => setDialog(null)}
        passwordControl={password(dialog?.mode === 'edit' ? t('datasource.keepPassword') : fieldPlaceholder(datasourceEntity.fields.password))}
        // The stored password is for the stored address and account only: a new one needs it typed again.
        dynamic={(values, loaded) => ({ required: dialog?.mode === 'edit' && (changed(values.url, loaded.url) || changed(values.username, loaded.username)) ? ['password'] : [] })}
      />
      <TablesDrawer target={tables} onClose={() => setTables(null)} />
    </>
  );
});

export default DatasourcePage;
