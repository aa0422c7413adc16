import type { Permission } from '../../kernel/can';
import type { BrowserPlugin, HomeCardDecl } from '../../plugin/types';

export interface HomeCard {
  /** `<plugin id>/<card id>`: unique across plugins. */
  key: string;
  pluginId: string;
  decl: HomeCardDecl;
}

/**
 * The home cards of the registered plugins the user may see, by `sort`, then in the plugins' order. Only
 * the tenant's plugins are registered, so a plugin the tenant lacks contributes nothing.
 */
export function homeCards(plugins: readonly BrowserPlugin[], can: (code: string) => Permission): HomeCard[] {
  const cards = plugins.flatMap((plugin) =>
    (plugin.home ?? []).map((decl) => ({ key: `${plugin.id}/${decl.id}`, pluginId: plugin.id, decl })),
  );
  // Array.prototype.sort is stable: equal sorts keep the registration order.
  return cards.filter((card) => !card.decl.code || can(card.decl.code).can).sort((a, b) => (a.decl.sort ?? 0) - (b.decl.sort ?? 0));
}
