import { makeAutoObservable, runInAction } from 'mobx';
import { siteConfig } from '../config';
import { http, HttpError, setAuthHooks, toastError } from '../http';
import { currentLanguage, i18n, type Language } from '../i18n';
import { mapMenu, permissionCodes, type MenuItem, type MenuVO, type TopMenu } from '../menu';
import { navigateTo } from '../navigation/navigator';
import { tabs } from '../tabs/tabs';
import { getRefreshCookie, removeTokenCookies, setTokenCookies } from './cookies';
import { md5, sha256 } from './hash';
import { createRefresher, isRefreshDue, withTabLock, type RefreshOutcome, type SingleFlight, type TokenStamp } from './refresh';
import { getStore, getStoreRecord, parseRecord, removeStore, setStore, storeKey } from './storage';
import type { LoginForm, SocialLogin, TokenResult, UserInfo } from './types';

export type { LoginForm, SocialLogin, TokenResult, UserInfo } from './types';

const TOKEN_URL = '/api/blade-auth/oauth/token';
const USER_FIELDS: (keyof UserInfo)[] = [
  'user_id', 'user_name', 'nick_name', 'real_name', 'role_name', 'avatar', 'account', 'tenant_id', 'oauth_id', 'dept_id', 'role_id', 'post_id',
];

export type MenuState = 'idle' | 'loading' | 'ready' | 'error';

/** The user part of a token answer; the avatar falls back to the product logo. */
export function toUserInfo(result: TokenResult): UserInfo {
  const info = {} as Record<string, string>;
  for (const field of USER_FIELDS) {
    const value = result[field];
    if (value !== undefined && value !== null) info[field] = String(value);
  }
  const user = info as unknown as UserInfo;
  for (const field of ['user_id', 'user_name', 'nick_name', 'real_name', 'role_name', 'account', 'tenant_id', 'oauth_id', 'dept_id'] as const) {
    user[field] ??= '';
  }
  user.real_name ||= user.nick_name;
  user.nick_name ||= user.real_name;
  user.avatar = user.avatar || siteConfig().logo;
  return user;
}

