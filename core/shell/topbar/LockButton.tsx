import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Form, Input, Modal } from '@arco-design/web-react';
import { IconLock } from '@arco-design/web-react/icon';
import { siteConfig } from '../../config';
import { session } from '../../session/session';
import { TopButton } from './TopButton';
import '../locales/shellui';

/** The lock page is opened this long after locking, so the dialog can close first. */
export const LOCK_REDIRECT_DELAY = 100;

/** Asks for a lock password, locks the session and goes to the lock page. */
export function LockButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ password: string }>();

  const submit = async () => {
    const { password } = await form.validate();
    await session.lock(password);
    setOpen(false);
    window.setTimeout(() => navigate(siteConfig().lockPath), LOCK_REDIRECT_DELAY);
  };

  return (
    <>
      <TopButton label={t('top.lock')} icon={<IconLock />} onClick={() => setOpen(true)} />
      <Modal
        visible={open}
        title={t('top.lockTitle')}
        onOk={() => submit().catch(() => undefined)}
        onCancel={() => setOpen(false)}
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
    </>
  );
}
