import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { reaction } from 'mobx';
import type { I18n, TFunction } from '../i18n';
import type { http } from '../http';
import type { Session } from '../session/session';
import type { Preferences } from '../shell/preferences';
import type { Permission } from './can';

export type { Permission } from './can';
export type HttpClient = typeof http;

/**
 * What plugins and the CRUD kit reach the kernel through: one context, filled by the app
 * (core/shell/App.tsx) and by the plugin test harness, instead of module singletons imported one by one.
 */
export interface KernelServices {
  /** The signed-in session: user, menu, permission codes, sign-in and sign-out. */
  readonly session: Session;
  /** The HTTP client (R envelope, token, error toasts). */
  readonly http: HttpClient;
  readonly i18n: I18n;
  /** Translates a key in the current language. */
  readonly t: TFunction;
  /** Theme, colour, language, sidebar state. */
  readonly preferences: Preferences;
  /** May the signed-in user do `code`? When not, `reason` is a sentence in the current language. */
  can(code: string): Permission;
}

const KernelContext = createContext<KernelServices | null>(null);

/** Makes the kernel services reachable by every component below it. */
export function KernelProvider({ services, children }: { services: KernelServices; children: ReactNode }) {
  return <KernelContext value={services}>{children}</KernelContext>;
}

/** The kernel services; throws when rendered outside a `KernelProvider` rather than reaching a stray singleton. */
export function useKernel(): KernelServices {
  const services = useContext(KernelContext);
  if (!services) {
    throw new Error(
      'useKernel(): no kernel services here. Render the component inside <KernelProvider> (the app and the plugin test harness renderPlugin() both provide one).',
    );
  }
  return services;
}

const ALLOWED = '\u0000';

/**
 * `can(code)` as a hook: the component re-renders when the answer changes (the menu arrives, a plugin
 * loads, the language switches), whether or not it is a MobX observer.
 */
export function useCan(code: string): Permission {
  const { can } = useKernel();
  // The answer as a string, so React can compare snapshots; the reason is never empty.
  const read = useCallback(() => {
    const answer = can(code);
    return answer.can ? ALLOWED : (answer.reason ?? '');
  }, [can, code]);
  const subscribe = useCallback((changed: () => void) => reaction(read, changed), [read]);
  const snapshot = useSyncExternalStore(subscribe, read, read);
  return useMemo(() => (snapshot === ALLOWED ? { can: true } : { can: false, reason: snapshot }), [snapshot]);
}
