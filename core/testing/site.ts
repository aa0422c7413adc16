import { setSiteConfig, type SiteConfig } from '../config';

let base: SiteConfig | undefined;

/**
 * The site configuration every test starts from: the product's, handed over by the test setup
 * (tests/setup-unit.ts), since the kernel does not read the app.
 */
export function setBaseTestSite(config: SiteConfig): void {
  base = config;
}

/** Sets the product's site configuration (with overrides) for a test and returns it. */
export function setTestSite(overrides: Partial<SiteConfig> = {}): SiteConfig {
  if (!base) throw new Error('No site configuration for tests: the test setup calls setBaseTestSite(config) first.');
  const site = { ...base, ...overrides };
  setSiteConfig(site);
  return site;
}

/** Empties both storages and the token cookies, so each test starts signed out. */
export function clearBrowserState(): void {
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

export interface FetchCall {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
  credentials?: RequestCredentials;
}

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> } | Error;

/**
 * Replaces `fetch` with a handler that answers by URL. Unmatched calls fail loudly (a test double that
 * only answers what it was given). Returns the recorded calls.
 */
export function mockFetch(handler: (call: FetchCall) => Reply | Promise<Reply>): FetchCall[] {
  const calls: FetchCall[] = [];
  const fake = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: FetchCall = {
      url: String(input),
      method: (init.method ?? 'GET').toUpperCase(),
      headers: new Headers(init.headers),
      body: init.body,
      credentials: init.credentials,
    };
    calls.push(call);
    const reply = await handler(call);
    if (reply instanceof Error) throw reply;
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? null);
    return new Response(text, { status: reply.status ?? 200, headers: { 'content-type': 'application/json', ...reply.headers } });
  };
  rs.stubGlobal('fetch', fake);
  return calls;
}

/** Query values of a recorded call's URL. */
export function queryOf(call: FetchCall): URLSearchParams {
  return new URL(call.url, 'http://localhost').searchParams;
}
