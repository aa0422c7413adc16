import type { SiteConfig } from '../core/config';
import logoUrl from './assets/logo.svg';

export const config: SiteConfig = {
  title: { zh: '名片管理后台', en: 'Business Card Admin' },
  logo: logoUrl,
  storagePrefix: 'saber',
  clientId: 'saber',
  clientSecret: 'saber_secret',
  tenantMode: true,
  defaultTenantId: '000000',
  captchaMode: false,
  switchMode: false,
  tokenTime: 3000,
  tokenCheckInterval: 10_000,
  tokenHeader: 'Blade-Auth',
  statusWhiteList: [],
  httpTimeout: 10_000,
  longTimeout: 300_000,
  chunkTimeout: 120_000,
  homePath: '/wel/index',
  lockPath: '/lock',
  defaultTheme: 'theme-default',
  defaultColor: '#409EFF',
  defaultLanguage: 'zh',
  cookie: { accessToken: 'saber-access-token', refreshToken: 'saber-refresh-token' },
};
