import { http } from '../http';
import { i18n, localText, type TFunction } from '../i18n';
import { decideCan } from '../kernel/can';
import type { KernelServices } from '../kernel/context';
import type { MenuDecl } from '../schema/manifest';
import type { Registry } from '../plugin/registry';
import { session } from '../session/session';
import { preferences } from './preferences';

function findDeclared(menus: readonly MenuDecl[] | undefined, code: string): MenuDecl['name'] | undefined {
  for (const menu of menus ?? []) {
    if (menu.code === code) return menu.name;
    const button = menu.buttons?.find((b) => b.code === code);
    if (button) return button.name;
    const inChildren = findDeclared(menu.children, code);
    if (inChildren) return inChildren;
  }
  return undefined;
}

/**
 * The production kernel services: the app's session, HTTP client, i18n and preferences, and `can`
 * answered from the user's permission codes and the names the registered plugins declare.
 */
export function createKernelServices(registry: Registry): KernelServices {
  const t: TFunction = i18n.t.bind(i18n) as TFunction;
  const held = (): ReadonlySet<string> | null => {
    if (!session.signedIn) return new Set<string>();
    return session.menuState === 'idle' || session.menuState === 'loading' ? null : session.permission;
  };
  const declaredName = (code: string): string | undefined => {
    registry.routes(); // observable: re-read when a tenant's plugins are registered or dropped
    for (const plugin of registry.plugins()) {
      const name = findDeclared(plugin.menus, code);
      if (name) return localText(name);
    }
    return undefined;
  };
  return {
    session,
    http,
    i18n,
    t,
    preferences,
    can(code) {
      void session.language; // observable: the reason follows a language switch
      return decideCan(code, { held, declaredName, t });
    },
  };
}
