import { useMemo, useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Message, Modal, Tag, Tooltip } from '@arco-design/web-react';
import { IconDelete, IconEdit, IconExport, IconEye, IconImport, IconLock, IconPlus, IconSettings, IconUserGroup } from '@arco-design/web-react/icon';
import { confirmRemove, CrudTable, CrudToolbar, currentLanguage, http, i18n, invalidateResource, type Row, SearchForm, toastSuccess, useCrudList, useGranted, useTranslation } from '../../../core/sdk/browser';
import { userScreenEntity } from '../entities';
import { DeptTree } from './DeptTree';
import { downloadFile, today } from './download';
import { GrantDialog } from './GrantDialog';
import { UserImportDialog } from './ImportDialog';
import { deptTreeQuery, idList, useOptions, type TreeNode } from './options';
import { PlatformDialog } from './PlatformDialog';
import { UserDialog, type UserDialogState } from './UserDialog';
import './user.css';

const COLUMNS = ['account', 'realName', 'roleName', 'deptName', 'phone', 'status'] as const;
const STATUS_COLOR: Record<number, string> = { 1: 'green', 2: 'red', 0: 'orange' };
/** The permission codes the screen's buttons answer to. */
const USER_CODES = ['user_add', 'user_view', 'user_edit', 'user_delete', 'user_platform', 'user_role', 'user_reset', 'user_import', 'user_export'] as const;

/** A bulk action needs at least one selected row: a warning when nothing is selected; otherwise the selected ids. */
function selected(keys: readonly string[]): string[] | null {
  if (keys.length === 0) {
    Message.warning({ id: 'crud:select-one', content: i18n.t('crud.selectOne') });
    return null;
  }
  return [...keys];
}

/**
 * /system/user (BladeX 用户管理): the department tree on the left (a click shows that department and
 * everything below it, `page?deptId=`), the users on the right with search on account, real name and
 * mobile; add, delete, 角色配置, 密码重置, 导入 and 导出 in the toolbar; view, edit, delete and 平台配置
 * per row. Each control is shown only with its permission code, and the server checks them again.
 */
