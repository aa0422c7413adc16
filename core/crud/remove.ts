import { Message, Modal } from '@arco-design/web-react';
import { toastSuccess } from '../http';
import { i18n } from '../i18n';
import type { EntityDef } from '../schema/entity';
import { removeRows } from './api';
import './locales';

export interface ConfirmRemoveOptions {
  entity: EntityDef;
  ids: readonly string[];
  /** After the server removed them ('删除成功' has been said). */
  onRemoved?: (ids: readonly string[]) => void;
  /** The call that removes (default `remove` with the ids per the definition). */
  remove?: (ids: readonly string[]) => Promise<void>;
}

/**
 * Bulk or row delete: none chosen → the warning '请选择至少一条数据'; otherwise the confirm
 * '确定将选择数据删除?', then `remove` with the ids comma-joined, then '删除成功'. A refused remove shows the
 * server's message (the HTTP pipeline's toast) and closes the confirm.
 */
export function confirmRemove({ entity, ids, onRemoved, remove }: ConfirmRemoveOptions): void {
  if (ids.length === 0) {
    Message.warning({ id: 'crud:select-one', content: i18n.t('crud.selectOne') });
    return;
  }
  Modal.confirm({
    title: i18n.t('crud.confirmTitle'),
    content: i18n.t('crud.deleteConfirm'),
    okText: i18n.t('crud.confirm'),
    cancelText: i18n.t('crud.cancel'),
    okButtonProps: { status: 'danger' },
    onOk: async () => {
      try {
        await (remove ?? ((list) => removeRows(entity, list)))(ids);
      } catch {
        return; // the toast said why
      }
      toastSuccess(i18n.t('crud.deleteSuccess'));
      onRemoved?.(ids);
    },
  });
}
