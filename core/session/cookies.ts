import Cookies from 'js-cookie';
import { siteConfig } from '../config';

/**
 * The two token cookies (names from the site configuration, as BladeX gateways and report pages read them).
 * SameSite=Strict so no other site's page can make the browser send them; Secure whenever the app is
 * served over https. They are session cookies: closing the browser ends the session.
 */
function attributes(): Cookies.CookieAttributes {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:';
  return { sameSite: 'Strict', secure, path: '/' };
}

export function getAccessCookie(): string {
  return Cookies.get(siteConfig().cookie.accessToken) ?? '';
}

export function getRefreshCookie(): string {
  return Cookies.get(siteConfig().cookie.refreshToken) ?? '';
}

export function setTokenCookies(accessToken: string, refreshToken: string): void {
  Cookies.set(siteConfig().cookie.accessToken, accessToken, attributes());
  Cookies.set(siteConfig().cookie.refreshToken, refreshToken, attributes());
}

export function removeTokenCookies(): void {
  Cookies.remove(siteConfig().cookie.accessToken, { path: '/' });
  Cookies.remove(siteConfig().cookie.refreshToken, { path: '/' });
}
