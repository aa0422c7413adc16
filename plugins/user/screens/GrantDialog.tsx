import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Form, Modal, Spin, TreeSelect } from '@arco-design/web-react';
import { DialogFooter } from '../../../core/crud';
import { http, toastSuccess } from '../../../core/http';
import { loadRoleTree, useLoaded, type TreeNode } from './options';

export interface GrantDialogProps {
  /** The users whose roles are set, with the roles shown at first (one user: theirs). */
  target: { userIds: string[]; roleIds: string[] } | null;
  onClose: () => void;
  onDone: () => void;
}

function GrantForm({ target, onClose, onDone }: Required<Pick<GrantDialogProps, 'onClose' | 'onDone'>> & { target: { userIds: string[]; roleIds: string[] } }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ roleIds: string[] }>();
  const roles = useLoaded(loadRoleTree, [] as TreeNode[]);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (saving) return;
    let values: { roleIds: string[] };
    try {
      values = await form.validate();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await http.post('/api/blade-user/grant', undefined, { params: { userIds: target.userIds.join(','), roleIds: values.roleIds.join(',') } });
    } catch {
      setSaving(false);
      return;
    }
    toastSuccess(t('user.success'));
    onDone();
    onClose();
  };

  return (
    <Modal
      className="ba-user-small-dialog"
      visible
      title={t('user.grantTitle')}
      onCancel={onClose}
      maskClosable={false}
      escToExit
      footer={
        <DialogFooter saving={saving} ready={roles.state !== 'loading'} onCancel={onClose} onSave={() => void submit()} saveLabel={t('crud.confirm')} testId="grant-save" />
      }
    >
      <p className="ba-user-hint">{t('user.grantFor', { count: target.userIds.length })}</p>
      {roles.state === 'failed' ? <Alert className="ba-user-alert" type="warning" content={t('user.optionsFailed')} /> : null}
      {roles.state === 'loading' ? (
        <Spin />
      ) : (
        <Form form={form} layout="vertical" initialValues={{ roleIds: target.roleIds }}>
          <Form.Item
            field="roleIds"
            label={t('user.roles')}
            rules={[{ validator: (v: unknown, cb: (m?: string) => void) => cb(Array.isArray(v) && v.length > 0 ? undefined : t('user.rolesRequired')) }]}
            validateTrigger={['onChange']}
          >
            <TreeSelect multiple allowClear treeData={roles.data} fieldNames={{ key: 'id', title: 'title', children: 'children' }} placeholder={t('user.rolesRequired')} treeProps={{ blockNode: true }} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** 角色配置: the roles of the selected users, replaced by the chosen ones (`grant?userIds=&roleIds=`). */
export function GrantDialog({ target, onClose, onDone }: GrantDialogProps) {
  return target ? <GrantForm target={target} onClose={onClose} onDone={onDone} /> : null;
}
