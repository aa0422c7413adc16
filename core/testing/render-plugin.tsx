import { afterAll, afterEach } from '@rstest/core';
import { Message, Modal } from '@arco-design/web-react';
import { act, cleanup, render, waitFor, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { KernelServices } from '../kernel/context';
import { declaredCodes } from '../schema/manifest';
import { PluginLoader, type PluginChunk } from '../plugin/loader';
import { createRegistry, expandPlugin, type Registry } from '../plugin/registry';
import { pluginManifest } from '../schema/resource';
import { resourceScreen } from '../shell/resource-screen';
import type { BrowserPlugin } from '../plugin/types';
import { navigateTo } from '../navigation/navigator';
import { session } from '../session/session';
import { App } from '../shell/App';
import { createKernelServices } from '../shell/kernel-services';
import { shellPlugin } from '../shell/plugin';
import { preferences } from '../shell/preferences';
import type { Backend, RecordedCall, ResolvedUser, TestUser } from './backend';
import { clearBrowserState, setTestSite } from './site';

export interface RenderPluginOptions {
  /** Where the app opens; default the plugin's first route. */
  route?: string;
  /** The signed-in user; default: every code the plugin declares, role `tester`, tenant 000000. */
  user?: TestUser;
  /** Where calls go: `respond({ … })` (hand-written) or `inProcessServer({ … })` (the real server). */
  backend: Backend;
  /** Other browser plugins to mount (those the plugin `requires`); given here, never found by the harness. */
  with?: readonly BrowserPlugin[];
  /** Interface language; default zh. */
  language?: 'zh' | 'en';
}

export type RenderedPlugin = RenderResult & {
  /** user-event, set up for this rendering: `await user.click(…)`, `await user.type(…)`. */
  user: ReturnType<typeof userEvent.setup>;
  /** Client-side navigation, as a menu click does. */
  navigate(to: string): void;
  /** Every call the app made, in order (kernel calls included). */
  calls: RecordedCall[];
  /** The calls to one `METHOD /path` (query ignored): `callsTo('POST /api/blade-system/param/submit')`. */
  callsTo(key: string): RecordedCall[];
  /** The registry the app runs on: the shell, the plugin, and `with` — nothing else. */
  registry: Registry;
  /** The kernel services the app's components reach through `useKernel()` / `useCan()`. */
  kernel: KernelServices;
};

/** What the current test rendered, torn down after it. */
let current: { backend: Backend; restoreFetch: () => void } | null = null;
const backends = new Set<Backend>();

async function teardown(): Promise<void> {
  if (!current) return;
  const { backend, restoreFetch } = current;
  current = null;
  // Unmount first: a signed-out app would go to /login and make calls of its own.
  cleanup();
  // Toasts and confirm dialogs live outside the React tree: gone too, so the next test starts clean.
  act(() => {
    Message.clear();
    Modal.destroyAll();
  });
  session.stopRefresh();
  session.fedLogout();
  restoreFetch();
  const problems = backend.finish();
  if (problems.length > 0) throw new Error(problems.join('\n'));
}

// Registered by the test file that imports the harness: every rendering is undone after its test, and
// the in-process servers are closed after the file.
afterEach(teardown);
afterAll(async () => {
  for (const backend of backends) await backend.close();
  backends.clear();
});

function record(input: RequestInfo | URL, init: RequestInit = {}): { call: RecordedCall; raw: BodyInit | null | undefined } {
  const request = typeof input === 'object' && 'method' in input ? input : null;
  const url = request ? request.url : String(input);
  const parsed = new URL(url, 'http://localhost');
  const method = (init.method ?? request?.method ?? 'GET').toUpperCase();
  const raw = init.body;
  let body: unknown = raw ?? undefined;
  if (typeof raw === 'string') {
    try {
      body = JSON.parse(raw);
    } catch {
      body = raw;
    }
  } else if (raw instanceof URLSearchParams) body = Object.fromEntries(raw);
  const call: RecordedCall = {
    method,
    url: parsed.origin === 'http://localhost' && !/^https?:/i.test(url) ? `${parsed.pathname}${parsed.search}` : url,
    path: parsed.pathname,
    key: `${method} ${parsed.pathname}`,
    query: Object.fromEntries(parsed.searchParams),
    headers: new Headers(init.headers ?? request?.headers),
    body,
  };
  return { call, raw };
}

function resolveUser(plugin: BrowserPlugin, user: TestUser = {}): ResolvedUser {
  return {
    permissions: user.permissions ?? declaredCodes(pluginManifest(plugin)),
    roles: user.roles ?? ['tester'],
    tenantId: user.tenantId ?? '000000',
    name: user.name ?? '测试用户',
  };
}

/**
 * Mounts the real kernel App (registry, router, guard, layout, session) with the shell and ONE plugin,
 * signs in a user holding exactly the given permission codes, and opens `route`. Resolves once the
 * user's menu and buttons have arrived, so `useCan()` (and `kernel.can`) already answers. Undone after the test.
 */
export async function renderPlugin(plugin: BrowserPlugin, options: RenderPluginOptions): Promise<RenderedPlugin> {
  await teardown(); // a second rendering in one test replaces the first
  const { backend } = options;
  backends.add(backend);

  setTestSite();
  clearBrowserState();
  session.fedLogout();
  session.restore();
  preferences.setLanguage(options.language ?? 'zh');

  // As app/main.tsx does, with a list of one: the shell up front, the plugin loaded after sign-in by the
  // real loader (through GET /api/blade-system/plugin/enabled) from a "chunk" that is the plugin itself.
  const mounted = [...(options.with ?? []), plugin];
  const registry = createRegistry({ resourceScreen });
  registry.register(shellPlugin);
  const chunks: Record<string, PluginChunk> = Object.fromEntries(mounted.map((p) => [p.id, async () => ({ default: p })]));
  const loader = new PluginLoader({ registry, installed: mounted.map((p) => p.id), chunks });

  const calls: RecordedCall[] = [];
  const original = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const { call, raw } = record(input, init);
    calls.push(call);
    return backend.handle(call, raw);
  };
  current = { backend, restoreFetch: () => void (globalThis.fetch = original) };

  const user = resolveUser(plugin, options.user);
  const credentials = await backend.prepare({ manifests: [shellPlugin, ...mounted.map(pluginManifest)], pluginIds: mounted.map((p) => p.id), user });
  await session.login({ tenantId: credentials.tenantId, username: credentials.account, password: credentials.password });

  const route = options.route ?? expandPlugin(plugin, resourceScreen).routes?.find((r) => r.layout !== 'blank')?.path ?? '/wel/index';
  window.history.replaceState(null, '', route);
  const kernel = createKernelServices(registry);
  const rendered = render(<App registry={registry} loader={loader} services={kernel} />);
  const blank = shellPlugin.routes.some((r) => r.path === route && r.layout === 'blank');
  await waitFor(
    () => {
      if (loader.state === 'error') throw new Error(`renderPlugin(): loading the plugin failed: ${loader.message}`);
      if (loader.state !== 'ready') throw new Error(`renderPlugin(): the plugin was not loaded (state ${loader.state}).`);
      if (!blank && session.menuState !== 'ready') throw new Error(`renderPlugin(): the menu of the signed-in user did not load (state ${session.menuState}).`);
    },
    { timeout: 5000 },
  );
  return {
    ...rendered,
    user: userEvent.setup(),
    navigate: (to) => act(() => navigateTo(to)),
    calls,
    callsTo: (key) => calls.filter((call) => call.key === key),
    registry,
    kernel,
  };
}