function randomSalt(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

interface LockRecord {
  salt: string;
  hash: string;
}

/**
 * The signed-in session: login, token refresh, lock screen, logout, and the user's server menu
 * and permission codes. Tokens live in the two cookies and the `token` storage record (whose datetime the
 * refresh timer reads); menus and permissions are only kept in memory and fetched again after a reload,
 * so nothing in storage is trusted as the source of a permission.
 */
export class Session {
  token = '';
  tokenStoredAt = 0;
  tenantId = '';
  userInfo: UserInfo | null = null;
  rawMenu: MenuVO[] = [];
  permission: ReadonlySet<string> = new Set<string>();
  topMenus: TopMenu[] = [];
  topMenuId: string | null = null;
  menuState: MenuState = 'idle';
  isLock = false;
  language: Language = 'zh';

  private menuSeq = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private stopWatching: (() => void) | null = null;
  private refresher: SingleFlight<RefreshOutcome>;

  constructor() {
    makeAutoObservable<Session, 'menuSeq' | 'timer' | 'stopWatching' | 'refresher'>(
      this,
      { menuSeq: false, timer: false, stopWatching: false, refresher: false },
      { autoBind: true },
    );
    this.refresher = createRefresher<TokenResult>({
      lockName: 'token-refresh',
      readStored: () => this.storedStamp(),
      current: () => ({ token: this.token, storedAt: this.tokenStoredAt }),
      request: () => this.requestRefresh(),
      apply: (result) => this.applyRefresh(result),
      adopt: (stamp) => this.adoptToken(stamp),
      // Lock names are per origin: the storage prefix keeps two apps on one origin apart.
      lock: (name, task) => withTabLock(`${siteConfig().storagePrefix}-${name}`, task),
    });
    i18n.on('languageChanged', () => runInAction(() => (this.language = currentLanguage())));
  }

  // ---- derived state -------------------------------------------------------------------------

  get roles(): string[] {
    return (this.userInfo?.role_name ?? '').split(',').map((r) => r.trim()).filter(Boolean);
  }

  get isGuest(): boolean {
    return (this.userInfo?.role_name ?? '').includes('guest');
  }

  get signedIn(): boolean {
    return this.token !== '';
  }

  /** The sidebar menu in the current language, filtered by the user's roles. */
  get menu(): MenuItem[] {
    return mapMenu(this.rawMenu, { language: this.language, roles: this.roles });
  }

  can(code: string): boolean {
    return this.permission.has(code);
  }

  // ---- start-up --------------------------------------------------------------------------------

  /** Reads what a previous page view stored (call once the site configuration is set). */
  restore(): void {
    const record = getStoreRecord<string>('token');
    this.token = typeof record?.content === 'string' ? record.content : '';
    this.tokenStoredAt = record?.datetime ?? 0;
    this.tenantId = getStore<string>('tenantId') ?? '';
    const user = getStore<UserInfo>('userInfo');
    this.userInfo = this.token && user && typeof user === 'object' ? user : null;
    this.isLock = this.token !== '' && getStore<boolean>('isLock') === true;
    this.language = currentLanguage();
    tabs.restore();
    this.watchOtherTabs();
  }

  // ---- sign-in ---------------------------------------------------------------------------------

  async login(form: LoginForm): Promise<void> {
    const config = siteConfig();
    const headers: Record<string, string> = { 'Tenant-Id': form.tenantId };
    if (config.captchaMode) {
      headers['Captcha-Key'] = form.key ?? '';
      headers['Captcha-Code'] = form.code ?? '';
    }
    if (config.switchMode) {
      if (form.deptId) headers['Dept-Id'] = form.deptId;
      if (form.roleId) headers['Role-Id'] = form.roleId;
    }
    const result = await http.request<TokenResult>('POST', TOKEN_URL, undefined, {
      headers,
      params: {
        tenantId: form.tenantId,
        username: form.username,
        password: await md5(form.password),
        grant_type: config.captchaMode ? 'captcha' : 'password',
        scope: 'all',
        type: form.type ?? 'account',
      },
    });
    this.acceptSignIn(result, form.tenantId);
  }

  /** Sign-in with a third-party account (`?source=&code=&state=` on the return from the provider). */
  async loginBySocial({ source, code, state, tenantId }: SocialLogin): Promise<void> {
    const result = await http.request<TokenResult>('POST', TOKEN_URL, undefined, {
      headers: { 'Tenant-Id': tenantId },
      params: { tenantId, source, code, state, grant_type: 'social', scope: 'all' },
    });
    this.acceptSignIn(result, tenantId);
  }

  /** An `error_description` answer is a refusal: shown, and no session is set. */
  private acceptSignIn(result: TokenResult, tenantId: string): void {
    const refusal = result?.error_description || (!result?.access_token ? i18n.t('errors.unknown') : '');
    if (refusal) {
      toastError(refusal);
      throw new HttpError('business', refusal, Number(result?.error_code) || 400, result);
    }
    const user = toUserInfo(result);
    user.tenant_id ||= tenantId;
    // Written before the token: another tab reacting to the token change finds the user already there.
    setStore({ name: 'userInfo', content: user });
    setStore({ name: 'tenantId', content: user.tenant_id });
    this.storeToken(result.access_token!, result.refresh_token ?? '');
    this.userInfo = user;
    this.tenantId = user.tenant_id;
    this.clearMenus();
    this.clearLock();
    tabs.reset();
  }

  private storeToken(access: string, refresh: string): void {
    setTokenCookies(access, refresh);
    const record = setStore({ name: 'token', content: access });
    this.token = access;
    this.tokenStoredAt = record.datetime;
  }

  updateUserInfo(patch: Partial<UserInfo>): void {
    if (!this.userInfo) return;
    this.userInfo = { ...this.userInfo, ...patch };
    setStore({ name: 'userInfo', content: this.userInfo });
  }

  // ---- sign-out --------------------------------------------------------------------------------

  /** Tells the server, then clears locally (even when the server cannot be reached). */
  async logout(): Promise<void> {
    try {
      if (this.token) await http.request('GET', '/api/blade-auth/oauth/logout', undefined, { silent: true });
    } catch {
      // The local sign-out below is what matters to the user.
    }
    this.fedLogout();
    navigateTo('/login', { replace: true });
  }

  /** Local sign-out with no server call (a 401, a sign-out in another tab). */
  fedLogout(): void {
    this.stopRefresh();
    removeStore('token');
    removeStore('userInfo');
    removeTokenCookies();
    this.token = '';
    this.tokenStoredAt = 0;
    this.userInfo = null;
    this.clearMenus();
    this.clearLock();
    tabs.reset();
  }

  private clearMenus(): void {
    this.menuSeq++;
    this.rawMenu = [];
    this.permission = new Set();
    this.topMenus = [];
    this.topMenuId = null;
    this.menuState = 'idle';
  }

  // ---- menus -----------------------------------------------------------------------------------

  /** The user's menu (optionally under one top menu) and their button permissions. */
  async loadMenu(topMenuId: string | null = this.topMenuId): Promise<void> {
    const seq = ++this.menuSeq;
    this.topMenuId = topMenuId ?? null;
    this.menuState = 'loading';
    try {
      const [routes, buttons] = await Promise.all([
        http.get<MenuVO[] | null>('/api/blade-system/menu/routes', { params: { topMenuId: topMenuId || undefined } }),
        http.get<MenuVO[] | null>('/api/blade-system/menu/buttons'),
      ]);
      if (seq !== this.menuSeq) return; // a newer load (or a sign-out) superseded this one
      runInAction(() => {
        this.rawMenu = Array.isArray(routes.data) ? routes.data : [];
        this.permission = permissionCodes(Array.isArray(buttons.data) ? buttons.data : []);
        this.menuState = 'ready';
      });
    } catch {
      if (seq === this.menuSeq) runInAction(() => (this.menuState = 'error'));
    }
  }

  async loadTopMenus(): Promise<void> {
    try {
      const res = await http.get<TopMenu[] | null>('/api/blade-system/menu/top-menu');
      runInAction(() => (this.topMenus = Array.isArray(res.data) ? res.data : []));
    } catch {
      runInAction(() => (this.topMenus = []));
    }
  }

  // ---- lock screen -----------------------------------------------------------------------------

  /**
   * Locks this browser tab. Only a salted SHA-256 of the password is kept (session storage). Resolves
   * once the tab is locked (hashing is asynchronous).
   */
  async lock(password: string): Promise<void> {
    const salt = randomSalt();
    const hash = await sha256(`${salt}:${password}`);
    setStore<LockRecord>({ name: 'lockPasswd', content: { salt, hash }, type: 'session' });
    setStore({ name: 'isLock', content: true, type: 'session' });
    runInAction(() => (this.isLock = true));
  }

  /** Unlocks when the password is the one the tab was locked with; resolves to whether it was. */
  async unlock(password: string): Promise<boolean> {
    const record = getStore<LockRecord>('lockPasswd');
    if (!record || typeof record.salt !== 'string' || (await sha256(`${record.salt}:${password}`)) !== record.hash) return false;
    // Still the same lock (no sign-out or new lock while hashing)?
    if (getStore<LockRecord>('lockPasswd')?.hash !== record.hash) return false;
    this.clearLock();
    return true;
  }

  private clearLock(): void {
    removeStore('isLock');
    removeStore('lockPasswd');
    this.isLock = false;
  }

  // ---- token refresh ---------------------------------------------------------------------------

  /** Checks the token's age every tokenCheckInterval and refreshes when due (the layout runs it). */
  startRefresh(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.checkRefresh(), siteConfig().tokenCheckInterval);
  }

  stopRefresh(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One tick of the timer. Returns what happened (for tests), or null when nothing was due. */
  async checkRefresh(now = Date.now()): Promise<RefreshOutcome | null> {
    if (!this.token || this.refresher.running) return null;
    const stamp = this.storedStamp();
    if (!stamp || !isRefreshDue(stamp.storedAt, now, siteConfig().tokenTime)) return null;
    return this.refreshNow();
  }

  /** Refreshes now (single-flight in this tab and across tabs); never rejects. */
  async refreshNow(): Promise<RefreshOutcome | null> {
    try {
      return await this.refresher();
    } catch (error) {
      if (error instanceof HttpError && (error.kind === 'network' || error.kind === 'timeout')) return null; // try again next tick
      if (this.token) {
        // The server refused the refresh token: this session cannot go on.
        const message = error instanceof Error && error.message ? error.message : i18n.t('errors.refreshFailed');
        toastError(message);
        this.fedLogout();
        navigateTo('/login', { replace: true });
      }
      return null;
    }
  }

  private storedStamp(): TokenStamp | null {
    const record = getStoreRecord<string>('token');
    return record && typeof record.content === 'string' && record.content ? { token: record.content, storedAt: record.datetime } : null;
  }

  private async requestRefresh(): Promise<TokenResult> {
    const config = siteConfig();
    const tenantId = this.tenantId || config.defaultTenantId;
    const headers: Record<string, string> = { 'Tenant-Id': tenantId };
    if (config.switchMode && this.userInfo) {
      if (this.userInfo.dept_id) headers['Dept-Id'] = this.userInfo.dept_id;
      if (this.userInfo.role_id) headers['Role-Id'] = this.userInfo.role_id;
    }
    const result = await http.request<TokenResult>('POST', TOKEN_URL, undefined, {
      headers,
      silent: true,
      params: { tenantId, refresh_token: getRefreshCookie(), grant_type: 'refresh_token', scope: 'all' },
    });
    if (result?.error_description || !result?.access_token) {
      throw new HttpError('business', result?.error_description || i18n.t('errors.refreshFailed'), 401, result);
    }
    return result;
  }

  private applyRefresh(result: TokenResult): void {
    if (this.userInfo) {
      const fresh = toUserInfo(result);
      // Keep an avatar the user changed in this session if the answer has none.
      this.userInfo = { ...this.userInfo, ...fresh, avatar: result.avatar ? fresh.avatar : this.userInfo.avatar };
      setStore({ name: 'userInfo', content: this.userInfo });
    }
    this.storeToken(result.access_token!, result.refresh_token ?? getRefreshCookie());
  }

  private adoptToken(stamp: TokenStamp): void {
    this.token = stamp.token;
    this.tokenStoredAt = stamp.storedAt;
  }

  // ---- other browser tabs ----------------------------------------------------------------------

  /** Follows sign-in, refresh and sign-out done in another tab of this browser. */
  private watchOtherTabs(): void {
    if (this.stopWatching || typeof window === 'undefined') return;
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== window.localStorage || event.key !== storeKey('token')) return;
      this.followOtherTab(parseRecord<string>(event.newValue));
    };
    window.addEventListener('storage', onStorage);
    this.stopWatching = () => window.removeEventListener('storage', onStorage);
  }

  /** What another tab stored under `token` (null: it signed out). */
  followOtherTab(record: { content: string; datetime: number } | null): void {
    const token = record && typeof record.content === 'string' ? record.content : '';
    if (!token) {
      if (!this.token) return;
      // Signed out elsewhere: the shared cookies are gone already, so clear only this tab's state.
      this.stopRefresh();
      this.token = '';
      this.tokenStoredAt = 0;
      this.userInfo = null;
      this.clearMenus();
      this.clearLock();
      tabs.restore();
      navigateTo('/login', { replace: true });
      return;
    }
    if (token === this.token) return;
    const user = getStore<UserInfo>('userInfo') ?? null;
    const sameUser = !!user && user.user_id === this.userInfo?.user_id && user.tenant_id === this.userInfo?.tenant_id;
    this.adoptToken({ token, storedAt: record!.datetime });
    if (!sameUser) {
      // Another user signed in elsewhere: this tab now belongs to them; their menu is fetched afresh.
      this.userInfo = user;
      this.tenantId = getStore<string>('tenantId') ?? '';
      this.clearMenus();
      this.clearLock();
      tabs.restore();
      navigateTo(siteConfig().homePath, { replace: true });
    }
  }
}

export const session = new Session();

// The HTTP layer reads the token and ends the session through these (it cannot import this module).
setAuthHooks({ token: () => session.token, signOut: () => session.fedLogout() });
