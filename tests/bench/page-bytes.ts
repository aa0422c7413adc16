/**
 * JS and CSS bytes of the first two pages a person sees, from a cold cache, raw and gzip:
 * - /login: everything loaded until the form is usable and filled in (the password field fetches its
 *   hashing code) and the network is idle;
 * - home: everything loaded from clicking sign-in (admin of tenant 000000) until the home page is rendered
 *   and the network is idle again (its cards and the tenant's plugin chunks included).
 * Each script is listed with the components it carries (read from their display names), so the home
 * page's list shows whether a Table, Form, Grid or Result came with it. The bench prints them; a script can
 * run the same measurement against another build (an older commit's server) to compare.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { HOME_MARKER, LOGIN_BUTTON, fillLogin } from '../e2e/selectors';

export interface AssetBytes {
  url: string;
  type: 'script' | 'stylesheet';
  raw: number;
  gzip: number;
  /** Components whose code the script holds, by their display names (icons left out). */
  components: string[];
}

export interface FirstPagesBytes {
  login: AssetBytes[];
  home: AssetBytes[];
}

/**
 * Arco's components that the first page after sign-in should not carry unless it shows one, by a display
 * name only their code holds (React Router also names a component Form; Arco's Form brings FormItem).
 */
const HEAVY_COMPONENTS: Record<string, string> = { Table: 'Table', FormItem: 'Form', Row: 'Grid', Col: 'Grid', GridItem: 'Grid', Result: 'Result' };

function arcoComponents(body: Buffer): string[] {
  const names = new Set<string>();
  for (const match of body.toString('utf8').matchAll(/displayName\s*=\s*["']([A-Z][A-Za-z]*)["']/g)) {
    if (!match[1]!.startsWith('Icon')) names.add(match[1]!);
  }
  return [...names].sort();
}

/**
 * Records the scripts and stylesheets `page` receives, each under the phase current when it arrived;
 * `settled()` waits until nothing new has come for a while (the load state is reached once per
 * navigation: typing and client-side route changes load more after it).
 */
function recordAssets<Phase extends string>(page: Page, baseUrl: string, first: Phase) {
  const loaded: { phase: Phase; asset: Promise<AssetBytes> }[] = [];
  let phase = first;
  page.on('response', (response) => {
    const kind = response.request().resourceType();
    if (kind !== 'script' && kind !== 'stylesheet') return;
    const type: AssetBytes['type'] = kind;
    const asset = response
      .body()
      .catch(() => Buffer.alloc(0))
      .then((body) => ({
        url: response.url().replace(baseUrl, ''),
        type,
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
        components: type === 'script' ? arcoComponents(body) : [],
      }));
    loaded.push({ phase, asset });
  });
  return {
    enter(next: Phase) {
      phase = next;
    },
    async settled() {
      await page.waitForLoadState('networkidle');
      for (let seen = -1; seen !== loaded.length; ) {
        seen = loaded.length;
        await page.waitForTimeout(700);
      }
    },
    async of(wanted: Phase): Promise<AssetBytes[]> {
      const settled = await Promise.all(loaded.map(async (entry) => ({ phase: entry.phase, asset: await entry.asset })));
      return settled.filter((entry) => entry.phase === wanted).map((entry) => entry.asset);
    },
  };
}

export async function measureFirstPagesBytes(browser: Browser, baseUrl: string): Promise<FirstPagesBytes> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const assets = recordAssets<keyof FirstPagesBytes>(page, baseUrl, 'login');
  try {
    await page.goto(`${baseUrl}/login`);
    await page.waitForSelector(`${LOGIN_BUTTON}:not([disabled])`);
    await fillLogin(page, { tenantId: '000000', username: 'admin', password: 'admin' });
    await assets.settled();
    assets.enter('home');
    await page.click(LOGIN_BUTTON);
    await page.waitForSelector(HOME_MARKER, { timeout: 20_000 });
    await assets.settled();
    return { login: await assets.of('login'), home: await assets.of('home') };
  } finally {
    await context.close();
  }
}

/** Any app's page (another app's login page): what it loads until the network is idle, nothing typed. */
export async function measurePageBytes(browser: Browser, baseUrl: string, path: string): Promise<AssetBytes[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const assets = recordAssets(page, baseUrl, 'page');
  try {
    await page.goto(`${baseUrl}${path}`);
    await assets.settled();
    return await assets.of('page');
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const total = (assets: AssetBytes[], key: 'raw' | 'gzip', type?: AssetBytes['type']) =>
  assets.filter((asset) => !type || asset.type === type).reduce((sum, asset) => sum + asset[key], 0);

/** One page's JS, CSS and JS+CSS totals. */
export function printTotals(assets: AssetBytes[], aim?: string): void {
  console.log(`  JS  ${kb(total(assets, 'raw', 'script'))} kB raw, ${kb(total(assets, 'gzip', 'script'))} kB gzip`);
  console.log(`  CSS ${kb(total(assets, 'raw', 'stylesheet'))} kB raw, ${kb(total(assets, 'gzip', 'stylesheet'))} kB gzip`);
  console.log(`  JS+CSS ${kb(total(assets, 'raw'))} kB raw, ${kb(total(assets, 'gzip'))} kB gzip${aim ? ` (${aim})` : ''}`);
}

/** One page's assets, one line each with the Arco components a script carries, then the totals. */
export function printAssets(title: string, assets: AssetBytes[], aim?: string): void {
  console.log(`\n${title}`);
  for (const a of assets) {
    const carries = a.components.length ? `  [${a.components.join(' ')}]` : '';
    console.log(`  ${a.type.padEnd(10)} ${kb(a.raw).padStart(8)} kB raw ${kb(a.gzip).padStart(7)} kB gzip  ${a.url}${carries}`);
  }
  printTotals(assets, aim);
}

export function printFirstPagesBytes(bytes: FirstPagesBytes): void {
  printAssets('/login assets', bytes.login, 'aim: under 130 gzip');
  printAssets('sign-in → home assets (admin, tenant 000000), the chunks of home', bytes.home);
  const heavy = bytes.home.flatMap((a) => a.components.filter((name) => name in HEAVY_COMPONENTS).map((name) => `${HEAVY_COMPONENTS[name]} (${name}) in ${a.url}`));
  console.log(`  Table, Form, Grid or Result code on home: ${heavy.length ? heavy.join(', ') : 'none'}`);
  const both = [...bytes.login, ...bytes.home];
  console.log(`\n/login + home JS+CSS: ${kb(total(both, 'raw'))} kB raw, ${kb(total(both, 'gzip'))} kB gzip`);
}
