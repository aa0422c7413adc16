import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Modal, Switch } from '@arco-design/web-react';
import { type EntityDef, type Row, saveBody, saveRow, toastSuccess, useCrudCan, useTranslation } from '../../../core/sdk/browser';
import { withTreeKeys } from './body';

/**
 * The isSealed cell: a switch toggling 0/1 through `submit`, after a confirmation, for a user with
 * `<code>_edit`; the label 是/否 for others. The save refreshes every list and dictionary of the resource by itself.
 */
export const SealedSwitch = observer(function SealedSwitch({ entity, row, text }: { entity: EntityDef; row: Row; text: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const canEdit = useCrudCan(entity)('edit');
  const sealed = Number(row.isSealed) === 1;
  if (!canEdit) return <>{text}</>;
  return (
    <Switch
      size="small"
      checked={sealed}
      loading={busy}
      aria-label={`${String(row.dictValue ?? '')} ${t(sealed ? 'dict.sealed' : 'dict.open')}`}
      checkedText={t('crud.yes')}
      uncheckedText={t('crud.no')}
      // A dictionary is shared by every tenant: one mis-click must not seal it, so the change is confirmed first.
      onChange={(checked) =>
        Modal.confirm({
          title: t('crud.confirmTitle'),
          content: t(checked ? 'dict.sealConfirm' : 'dict.unsealConfirm', { name: String(row.dictValue ?? row.code ?? '') }),
          okText: t('crud.confirm'),
          cancelText: t('crud.cancel'),
          onOk: async () => {
            setBusy(true);
            try {
              await saveRow(entity, withTreeKeys({ ...saveBody(entity, row, row), isSealed: checked ? 1 : 0 }, row), false);
              toastSuccess(t('crud.updateSuccess'));
            } catch {
              // the toast said why; the switch shows the stored value
            } finally {
              setBusy(false);
            }
          },
        })
      }
    />
  );
});
