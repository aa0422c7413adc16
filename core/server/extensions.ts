import type { LocalText, TopMenuDecl } from '../schema/manifest';
import type { Tx } from './db/types';
import type { DatasourceCatalog } from './datasource-catalog';
import type { IdGenerator } from './ids';
import type { FileStores } from './oss/file-store';
import type { ParameterSource } from './parameters';
import type { TopMenuRow } from './menu/vo';
import type { WorkflowService } from './workflow';

/**
 * What the kernel asks of plugins instead of reading their tables: a plugin declares what it provides
 * (`ServerPlugin.provides`) and what it does when a tenant is created (`onTenantCreated`). Each kind is
 * provided by at most one installed plugin; when none provides it, the kernel does without (a user shows
 * no department names, a data scope "department and below" covers the user's own departments only).
 */

/** The display names of rows of a tenant by id, in the order of `ids` (unknown ids left out). */
export type NameLookup = (tx: Tx, tenantId: string, ids: readonly string[]) => Promise<string[]>;

/**
 * The reverse: the ids of a tenant's live rows each name designates (by their name, or a code where they
 * have one), by name; a name that designates nothing is left out, an ambiguous one has several ids.
 */
export type IdsByName = (tx: Tx, tenantId: string, names: readonly string[]) => Promise<Map<string, string[]>>;

/**
 * The live entries of a system dictionary by key, in their order, each in both languages (the English
 * value, or the Chinese one where an entry has none). System dictionaries are shared by every tenant,
 * so no tenant is asked for. An unknown code gives an empty map.
 */
export type DictionaryLabels = (tx: Tx, code: string) => Promise<Map<string, LocalText>>;

/** An OAuth client as the token endpoint needs it. */
export interface OAuthClient {
  clientId: string;
  secret: string;
  grantTypes: string[];
  /** Token lifetimes, seconds. */
  accessValidity: number;
  refreshValidity: number;
}

/** A top menu a plugin declares, with the ids of the menus it shows (those it lists and their descendants). */
export interface DeclaredTopMenu {
  plugin: string;
  top: TopMenuDecl;
  shows: readonly string[];
}

/** Where top menus are kept: the top bar lists a tenant's, and a user's menu can be narrowed to one. */
export interface TopMenuStore {
  /** At every start: the declared top menus of every tenant in step with the manifests. */
  sync(tx: Tx, ids: IdGenerator, declared: readonly DeclaredTopMenu[], tenantIds: readonly string[]): Promise<void>;
  /** The menu ids a top menu of the tenant shows (none for an unknown or another tenant's). */
  menuIds(tx: Tx, tenantId: string, topMenuId: string): Promise<Set<string>>;
  /** The tenant's enabled top menus, in order, each with the menu ids it shows. */
  forTenant(tx: Tx, tenantId: string): Promise<(TopMenuRow & { menu_ids: string[] })[]>;
}

export interface Provides {
  /** Top menus. Without it there are none: the top bar shows none, and the menu is never narrowed. */
  topMenus?: TopMenuStore;
  /** The OAuth clients the token endpoint accepts (enabled ones only). Without it: the kernel's default client. */
  clients?: { find(tx: Tx, clientId: string): Promise<OAuthClient | undefined> };
  /** Names of what a user is attached to by id: `dept` (departments), `post` (posts). */
  names?: Readonly<Record<string, NameLookup>>;
  /** Ids by name of the same kinds (an import that names departments and posts). */
  idsByName?: Readonly<Record<string, IdsByName>>;
  /** The ids of the organisation units at or below `ids` (a data scope of a department and its children). */
  orgUnitsWithin?: (tx: Tx, tenantId: string, ids: readonly string[]) => Promise<string[]>;
  /** The system parameters the server obeys (lock-out count, password rule…). Without it: their defaults. */
  parameters?: ParameterSource;
  /** The entries of a system dictionary. Without it: none, and a reader falls back on its own labels. */
  dictionaryLabels?: DictionaryLabels;
  /** Where uploads go: the tenants' enabled stores. Without it: the database. */
  fileStores?: FileStores;
  /** The datasources' tables, for the developer tools. Without it: none can be read. */
  datasources?: DatasourceCatalog;
  /** The workflow engine: deploy, start and follow processes for business rows. Without it: no workflow. */
  workflow?: WorkflowService;
}

