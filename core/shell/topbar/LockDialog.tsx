import { useTranslation } from '../../i18n';
import { Form, Input, Modal } from '@arco-design/web-react';
import '../locales/shellui';

/** Asks for the password that will unlock the screen; `onLock` locks with it. */
export function LockDialog({ visible, onLock, onCancel }: { visible: boolean; onLock: (password: string) => Promise<void>; onCancel: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  const submit = async () => {
    const { password } = await form.validate();
    await onLock(password);
  };
  return (
    <Modal
      visible={visible}
      title={t('top.lockTitle')}
      onOk={() => submit().catch(() => undefined)}
      onCancel={onCancel}
      afterClose={() => form.resetFields()}
      okText={t('top.lockOk')}
      unmountOnExit
      style={{ width: 400, maxWidth: 'calc(100vw - 32px)' }}
    >
      <Form form={form} layout="vertical" onSubmit={() => submit().catch(() => undefined)}>
        <Form.Item
          label={t('top.lockPassword')}
          field="password"
          rules={[
            { required: true, message: t('top.lockRequired') },
            { validator: (v: string | undefined, cb) => cb(v?.trim() ? undefined : t('top.lockRequired')) },
          ]}
        >
          <Input.Password autoFocus placeholder={t('top.lockPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default LockDialog;
