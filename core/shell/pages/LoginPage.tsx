import { useCallback, useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Form, Input } from '@arco-design/web-react';
import { IconLock, IconSafe, IconUser, IconUserGroup } from '@arco-design/web-react/icon';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import logoUrl from '../../../app/assets/logo.svg';
import { siteConfig } from '../../config';
import { http, toastError } from '../../http';
import { languages } from '../../i18n';
import { session } from '../../session/session';
import { getStore, removeStore, setStore } from '../../session/storage';
import { preferences } from '../preferences';
import './login.css';

interface LoginValues {
  tenantId: string;
  username: string;
  password: string;
  code?: string;
}

interface Captcha {
  key: string;
  image: string;
}

const SOCIAL_STATE = 'socialState';

function randomState(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Where to go after signing in: back to the page that asked for it (same site only), else home. */
function target(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login') ? from : siteConfig().homePath;
}

/** The tenant named by the site address, if the server knows one (GET /tenant/info?domain=). */
function useDomainTenant(): { checked: boolean; tenantId: string } {
  const [state, setState] = useState({ checked: !siteConfig().tenantMode, tenantId: '' });
  useEffect(() => {
    if (!siteConfig().tenantMode) return;
    let alive = true;
    http
      .get<{ tenantId?: string } | null>('/api/blade-system/tenant/info', { params: { domain: window.location.origin }, silent: true })
      .then((res) => alive && setState({ checked: true, tenantId: res.data?.tenantId ?? '' }))
      .catch(() => alive && setState({ checked: true, tenantId: '' }));
    return () => {
      alive = false;
    };
  }, []);
  return state;
}

function useCaptcha(enabled: boolean) {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [failed, setFailed] = useState(false);
  const reload = useCallback(() => {
    if (!enabled) return;
    http
      .request<Captcha>('GET', '/api/blade-auth/oauth/captcha', undefined, { silent: true })
      .then((res) => {
        setCaptcha(res);
        setFailed(false);
      })
      .catch(() => setFailed(true));
  }, [enabled]);
  useEffect(reload, [reload]);
  return { captcha, failed, reload };
}

/** Sign-in (SPEC §2, §5): tenant (unless the address names one), username, password, optional captcha. */
export const LoginPage = observer(function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const [form] = Form.useForm<LoginValues>();
  const [busy, setBusy] = useState(false);
  const config = siteConfig();
  const domain = useDomainTenant();
  const { captcha, failed: captchaFailed, reload: reloadCaptcha } = useCaptcha(config.captchaMode);
  const showTenant = config.tenantMode && !domain.tenantId;
  const title = config.title[preferences.language];

  const finish = useCallback(() => navigate(target(location.state), { replace: true }), [navigate, location.state]);

  // Back from the third-party provider: ?source=&code=&state= (the state must be the one we sent).
  const socialDone = useRef(false);
  useEffect(() => {
    const source = search.get('source');
    const code = search.get('code');
    const state = search.get('state');
    if (!source || !code || socialDone.current) return;
    socialDone.current = true;
    const expected = getStore<string>(SOCIAL_STATE);
    removeStore(SOCIAL_STATE);
    setSearch({}, { replace: true });
    if (!state || state !== expected) {
      toastError(t('login.socialStateMismatch'));
      return;
    }
    const tenantId = domain.tenantId || form.getFieldValue('tenantId') || config.defaultTenantId;
    setBusy(true);
    session
      .loginBySocial({ source, code, state, tenantId })
      .then(finish)
      .catch(() => setBusy(false));
    // Runs when the query changes (the return from the provider), not when the form re-renders.
  }, [search]);

  const submit = async (values: LoginValues) => {
    setBusy(true);
    try {
      await session.login({
        tenantId: (showTenant ? values.tenantId : domain.tenantId) || config.defaultTenantId,
        username: values.username.trim(),
        password: values.password,
        type: 'account',
        key: captcha?.key,
        code: values.code?.trim(),
      });
      finish();
    } catch {
      // The error was shown (toast); a used captcha is no good for a second try.
      setBusy(false);
      if (config.captchaMode) {
        form.setFieldValue('code', '');
        reloadCaptcha();
      }
    }
  };

  const socialHref = () => {
    const state = randomState();
    setStore({ name: SOCIAL_STATE, content: state, type: 'session' });
    return `/api/blade-auth/oauth/render/demo?${new URLSearchParams({ state }).toString()}`;
  };

  return (
    <div className="ba-login">
      <div className="ba-login-lang" role="group" aria-label={t('login.language')}>
        {languages.map((lng) => (
          <button
            key={lng}
            type="button"
            className="ba-login-lang-btn"
            disabled={preferences.language === lng}
            aria-pressed={preferences.language === lng}
            onClick={() => preferences.setLanguage(lng)}
          >
            {lng === 'zh' ? '中文' : 'English'}
          </button>
        ))}
      </div>
      <main className="ba-login-card">
        <div className="ba-login-brand">
          <img src={logoUrl} alt="" width={44} height={44} />
          <h1>{title}</h1>
        </div>
        <p className="ba-login-subtitle">{t('login.subtitle')}</p>
        <Form<LoginValues>
          form={form}
          layout="vertical"
          size="large"
          autoComplete="on"
          initialValues={{ tenantId: config.defaultTenantId, username: '', password: '' }}
          onSubmit={submit}
          disabled={busy}
        >
          {showTenant ? (
            <Form.Item field="tenantId" label={t('login.tenant')} rules={[{ required: true, message: t('login.tenantRequired') }]}>
              <Input data-testid="login-tenant" prefix={<IconUserGroup />} placeholder={t('login.tenantPlaceholder')} autoComplete="organization" />
            </Form.Item>
          ) : null}
          <Form.Item field="username" label={t('login.username')} rules={[{ required: true, message: t('login.usernameRequired') }]}>
            <Input data-testid="login-username" prefix={<IconUser />} placeholder={t('login.usernamePlaceholder')} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item field="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
            <Input.Password data-testid="login-password" prefix={<IconLock />} placeholder={t('login.passwordPlaceholder')} autoComplete="current-password" />
          </Form.Item>
          {config.captchaMode ? (
            <Form.Item label={t('login.code')} required>
              <div className="ba-login-captcha">
                <Form.Item field="code" noStyle rules={[{ required: true, message: t('login.codeRequired') }]}>
                  <Input data-testid="login-code" prefix={<IconSafe />} placeholder={t('login.codePlaceholder')} autoComplete="off" maxLength={8} />
                </Form.Item>
                <button type="button" className="ba-login-captcha-img" onClick={reloadCaptcha} title={t('login.captchaReload')} aria-label={t('login.captchaReload')}>
                  {captcha && !captchaFailed ? <img src={captcha.image} alt={t('login.code')} /> : <span>{captchaFailed ? t('login.captchaFailed') : '…'}</span>}
                </button>
              </div>
            </Form.Item>
          ) : null}
          <Button data-testid="login-submit" type="primary" htmlType="submit" long loading={busy}>
            {busy ? t('login.submitting') : t('login.submit')}
          </Button>
        </Form>
        <div className="ba-login-footer">
          <a
            className="ba-login-social"
            href="/api/blade-auth/oauth/render/demo"
            onClick={(event) => {
              // The state is made (and remembered) at the moment of leaving, so every attempt has its own.
              event.preventDefault();
              window.location.assign(socialHref());
            }}
          >
            {t('login.social')}
          </a>
        </div>
      </main>
    </div>
  );
});

export default LoginPage;
