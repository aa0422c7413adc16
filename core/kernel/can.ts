import type { TFunction } from '../i18n';
import './locales';

/** The answer to "may the signed-in user do `code`?", with a sentence to show when not. */
export interface Permission {
  can: boolean;
  /** Why not, in the current language (a tooltip on a disabled button, a 403 page). Absent when allowed. */
  reason?: string;
}

/** What the decision reads; each part is a function so a MobX observer re-reads it when it changes. */
export interface PermissionFacts {
  /** The codes the user holds, or null while they are still being fetched. */
  held(): ReadonlySet<string> | null;
  /**
   * The code's button or menu name in the current language when a loaded plugin declares it; undefined when
   * none does (the plugin that would is not enabled for the tenant, or not installed).
   */
  declaredName(code: string): string | undefined;
  t: TFunction;
}

/**
 * Decides one permission code. Allowed when held; otherwise the reason names what is missing by its
 * declared name (the user never held it, so their own button list cannot name it), or says that no
 * loaded module provides it, which is how a module the tenant lacks shows from the browser.
 */
export function decideCan(code: string, facts: PermissionFacts): Permission {
  const held = facts.held();
  if (held === null) return { can: false, reason: facts.t('access.loading') };
  if (held.has(code)) return { can: true };
  const name = facts.declaredName(code);
  return name === undefined
    ? { can: false, reason: facts.t('access.notEnabled', { name: code }) }
    : { can: false, reason: facts.t('access.missing', { name }) };
}
