import type { Tx } from './db/types';

/**
 * What the kernel asks of plugins instead of reading their tables: a plugin declares what it provides
 * (`ServerPlugin.provides`) and what it does when a tenant is created (`onTenantCreated`). Each kind is
 * provided by at most one installed plugin; when none provides it, the kernel does without (a user shows
 * no department names, a data scope "department and below" covers the user's own departments only).
 */

/** The display names of rows of a tenant by id, in the order of `ids` (unknown ids left out). */
export type NameLookup = (tx: Tx, tenantId: string, ids: readonly string[]) => Promise<string[]>;

export interface Provides {
  /** Names of what a user is attached to by id: `dept` (departments), `post` (posts). */
  names?: Readonly<Record<string, NameLookup>>;
  /** The ids of the organisation units at or below `ids` (a data scope of a department and its children). */
  orgUnitsWithin?: (tx: Tx, tenantId: string, ids: readonly string[]) => Promise<string[]>;
}

/** A tenant just created by the kernel, with its administrator. */
export interface CreatedTenant {
  tenantId: string;
  tenantName: string;
  adminUserId: string;
  adminRoleId: string;
}

export interface Extensions {
  names: Readonly<Record<string, NameLookup>>;
  orgUnitsWithin?: Provides['orgUnitsWithin'];
  /** Run in the creating transaction, in plugin order, after the kernel made the tenant, role and user. */
  tenantCreated: readonly ((tx: Tx, tenant: CreatedTenant) => Promise<void>)[];
}

export const NO_EXTENSIONS: Extensions = { names: {}, tenantCreated: [] };

/** What the installed plugins provide, refusing a kind two plugins both provide (naming them). */
export function collectExtensions(plugins: readonly { id: string; provides?: Provides; onTenantCreated?: (tx: Tx, tenant: CreatedTenant) => Promise<void> }[]): Extensions {
  const names: Record<string, NameLookup> = {};
  const nameOwner = new Map<string, string>();
  let orgUnitsWithin: Extensions['orgUnitsWithin'];
  let orgOwner = '';
  for (const plugin of plugins) {
    for (const [kind, lookup] of Object.entries(plugin.provides?.names ?? {})) {
      const other = nameOwner.get(kind);
      if (other) throw new Error(`Names of "${kind}" are provided by both "${other}" and "${plugin.id}".`);
      nameOwner.set(kind, plugin.id);
      names[kind] = lookup;
    }
    if (plugin.provides?.orgUnitsWithin) {
      if (orgUnitsWithin) throw new Error(`The organisation tree is provided by both "${orgOwner}" and "${plugin.id}".`);
      orgUnitsWithin = plugin.provides.orgUnitsWithin;
      orgOwner = plugin.id;
    }
  }
  return { names, orgUnitsWithin, tenantCreated: plugins.flatMap((p) => (p.onTenantCreated ? [p.onTenantCreated] : [])) };
}
