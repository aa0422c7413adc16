/**
 * JS and CSS bytes of the first two pages a person sees, from a cold cache, raw and gzip:
 * - /login: everything loaded until the form is usable and filled in (the password field fetches its
 *   hashing code) and the network is idle;
 * - home: everything loaded from clicking sign-in (admin of tenant 000000) until the home page is rendered
 *   and the network is idle again (its cards and the tenant's plugin chunks included).
 * The bench prints them; a script can run the same measurement against another build (an older commit's
 * server) to compare.
 */
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { HOME_MARKER, LOGIN_BUTTON, fillLogin } from '../e2e/selectors';

export interface AssetBytes {
  url: string;
  type: 'script' | 'stylesheet';
  raw: number;
  gzip: number;
}

export interface FirstPagesBytes {
  login: AssetBytes[];
  home: AssetBytes[];
}

export async function measureFirstPagesBytes(browser: Browser, baseUrl: string): Promise<FirstPagesBytes> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const loaded: { phase: keyof FirstPagesBytes; asset: Promise<AssetBytes> }[] = [];
  let phase: keyof FirstPagesBytes = 'login';
  page.on('response', (response) => {
    const kind = response.request().resourceType();
    if (kind !== 'script' && kind !== 'stylesheet') return;
    const type: AssetBytes['type'] = kind;
    const asset = response
      .body()
      .catch(() => Buffer.alloc(0))
      .then((body) => ({ url: response.url().replace(baseUrl, ''), type, raw: body.length, gzip: gzipSync(body, { level: 9 }).length }));
    loaded.push({ phase, asset });
  });
  // The load state is reached once per navigation, so after typing (the login page fetches its password
  // hashing code when the field gets focus) and after the client-side route change to home, the page is
  // settled when nothing new has arrived for a while.
  const settle = async () => {
    await page.waitForLoadState('networkidle');
    for (let seen = -1; seen !== loaded.length; ) {
      seen = loaded.length;
      await page.waitForTimeout(700);
    }
  };
  try {
    await page.goto(`${baseUrl}/login`);
    await page.waitForSelector(`${LOGIN_BUTTON}:not([disabled])`);
    await fillLogin(page, { tenantId: '000000', username: 'admin', password: 'admin' });
    await settle();
    phase = 'home';
    await page.click(LOGIN_BUTTON);
    await page.waitForSelector(HOME_MARKER, { timeout: 20_000 });
    await settle();
    const settled = await Promise.all(loaded.map(async (entry) => ({ phase: entry.phase, asset: await entry.asset })));
    return {
      login: settled.filter((entry) => entry.phase === 'login').map((entry) => entry.asset),
      home: settled.filter((entry) => entry.phase === 'home').map((entry) => entry.asset),
    };
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const total = (assets: AssetBytes[], key: 'raw' | 'gzip', type?: AssetBytes['type']) =>
  assets.filter((asset) => !type || asset.type === type).reduce((sum, asset) => sum + asset[key], 0);

/** One page's assets, one line each, then its JS, CSS and JS+CSS totals. */
export function printAssets(title: string, assets: AssetBytes[], aim?: string): void {
  console.log(`\n${title}`);
  for (const a of assets) console.log(`  ${a.type.padEnd(10)} ${kb(a.raw).padStart(8)} kB raw ${kb(a.gzip).padStart(7)} kB gzip  ${a.url}`);
  console.log(`  JS  ${kb(total(assets, 'raw', 'script'))} kB raw, ${kb(total(assets, 'gzip', 'script'))} kB gzip`);
  console.log(`  CSS ${kb(total(assets, 'raw', 'stylesheet'))} kB raw, ${kb(total(assets, 'gzip', 'stylesheet'))} kB gzip`);
  console.log(`  JS+CSS ${kb(total(assets, 'raw'))} kB raw, ${kb(total(assets, 'gzip'))} kB gzip${aim ? ` (${aim})` : ''}`);
}

export function printFirstPagesBytes(bytes: FirstPagesBytes): void {
  printAssets('/login assets', bytes.login, 'aim: under 130 gzip');
  printAssets('sign-in → home assets (admin, tenant 000000)', bytes.home);
  const both = [...bytes.login, ...bytes.home];
  console.log(`\n/login + home JS+CSS: ${kb(total(both, 'raw'))} kB raw, ${kb(total(both, 'gzip'))} kB gzip`);
}
