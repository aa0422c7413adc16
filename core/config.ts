/** Site configuration: the one place where a deployment differs. `app/config.ts` provides the value. */
export interface SiteConfig {
  /** Product title, per language. */
  title: { zh: string; en: string };
  /** The product's logo, an image address: the sign-in page, the sidebar, and the avatar of a user without one. */
  logo: string;
  /** Prefix of every local/session storage key (`<prefix>-<name>`). */
  storagePrefix: string;
  /** OAuth client sent as `Authorization: Basic` on every call (a public client id, as in BladeX). */
  clientId: string;
  clientSecret: string;
  /** Multi-tenant login: the tenant field is shown unless the site address names a tenant. */
  tenantMode: boolean;
  defaultTenantId: string;
  /** Image captcha on the login form (grant_type=captcha). */
  captchaMode: boolean;
  /** Send Dept-Id / Role-Id headers on login and refresh. */
  switchMode: boolean;
  /** Seconds after which a stored token is refreshed. */
  tokenTime: number;
  /** How often the token age is checked, ms. */
  tokenCheckInterval: number;
  tokenHeader: string;
  /** Response codes rejected silently (the caller handles them). */
  statusWhiteList: number[];
  httpTimeout: number;
  longTimeout: number;
  chunkTimeout: number;
  homePath: string;
  lockPath: string;
  defaultTheme: string;
  defaultColor: string;
  defaultLanguage: 'zh' | 'en';
  cookie: { accessToken: string; refreshToken: string };
}

let current: SiteConfig | undefined;

export function setSiteConfig(config: SiteConfig): void {
  current = config;
}

export function siteConfig(): SiteConfig {
  if (!current) throw new Error('Site configuration not set: call setSiteConfig() from the app entry first.');
  return current;
}
