import { useState } from 'react';
import { useTranslation } from '../../../i18n';
import { Button, Form, Input, Message, Space } from '@arco-design/web-react';
import { http } from '../../../http';
import { md5 } from '../../../session/hash';
import { passwordRuleHint, passwordRuleValidator, typedPasswordBody, usePasswordRule } from '../../../session/password-rule';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

/**
 * Change password: all three required, the new one following the tenant's password rule (shown under it),
 * the confirmation must match; sent md5-hashed as BladeX expects, with the typed new password in the body
 * for the server to check the rule.
 */
export function PasswordForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);
  const rule = usePasswordRule();

  const save = async (values: PasswordValues) => {
    setSaving(true);
    try {
      const [oldPassword, newPassword, newPassword1] = await Promise.all([md5(values.oldPassword), md5(values.newPassword), md5(values.newPassword1)]);
      const typed = typedPasswordBody('newPasswordPlain', values.newPassword);
      await http.post('/api/blade-user/update-password', typed.body, { params: { oldPassword, newPassword, newPassword1 }, headers: typed.headers });
      Message.success(t('info.passwordSaved'));
      form.resetFields();
    } catch {
      // Wrong old password and the like: the pipeline showed the server's message; the fields stay.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<PasswordValues> form={form} layout="horizontal" labelCol={{ span: 5 }} wrapperCol={{ span: 17 }} onSubmit={save} style={{ maxWidth: 640 }} autoComplete="off">
      <Form.Item label={t('info.oldPassword')} field="oldPassword" rules={[{ required: true, message: t('info.oldPasswordRequired') }]}>
        <Input.Password autoComplete="current-password" placeholder={t('info.oldPassword')} />
      </Form.Item>
      <Form.Item
        label={t('info.newPassword')}
        field="newPassword"
        extra={passwordRuleHint(rule)}
        rules={[{ required: true, message: t('info.newPasswordRequired') }, { validator: passwordRuleValidator(rule) }]}
      >
        <Input.Password autoComplete="new-password" placeholder={t('info.newPassword')} />
      </Form.Item>
      <Form.Item
        label={t('info.newPassword1')}
        field="newPassword1"
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('info.newPassword1Required') },
          {
            validator: (v: string | undefined, cb) =>
              cb(v && v !== form.getFieldValue('newPassword') ? t('info.passwordMismatch') : undefined),
          },
        ]}
      >
        <Input.Password autoComplete="new-password" placeholder={t('info.newPassword1')} />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 5, span: 17 }}>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('info.submit')}
          </Button>
          <Button onClick={() => form.resetFields()} disabled={saving}>
            {t('info.clear')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
