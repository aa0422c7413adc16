import { Alert, Form, TreeSelect } from '@arco-design/web-react';
import { http, RecordDialog, useRecordDialog, useTranslation } from '../../../core/sdk/browser';
import { loadRoleTree, type TreeNode } from './options';

export interface GrantDialogProps {
  /** The users whose roles are set, with the roles shown at first (one user: theirs). */
  target: { userIds: string[]; roleIds: string[] } | null;
  onClose: () => void;
  onDone: () => void;
}

interface Roles {
  tree: TreeNode[];
  /** The role tree could not be read (no permission to see it, say): a note instead of an error toast. */
  failed: boolean;
}

function GrantForm({ target, onClose, onDone }: Required<Pick<GrantDialogProps, 'onClose' | 'onDone'>> & { target: { userIds: string[]; roleIds: string[] } }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ roleIds: string[] }>();
  const dialog = useRecordDialog<Roles, { roleIds: string[] }>({
    load: () => loadRoleTree().then((tree): Roles => ({ tree, failed: false }), (): Roles => ({ tree: [], failed: true })),
    prepare: () => form.validate(),
    save: (values) => http.post('/api/blade-user/grant', undefined, { params: { userIds: target.userIds.join(','), roleIds: values.roleIds.join(',') } }),
    success: t('user.success'),
    onSaved: onDone,
    onClose,
  });

  return (
    <RecordDialog dialog={dialog} title={t('user.grantTitle')} className="ba-user-small-dialog" saveLabel={t('crud.confirm')} testId="grant-save">
      {(roles) => (
        <>
          <p className="ba-user-hint">{t('user.grantFor', { count: target.userIds.length })}</p>
          {roles.failed ? <Alert className="ba-user-alert" type="warning" content={t('user.optionsFailed')} /> : null}
          <Form form={form} layout="vertical" initialValues={{ roleIds: target.roleIds }}>
            <Form.Item
              field="roleIds"
              label={t('user.roles')}
              required
              rules={[{ validator: (v: unknown, cb: (m?: string) => void) => cb(Array.isArray(v) && v.length > 0 ? undefined : t('user.rolesRequired')) }]}
              validateTrigger={['onChange']}
            >
              <TreeSelect multiple allowClear treeData={roles.tree} fieldNames={{ key: 'id', title: 'title', children: 'children' }} placeholder={t('user.rolesRequired')} treeProps={{ blockNode: true }} />
            </Form.Item>
          </Form>
        </>
      )}
    </RecordDialog>
  );
}

/** 角色配置: the roles of the selected users, replaced by the chosen ones (`grant?userIds=&roleIds=`). */
export function GrantDialog({ target, onClose, onDone }: GrantDialogProps) {
  return target ? <GrantForm target={target} onClose={onClose} onDone={onDone} /> : null;
}
