/**
 * What a plugin declares as plain data, shared by the browser and the server (no React, no Node imports).
 * The server seeds its menu and button tables from these declarations; the browser registry checks them.
 */
export interface LocalText {
  zh: string;
  en: string;
}

export interface ButtonDecl {
  /** Permission code, `<menuCode>_<action>` by convention (`param_add`). Unique across all plugins. */
  code: string;
  name: LocalText;
  /** add | edit | delete | view | … */
  alias: string;
  path?: string;
  icon?: string;
  sort?: number;
  /** 0 none, 1 toolbar, 2 row, 3 both (dict button_func). */
  action?: 0 | 1 | 2 | 3;
  /** Demo roles (aliases) granted this button by the seed; `administrator` always has everything. */
  roles?: string[];
  /**
   * Only the super administrator may hold it (writes to data every tenant shares, such as the system
   * dictionary): a tenant's own administrator is never shown it, whatever its role was granted.
   */
  administratorOnly?: boolean;
}

export interface MenuDecl {
  /** Menu code, unique across all plugins. */
  code: string;
  name: LocalText;
  /** Route path, an external URL, or a path containing `html` (shown in the iframe host). */
  path: string;
  /** Icon name (see core/shell/icons) or any class the server stores. */
  icon?: string;
  sort: number;
  /** 1 normal, 2 open in a new window (only for URL paths). */
  isOpen?: 1 | 2;
  children?: MenuDecl[];
  buttons?: ButtonDecl[];
  /** Demo roles (aliases) granted this menu by the seed; `administrator` always has everything. */
  roles?: string[];
  /**
   * Top-level declarations only: attach under the menu with this code, declared by the shell or by a
   * plugin this one requires (several plugins share the shell's `system` group this way).
   */
  parent?: string;
  /**
   * Top-level declarations only: also shown under the top menu with this code, declared by the shell or
   * by any installed plugin (sibling plugins of one business share a top menu without requiring each other).
   */
  topMenu?: string;
  /** A grouping menu with no screen of its own: left out of a user's menu when none of its children is. */
  group?: boolean;
  /**
   * Only the super administrator may see it (global data: tenants, clients, menus): a tenant's own
   * administrator is never shown it, whatever its role was granted. Its buttons inherit this.
   */
  administratorOnly?: boolean;
}

export interface TopMenuDecl {
  code: string;
  name: LocalText;
  icon?: string;
  sort: number;
  /** Menu codes shown under this top menu. */
  menus: string[];
}

/**
 * A system dictionary a plugin needs (its fields' choices): created with its entries where missing when
 * the dictionary plugin starts; the rows are then the administrators' to edit, never rewritten.
 */
export interface DictionaryDecl {
  /** The dictionary's code (`company_industry`), unique across plugins. */
  code: string;
  name: LocalText;
  /**
   * `remark` is stored with the entry (a flow category's form route, `leave`): data a reader of the
   * dictionary needs besides the label.
   */
  items: readonly { key: string; value: LocalText; remark?: string }[];
}

export interface PluginManifest {
  /** Unique plugin id: lower-case letters, digits and dashes. */
  id: string;
  name: LocalText;
  /** Ids of plugins this one needs. */
  requires?: string[];
  menus?: MenuDecl[];
  topMenus?: TopMenuDecl[];
  /** Choice sources it offers plugins that require it (`role.tree`: the roles, for a picker). */
  offers?: readonly string[];
  /**
   * Choice sources of required plugins it reads, each with its own codes whose holders may read it
   * (`{ 'role.tree': ['user'] }`: who may open the user screen may pick roles), so that the offering
   * plugin never names another plugin's codes.
   */
  reads?: Readonly<Record<string, readonly string[]>>;
  /** System dictionaries its fields read, created where missing by the dictionary plugin. */
  dictionaries?: readonly DictionaryDecl[];
}

/** Every menu and button code a manifest declares, depth first. */
export function declaredCodes(manifest: PluginManifest): string[] {
  const codes: string[] = [];
  const walk = (menus: MenuDecl[] | undefined) => {
    for (const menu of menus ?? []) {
      codes.push(menu.code);
      for (const button of menu.buttons ?? []) codes.push(button.code);
      walk(menu.children);
    }
  };
  walk(manifest.menus);
  return codes;
}