/** A tenant just created by the kernel, with its administrator. */
export interface CreatedTenant {
  tenantId: string;
  tenantName: string;
  adminUserId: string;
  adminRoleId: string;
}

/** The kinds at most one plugin provides, with how a refusal names them. */
const SINGLE_KINDS = {
  clients: 'OAuth clients',
  orgUnitsWithin: 'The organisation units',
  topMenus: 'Top menus',
  parameters: 'System parameters',
  dictionaryLabels: 'Dictionary labels',
  fileStores: 'File stores',
  datasources: 'Datasource catalogues',
  workflow: 'Workflow engines',
} as const satisfies Partial<Record<keyof Provides, string>>;
type SingleKind = keyof typeof SINGLE_KINDS;

export type Extensions = Pick<Provides, SingleKind> & {
  /** Per choice source a plugin offers (`role.tree`), the codes of the plugins that read it (`user`). */
  readers: Readonly<Record<string, readonly string[]>>;
  names: Readonly<Record<string, NameLookup>>;
  idsByName: Readonly<Record<string, IdsByName>>;
  /** Run in the creating transaction, in plugin order, after the kernel made the tenant, role and user. */
  tenantCreated: readonly ((tx: Tx, tenant: CreatedTenant) => Promise<void>)[];
};

export const NO_EXTENSIONS: Extensions = { readers: {}, names: {}, idsByName: {}, tenantCreated: [] };

/** What the installed plugins provide, refusing a kind two plugins both provide (naming them). */
export function collectExtensions(
  plugins: readonly { id: string; provides?: Provides; reads?: Readonly<Record<string, readonly string[]>>; onTenantCreated?: (tx: Tx, tenant: CreatedTenant) => Promise<void> }[],
): Extensions {
  const readers: Record<string, string[]> = {};
  for (const plugin of plugins) for (const [source, codes] of Object.entries(plugin.reads ?? {})) (readers[source] ??= []).push(...codes);
  const names: Record<string, NameLookup> = {};
  const nameOwner = new Map<string, string>();
  const idsByName: Record<string, IdsByName> = {};
  const idsOwner = new Map<string, string>();
  const singles: Pick<Provides, SingleKind> = {};
  const singleOwner = new Map<SingleKind, string>();
  for (const plugin of plugins) {
    for (const [kind, lookup] of Object.entries(plugin.provides?.names ?? {})) {
      const other = nameOwner.get(kind);
      if (other) throw new Error(`Names of "${kind}" are provided by both "${other}" and "${plugin.id}".`);
      nameOwner.set(kind, plugin.id);
      names[kind] = lookup;
    }
    for (const [kind, lookup] of Object.entries(plugin.provides?.idsByName ?? {})) {
      const other = idsOwner.get(kind);
      if (other) throw new Error(`Ids by name of "${kind}" are provided by both "${other}" and "${plugin.id}".`);
      idsOwner.set(kind, plugin.id);
      idsByName[kind] = lookup;
    }
    for (const kind of Object.keys(SINGLE_KINDS) as SingleKind[]) {
      const provided = plugin.provides?.[kind];
      if (!provided) continue;
      const other = singleOwner.get(kind);
      if (other) throw new Error(`${SINGLE_KINDS[kind]} are provided by both "${other}" and "${plugin.id}".`);
      singleOwner.set(kind, plugin.id);
      (singles as Record<SingleKind, unknown>)[kind] = provided;
    }
  }
  return { readers, names, idsByName, ...singles, tenantCreated: plugins.flatMap((p) => (p.onTenantCreated ? [p.onTenantCreated] : [])) };
}