export default observer(function UserPage() {
  const { t } = useTranslation();
  const [deptId, setDeptId] = useState<string | null>(null);
  const params = useMemo(() => (deptId ? { deptId } : undefined), [deptId]);
  const list = useCrudList({ entity: userScreenEntity, params });
  const depts = useOptions(deptTreeQuery, [] as TreeNode[]);
  const [dialog, setDialog] = useState<UserDialogState | null>(null);
  const [grant, setGrant] = useState<{ userIds: string[]; roleIds: string[] } | null>(null);
  const [platform, setPlatform] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const can = useGranted(USER_CODES);

  const remove = (ids: readonly string[]) => confirmRemove({ entity: userScreenEntity, ids, onRemoved: (removed) => void list.afterRemove(removed.length) });

  const openGrant = () => {
    const ids = selected(list.selectedKeys);
    if (!ids) return;
    const rows = list.selectedRows;
    setGrant({ userIds: ids, roleIds: rows.length === 1 ? idList(rows[0]!.roleId) : [] });
  };

  const resetPassword = () => {
    const ids = selected(list.selectedKeys);
    if (!ids) return;
    Modal.confirm({
      title: t('crud.confirmTitle'),
      content: t('user.resetConfirm'),
      okText: t('crud.confirm'),
      cancelText: t('crud.cancel'),
      onOk: async () => {
        try {
          await http.post('/api/blade-user/reset-password', undefined, { params: { userIds: ids.join(',') } });
        } catch {
          return; // the toast said why
        }
        toastSuccess(t('user.success'));
        list.setSelectedKeys([]);
      },
    });
  };

  const exportUsers = () =>
    Modal.confirm({
      title: t('crud.confirmTitle'),
      content: t('user.exportConfirm'),
      okText: t('crud.confirm'),
      cancelText: t('crud.cancel'),
      onOk: async () => {
        setExporting(true);
        try {
          await downloadFile('/api/blade-user/export-user', { ...params, ...list.filters, language: currentLanguage() }, `${t('user.exportName')}-${today()}.xlsx`);
        } catch {
          // the toast said why
        } finally {
          setExporting(false);
        }
      },
    });

  // Icons with their names as tooltips: the list sits beside the department tree, and its columns need the room.
  const action = (key: string, label: string, icon: ReactNode, onClick: () => void, danger = false) => (
    <Tooltip key={key} content={label} mini>
      <Button type="text" size="mini" status={danger ? 'danger' : undefined} icon={icon} onClick={onClick} aria-label={label} />
    </Tooltip>
  );
  const rowActions = (row: Row) => (
    <>
      {can('user_view') ? action('view', t('crud.view'), <IconEye />, () => setDialog({ mode: 'view', id: row.id })) : null}
      {can('user_edit') ? action('edit', t('crud.edit'), <IconEdit />, () => setDialog({ mode: 'edit', id: row.id })) : null}
      {can('user_delete') ? action('delete', t('crud.delete'), <IconDelete />, () => row.id && remove([row.id]), true) : null}
      {can('user_platform') ? action('platform', t('user.platform'), <IconSettings />, () => row.id && setPlatform(row.id)) : null}
    </>
  );
  const actionCount = ['user_view', 'user_edit', 'user_delete'].filter(can).length;
  const hasActions = actionCount > 0 || can('user_platform');

  return (
    <div className="ba-user-layout">
      <DeptTree tree={depts.data} state={depts.state} onRetry={depts.reload} selected={deptId} onSelect={setDeptId} />
      <div className="ba-crud ba-user-list">
        <SearchForm entity={userScreenEntity} fields={['account', 'realName', 'phone']} onSearch={list.search} onReset={list.reset} loading={list.loading} />
        {/* The user list exports through the server (its own permission and columns): no second export here. */}
        <CrudToolbar list={list} columns={COLUMNS} exportable={false}>
          {can('user_add') ? (
            <Button type="primary" icon={<IconPlus />} onClick={() => setDialog({ mode: 'add' })}>
              {t('crud.add')}
            </Button>
          ) : null}
          {can('user_delete') ? (
            <Button status="danger" icon={<IconDelete />} onClick={() => remove(list.selectedKeys)}>
              {t('crud.delete')}
            </Button>
          ) : null}
          {can('user_role') ? (
            <Button icon={<IconUserGroup />} onClick={openGrant}>
              {t('user.grant')}
            </Button>
          ) : null}
          {can('user_reset') ? (
            <Button icon={<IconLock />} onClick={resetPassword}>
              {t('user.reset')}
            </Button>
          ) : null}
          {can('user_import') ? (
            <Button icon={<IconImport />} onClick={() => setImporting(true)}>
              {t('user.import')}
            </Button>
          ) : null}
          {can('user_export') ? (
            <Button icon={<IconExport />} loading={exporting} onClick={exportUsers}>
              {t('user.export')}
            </Button>
          ) : null}
        </CrudToolbar>
        <CrudTable
          list={list}
          columns={COLUMNS}
          // Checkboxes only where a bulk action can use them.
          selection={can('user_delete') || can('user_role') || can('user_reset')}
          cells={{ status: (value, _row, text) => <Tag color={STATUS_COLOR[Number(value)] ?? 'gray'}>{text}</Tag> }}
          actions={hasActions ? rowActions : undefined}
          actionsWidth={32 + (actionCount + (can('user_platform') ? 1 : 0)) * 32}
        />
      </div>
      {/* The users' own endpoints (not the kit's save): every view of the users reads them again after a write. */}
      <UserDialog state={dialog} depts={depts.data} onClose={() => setDialog(null)} onSaved={() => void invalidateResource(userScreenEntity)} />
      <GrantDialog target={grant} onClose={() => setGrant(null)} onDone={() => void invalidateResource(userScreenEntity)} />
      <PlatformDialog userId={platform} onClose={() => setPlatform(null)} />
      <UserImportDialog visible={importing} onClose={() => setImporting(false)} onImported={() => void invalidateResource(userScreenEntity)} />
    </div>
  );
});
