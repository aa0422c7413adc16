import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Form, Input, Message, Modal } from '@arco-design/web-react';
import { siteConfig } from '../../config';
import { http } from '../../http';
import { md5 } from '../../session/hash';
import { session } from '../../session/session';
import '../locales/shellui';

export interface RegisterForm {
  tenantId: string;
  name: string;
  account: string;
  password: string;
  password2: string;
}

/**
 * The checks of SPEC §5, in their order; the first failing one gives its message key. They run on
 * submit (not per field), each failure a warning toast, as the original did.
 */
export function registerError(form: Partial<RegisterForm>): string | null {
  if (!form.tenantId?.trim()) return 'register.tenantRequired';
  if (!form.account?.trim()) return 'register.accountRequired';
  if (!form.password || !form.password2) return 'register.passwordRequired';
  if (form.password !== form.password2) return 'register.passwordMismatch';
  return null;
}

/** The tenant named by the site address, if the server knows one (`GET /tenant/info?domain=`). */
async function tenantOfSite(): Promise<string> {
  if (!siteConfig().tenantMode) return siteConfig().defaultTenantId;
  try {
    const res = await http.get<{ tenantId?: string } | null>('/api/blade-system/tenant/info', {
      params: { domain: window.location.origin },
      silent: true,
    });
    return res.data?.tenantId ?? '';
  } catch {
    return '';
  }
}

const empty: RegisterForm = { tenantId: '', name: '', account: '', password: '', password2: '' };

/**
 * Guest registration (SPEC §4): a user signed in through a third-party account without a system account
 * (role `guest`) applies for one. The application waits for an administrator, so the guest is signed out.
 */
export const RegisterDialog = observer(function RegisterDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const visible = session.isGuest;
  const [form, setForm] = useState<RegisterForm>(empty);
  // null while the site's tenant is being looked up; '' when none: then the field is shown.
  const [siteTenant, setSiteTenant] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (!visible) return;
    let live = true;
    void tenantOfSite().then((tenant) => {
      if (!live) return;
      setSiteTenant(tenant);
      if (tenant) setForm((f) => ({ ...f, tenantId: tenant }));
    });
    return () => {
      live = false;
    };
  }, [visible]);

  const set = (field: keyof RegisterForm) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const leave = async () => {
    await session.logout();
    navigate('/login');
  };

  const submit = async () => {
    const error = registerError(form);
    if (error) {
      Message.warning(t(error));
      return;
    }
    setSubmitting(true);
    try {
      const res = await http.post('/api/blade-user/register-guest', undefined, {
        params: {
          tenantId: form.tenantId.trim(),
          name: form.name.trim(),
          account: form.account.trim(),
          password: await md5(form.password),
          oauthId: session.userInfo?.oauth_id ?? '',
        },
      });
      if (!res.success) {
        Message.error(res.msg || t('register.failed'));
        return;
      }
      Message.success(t('register.success'));
      setForm(empty);
      await leave();
    } catch {
      // A refusal was shown by the HTTP pipeline; the form stays filled for another try.
    } finally {
      setSubmitting(false);
    }
  };

  const showTenant = siteTenant === '';

  return (
    <Modal
      visible={visible}
      title={t('register.title')}
      closable={false}
      maskClosable={false}
      escToExit={false}
      unmountOnExit
      style={{ width: 520, maxWidth: 'calc(100vw - 32px)' }}
      footer={
        <>
          <Button onClick={() => void leave()} disabled={submitting}>
            {t('register.logout')}
          </Button>
          <Button type="primary" loading={submitting || siteTenant === null} onClick={() => void submit()}>
            {t('register.submit')}
          </Button>
        </>
      }
    >
      <Alert type="info" content={t('register.intro')} style={{ marginBottom: 16 }} />
      <Form
        layout="horizontal"
        labelCol={{ span: 6 }}
        wrapperCol={{ span: 18 }}
        autoComplete="off"
      >
        {showTenant ? (
          <Form.Item label={t('register.tenantId')} required>
            <Input value={form.tenantId} onChange={set('tenantId')} placeholder={t('register.tenantId')} aria-label={t('register.tenantId')} />
          </Form.Item>
        ) : null}
        <Form.Item label={t('register.name')}>
          <Input value={form.name} onChange={set('name')} placeholder={t('register.name')} aria-label={t('register.name')} />
        </Form.Item>
        <Form.Item label={t('register.account')} required>
          <Input value={form.account} onChange={set('account')} placeholder={t('register.account')} aria-label={t('register.account')} />
        </Form.Item>
        <Form.Item label={t('register.password')} required>
          <Input.Password
            value={form.password}
            onChange={set('password')}
            placeholder={t('register.password')}
            aria-label={t('register.password')}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item label={t('register.password2')} required>
          <Input.Password
            value={form.password2}
            onChange={set('password2')}
            placeholder={t('register.password2')}
            aria-label={t('register.password2')}
            autoComplete="new-password"
            onPressEnter={() => void submit()}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
});

export default RegisterDialog;
