import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Input } from '@arco-design/web-react';
import { IconDelete, IconEdit } from '@arco-design/web-react/icon';
import { confirmRemove, CrudDialog, CrudPage, type DialogState, fieldPlaceholder, useCrudCan, useCrudList, useTranslation } from '../../../core/sdk/browser';
import { datasourceEditEntity, datasourceEntity } from '../index';

/**
 * /tool/datasource: the kit's list screen for datasources. The password is write-only: typed (masked) when
 * adding, never shown, and optional when editing (empty keeps the stored one), which is why the edit
 * dialog is this screen's own (the same form, the password not required).
 */
const DatasourcePage = observer(function DatasourcePage() {
  const { t } = useTranslation();
  const list = useCrudList({ entity: datasourceEntity });
  const [editing, setEditing] = useState<DialogState | null>(null);
  const can = useCrudCan(datasourceEntity);
  const canEdit = can('edit');
  const canDelete = can('delete');
  const password = (placeholder: string) => <Input.Password placeholder={placeholder} autoComplete="new-password" maxLength={50} />;

  return (
    <>
      <CrudPage
        entity={datasourceEntity}
        list={list}
        rowActions={['view']}
        // The kit's dialog adds and views; a control given for a field would show it in view mode too.
        dialog={{ form: (mode) => (mode === 'add' ? { controls: { password: password(fieldPlaceholder(datasourceEntity.fields.password)) } } : {}) }}
        extraActionsWidth={(canEdit ? 68 : 0) + (canDelete ? 68 : 0)}
        extraRowActions={!canEdit && !canDelete ? undefined : (row) => (
          <>
            {canEdit ? (
              <Button type="text" size="mini" icon={<IconEdit />} onClick={() => setEditing({ mode: 'edit', id: row.id })}>
                {t('crud.edit')}
              </Button>
            ) : null}
            {canDelete ? (
              <Button
                type="text"
                size="mini"
                status="danger"
                icon={<IconDelete />}
                onClick={() => row.id && confirmRemove({ entity: datasourceEntity, ids: [row.id], onRemoved: (ids) => void list.afterRemove(ids.length) })}
              >
                {t('crud.delete')}
              </Button>
            ) : null}
          </>
        )}
      />
      <CrudDialog
        entity={datasourceEditEntity}
        state={editing}
        onClose={() => setEditing(null)}
        form={{ controls: { password: password(t('datasource.keepPassword')) } }}
      />
    </>
  );
});

export default DatasourcePage;
