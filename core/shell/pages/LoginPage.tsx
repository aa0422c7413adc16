import { useCallback, useEffect, useEffectEvent, useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { siteConfig } from '../../config';
import { http, toastError } from '../../http';
import { languageNames, languages, useTranslation } from '../../i18n';
import { preloadMd5 } from '../../session/hash';
import { session } from '../../session/session';
import { getStore, removeStore, setStore } from '../../session/storage';
import { preferences } from '../preferences';
import { usePluginRegistry } from '../plugins-context';
import { preloadSignedInScreen } from '../preload-signed-in';
import { IconEye, IconEyeInvisible, IconLoading, IconLock, IconSafe, IconUser, IconUserGroup, RequiredMark } from './loginIcons';
import './login.css';

/*
 * The login page is plain, accessible HTML styled by login.css (with the look of Arco's large vertical
 * form): it is the first page most visitors see, and Arco's Form/Input/Button with their CSS would double
 * what it downloads. Arco arrives with the main layout after signing in.
 */

type FieldName = 'tenantId' | 'username' | 'password' | 'code';
type LoginValues = Record<FieldName, string>;

interface Captcha {
  key: string;
  image: string;
}

const SOCIAL_STATE = 'socialState';

/** The message of each field's only rule: required (the same texts the Arco form used). */
const requiredMessage: Record<FieldName, string> = {
  tenantId: 'login.tenantRequired',
  username: 'login.usernameRequired',
  password: 'login.passwordRequired',
  code: 'login.codeRequired',
};

/** Missing? Spaces alone count as missing, except in a password (which is sent as typed). */
function isMissing(name: FieldName, value: string): boolean {
  return name === 'password' ? value === '' : value.trim() === '';
}

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

interface FieldProps {
  id: string;
  label: string;
  /** The error text, empty when the field is valid. */
  error: string;
  icon: ReactNode;
  /** Beside the input box (the captcha image). */
  aside?: ReactNode;
  /** Inside the input box, after the input (the password visibility toggle). */
  suffix?: ReactNode;
  children: ReactNode;
}

/** Label, input box with its icon, and the error line under it (announced when it appears). */
function Field({ id, label, error, icon, aside, suffix, children }: FieldProps) {
  const box = (
    <div className={error ? 'ba-login-input ba-login-input-error' : 'ba-login-input'}>
      <span className="ba-login-input-icon">{icon}</span>
      {children}
      {suffix}
    </div>
  );
  return (
    <div className="ba-login-field">
      <label className="ba-login-label" htmlFor={id}>
        <span className="ba-login-required" aria-hidden="true">
          <RequiredMark />
        </span>
        {label}
      </label>
      {aside ? (
        <div className="ba-login-captcha">
          {box}
          {aside}
        </div>
      ) : (
        box
      )}
      <div id={`${id}-error`} className="ba-login-error" role="alert">
        {error}
      </div>
    </div>
  );
}

/** Sign-in: tenant (unless the address names one), username, password, optional captcha. */
export const LoginPage = observer(function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const config = siteConfig();
  const uid = useId();
  const [values, setValues] = useState<LoginValues>({ tenantId: config.defaultTenantId, username: '', password: '', code: '' });
  const [invalid, setInvalid] = useState<Partial<Record<FieldName, boolean>>>({});
  const [passwordVisible, setPasswordVisible] = useState(false);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const edited = useRef(new Set<FieldName>());
  const inputs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});
  const latest = useRef(values);
  latest.current = values;
  const domain = useDomainTenant();
  const { captcha, failed: captchaFailed, reload: reloadCaptcha } = useCaptcha(config.captchaMode);
  const showTenant = config.tenantMode && !domain.tenantId;
  const title = config.title[preferences.language];
  const fields: FieldName[] = [...(showTenant ? (['tenantId'] as const) : []), 'username', 'password', ...(config.captchaMode ? (['code'] as const) : [])];

  const setBusyState = (value: boolean) => {
    busyRef.current = value;
    setBusy(value);
  };

  const registry = usePluginRegistry();
  const destination = target(location.state);
  const finish = useCallback(() => navigate(destination, { replace: true }), [navigate, destination]);
  const preload = () => preloadSignedInScreen(registry, destination);

  // Back from the third-party provider: ?source=&code=&state= (the state must be the one we sent).
  const socialDone = useRef(false);
  const signInFromProvider = useEffectEvent((source: string, code: string, state: string | null) => {
    if (socialDone.current) return;
    socialDone.current = true;
    const expected = getStore<string>(SOCIAL_STATE);
    removeStore(SOCIAL_STATE);
    setSearch({}, { replace: true });
    if (!state || state !== expected) {
      toastError(t('login.socialStateMismatch'));
      return;
    }
    const tenantId = domain.tenantId || latest.current.tenantId.trim() || config.defaultTenantId;
    setBusyState(true);
    preload();
    session
      .loginBySocial({ source, code, state, tenantId })
      .then(finish)
      .catch(() => setBusyState(false));
  });
  // When the query changes (the return from the provider), not when the form re-renders.
  useEffect(() => {
    const source = search.get('source');
    const code = search.get('code');
    if (source && code) signInFromProvider(source, code, search.get('state'));
  }, [search]);

  const validate = (name: FieldName, value: string) => setInvalid((prev) => ({ ...prev, [name]: isMissing(name, value) }));

  const onChange = (name: FieldName) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    edited.current.add(name);
    setValues((prev) => ({ ...prev, [name]: value }));
    // A shown error goes away as soon as the field is filled in.
    if (invalid[name]) validate(name, value);
  };

  // Leaving a field the user has typed in checks it; tabbing through untouched fields does not nag.
  const onBlur = (name: FieldName) => () => {
    if (edited.current.has(name)) validate(name, latest.current[name]);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busyRef.current) return;
    const missing = fields.filter((name) => isMissing(name, values[name]));
    setInvalid(Object.fromEntries(fields.map((name) => [name, missing.includes(name)])));
    if (missing.length > 0) {
      inputs.current[missing[0]!]?.focus();
      return;
    }
    setBusyState(true);
    preload();
    try {
      await session.login({
        tenantId: (showTenant ? values.tenantId.trim() : domain.tenantId) || config.defaultTenantId,
        username: values.username.trim(),
        password: values.password,
        type: 'account',
        key: captcha?.key,
        code: values.code.trim(),
      });
      finish();
    } catch {
      // The error was shown (toast); a used captcha is no good for a second try.
      setBusyState(false);
      if (config.captchaMode) {
        setValues((prev) => ({ ...prev, code: '' }));
        edited.current.delete('code');
        reloadCaptcha();
      }
    }
  };

  const socialHref = () => {
    const state = randomState();
    setStore({ name: SOCIAL_STATE, content: state, type: 'session' });
    return `/api/blade-auth/oauth/render/demo?${new URLSearchParams({ state }).toString()}`;
  };

  /** Props every input shares: value, events, validity, and its error line. */
  const inputProps = (name: FieldName) => {
    const id = `${uid}-${name}`;
    return {
      id,
      name,
      ref: (el: HTMLInputElement | null) => {
        inputs.current[name] = el;
      },
      className: 'ba-login-control',
      value: values[name],
      onChange: onChange(name),
      onBlur: onBlur(name),
      required: true,
      readOnly: busy,
      'aria-invalid': invalid[name] ? true : undefined,
      'aria-describedby': `${id}-error`,
    };
  };
  const errorOf = (name: FieldName) => (invalid[name] ? t(requiredMessage[name]) : '');
  const passwordToggle = passwordVisible ? t('login.hidePassword') : t('login.showPassword');

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
            {languageNames[lng]}
          </button>
        ))}
      </div>
      <main className="ba-login-card">
        <div className="ba-login-brand">
          <img src={siteConfig().logo} alt="" width={44} height={44} />
          <h1>{title}</h1>
        </div>
        <p className="ba-login-subtitle">{t('login.subtitle')}</p>
        <form className="ba-login-form" noValidate autoComplete="on" onSubmit={(event) => void submit(event)} aria-busy={busy}>
          {showTenant ? (
            <Field id={`${uid}-tenantId`} label={t('login.tenant')} error={errorOf('tenantId')} icon={<IconUserGroup />}>
              <input {...inputProps('tenantId')} data-testid="login-tenant" type="text" placeholder={t('login.tenantPlaceholder')} autoComplete="organization" />
            </Field>
          ) : null}
          <Field id={`${uid}-username`} label={t('login.username')} error={errorOf('username')} icon={<IconUser />}>
            <input
              {...inputProps('username')}
              data-testid="login-username"
              type="text"
              placeholder={t('login.usernamePlaceholder')}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
            />
          </Field>
          <Field
            id={`${uid}-password`}
            label={t('login.password')}
            error={errorOf('password')}
            icon={<IconLock />}
            suffix={
              <button
                type="button"
                className="ba-login-eye"
                onClick={() => setPasswordVisible((v) => !v)}
                aria-label={passwordToggle}
                title={passwordToggle}
                aria-pressed={passwordVisible}
                aria-controls={`${uid}-password`}
              >
                {passwordVisible ? <IconEye /> : <IconEyeInvisible />}
              </button>
            }
          >
            <input
              {...inputProps('password')}
              data-testid="login-password"
              type={passwordVisible ? 'text' : 'password'}
              placeholder={t('login.passwordPlaceholder')}
              autoComplete="current-password"
              autoCapitalize="none"
              spellCheck={false}
              onFocus={preloadMd5}
            />
          </Field>
          {config.captchaMode ? (
            <Field
              id={`${uid}-code`}
              label={t('login.code')}
              error={errorOf('code')}
              icon={<IconSafe />}
              aside={
                <button type="button" className="ba-login-captcha-img" onClick={reloadCaptcha} title={t('login.captchaReload')} aria-label={t('login.captchaReload')}>
                  {captcha && !captchaFailed ? <img src={captcha.image} alt={t('login.code')} /> : <span>{captchaFailed ? t('login.captchaFailed') : '…'}</span>}
                </button>
              }
            >
              <input {...inputProps('code')} data-testid="login-code" type="text" placeholder={t('login.codePlaceholder')} autoComplete="off" maxLength={8} />
            </Field>
          ) : null}
          <button data-testid="login-submit" type="submit" className="ba-login-submit" aria-disabled={busy || undefined}>
            {busy ? <IconLoading className="ba-login-spin" /> : null}
            {busy ? t('login.submitting') : t('login.submit')}
          </button>
        </form>
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
