import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from '../../i18n';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Form, Input } from '@arco-design/web-react';
import { siteConfig } from '../../config';
import { http, toastError, toastSuccess, toastWarning } from '../../http';
import { followsPasswordRule } from '../../schema/password-rule';
import { md5 } from '../../session/hash';
import { passwordRuleHint, typedPasswordBody, usePasswordRule } from '../../session/password-rule';
import { session } from '../../session/session';
import '../locales/shellui';
import './register.css';

export interface RegisterForm {
  tenantId: string;
  name: string;
  account: string;
  password: string;
  password2: string;
}

/**
 * The registration checks, in their order; the first failing one gives its message key. They run on
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
 * /register, guest registration: a user signed in through a third-party account that no system account
 * is bound to (role `guest`) lands here, and only here (the guard keeps them from the layout, whose menu
 * and data they may not read). It says plainly what happened and lets them apply for an account, in the
 * tenant they signed in to unless the site address names one. The application waits for an
 * administrator, so the guest is signed out after applying, or when they leave.
 */
export const RegisterPage = observer(function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = session.userInfo;
  const [form, setForm] = useState<RegisterForm>(() => ({ ...empty, tenantId: user?.tenant_id ?? '' }));
  // null while the site's tenant is being looked up; '' when none: then the field is shown.
  const [siteTenant, setSiteTenant] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const rule = usePasswordRule();

  useEffect(() => {
    let live = true;
    void tenantOfSite().then((tenant) => {
      if (!live) return;
      setSiteTenant(tenant);
      if (tenant) setForm((f) => ({ ...f, tenantId: tenant }));
    });
    return () => {
      live = false;
    };
  }, []);

  const set = (field: keyof RegisterForm) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const leave = async () => {
    await session.logout();
    navigate('/login', { replace: true });
  };

  const submit = async () => {
    const error = registerError(form);
    if (error) {
      toastWarning(t(error));
      return;
    }
    if (rule && !followsPasswordRule(form.password, rule)) {
      toastWarning(passwordRuleHint(rule)!);
      return;
    }
    setSubmitting(true);
    try {
      // The typed password in the body, for the server to hold it to the rule (the md5 alone cannot be).
      const typed = typedPasswordBody('passwordPlain', form.password);
      const res = await http.post('/api/blade-user/register-guest', typed.body, {
        headers: typed.headers,
        params: {
          tenantId: form.tenantId.trim(),
          name: form.name.trim(),
          account: form.account.trim(),
          password: await md5(form.password),
          oauthId: user?.oauth_id ?? '',
        },
      });
      if (!res.success) {
        toastError(res.msg || t('register.failed'));
        return;
      }
      toastSuccess(t('register.success'));
      setForm(empty);
      await leave();
    } catch {
      // A refusal was shown by the HTTP pipeline; the form stays filled for another try.
    } finally {
      setSubmitting(false);
    }
  };

  const showTenant = siteTenant === '';
  const identity = user?.nick_name || user?.account || '';

  return (
    <div className="ba-register">
      <main className="ba-register-card" aria-labelledby="ba-register-title">
        <h1 id="ba-register-title" className="ba-register-title">
          {t('register.title')}
        </h1>
        <Alert type="info" content={t('register.intro', { name: identity })} style={{ marginBottom: 16 }} />
        <Form
          layout="horizontal"
          labelCol={{ span: 6 }}
          wrapperCol={{ span: 18 }}
          autoComplete="off"
          onSubmit={() => void submit()}
        >
          {showTenant ? (
            <Form.Item label={t('register.tenantId')} required>
              <Input value={form.tenantId} onChange={set('tenantId')} placeholder={t('register.tenantId')} aria-label={t('register.tenantId')} />
            </Form.Item>
          ) : null}
          <Form.Item label={t('register.name')}>
            <Input value={form.name} onChange={set('name')} placeholder={t('register.name')} aria-label={t('register.name')} autoFocus />
          </Form.Item>
          <Form.Item label={t('register.account')} required>
            <Input value={form.account} onChange={set('account')} placeholder={t('register.account')} aria-label={t('register.account')} />
          </Form.Item>
          <Form.Item label={t('register.password')} required extra={passwordRuleHint(rule)}>
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
          <div className="ba-register-actions">
            <Button onClick={() => void leave()} disabled={submitting}>
              {t('register.logout')}
            </Button>
            <Button type="primary" loading={submitting || siteTenant === null} onClick={() => void submit()}>
              {t('register.submit')}
            </Button>
          </div>
        </Form>
      </main>
    </div>
  );
});

export default RegisterPage;
