import type { Hono } from 'hono';
import type { LocalText, PluginManifest } from '../schema/manifest';
import { pluginManifest, type ResourcePlugin } from '../schema/resource';
import { mountCrud, type MountCrudOptions } from './crud/mount';
import type { EntityDef } from '../schema/entity';
import type { AppEnv, ServerContext } from './context';
import type { Migration } from './db/migrate';
import type { Tx } from './db/types';
import type { CreatedTenant, Provides } from './extensions';
import type { Job } from './jobs';
import { describeEngineRoutes } from './openapi/engine';
import type { DeclaredRateRules } from './ratelimit/rules';

export type { Migration } from './db/migrate';

/**
 * A plugin's server side: its manifest (the same plain data as its browser side: menus, buttons and top
 * menus are seeded from it), its tables, its API routes and its demo data.
 *
 * - `migrations` run once each, in order, recorded as `<manifest.id>/<migration.id>`. A table with a
 *   `tenant_id` column gets row-level security automatically.
 * - `routes` mounts handlers under `/api` (paths like `/blade-desk/notice/list`; `mountCrud` from
 *   `core/server/crud` mounts an entity's). Every route needs a signed-in user unless listed in
 *   `publicPaths`, and answers 403 `当前租户未开通此功能` for a tenant that has the plugin switched off.
 *   A path another plugin (or the kernel) serves is refused at start. Do tenant work inside
 *   `ctx.db.tenant(user.tenantId, …)` and still filter by tenant_id: row-level security is the second
 *   lock, not the first.
 * - `seed` runs once, after the migrations, as the database owner (all tenants). Keep its data inside
 *   the function: the test server's database snapshot is keyed on the migrations' and the seed's source.
 */
/**
 * Upload routes (paths below /api) whose bodies may be larger than the API's usual cap: each with its own
 * cap, applied while the body streams in, and the message of a refusal.
 */
export type BodyLimits = Readonly<Record<string, { maxSize: number; message: LocalText }>>;

export interface ServerPlugin {
  manifest: PluginManifest;
  /** The entity definitions it serves (the same objects as the browser side's), for tools and tests. */
  entities?: readonly EntityDef[];
  migrations?: readonly Migration[];
  routes?: (api: Hono<AppEnv>, ctx: ServerContext) => void;
  seed?: (tx: Tx, ctx: ServerContext) => Promise<void>;
  /** Paths below /api answered without a token; `/prefix/*` for a prefix. */
  publicPaths?: readonly string[];
  /** Rate limits its routes count callers with, by name (see core/server/ratelimit/rules.ts). */
  rateRules?: DeclaredRateRules;
  /** Its upload routes' own body caps, above the API's usual one. */
  bodyLimits?: BodyLimits;
  /** What it provides the kernel (see core/server/extensions.ts). */
  provides?: Provides;
  /** Its part of a new tenant (a first department, a post…), in the creating transaction. */
  onTenantCreated?: (tx: Tx, tenant: CreatedTenant, ctx: ServerContext) => Promise<void>;
  /** Work the server does on a period while it runs (see core/server/jobs.ts). */
  jobs?: readonly Job[];
  /**
   * Runs at every start (after the migrations and seeds, as the database owner) with every installed
   * plugin's manifest: for data a plugin keeps on behalf of the others' declarations (the dictionaries
   * they declare), which a plugin installed later must get too, so a one-time seed cannot do it.
   */
  sync?: (tx: Tx, ctx: ServerContext, manifests: readonly PluginManifest[]) => Promise<void>;
  /** The accounts its seed signs people in with, told when the reference server starts (`hr/hr (人事)…`). */
  demoAccounts?: string;
}

/** What a plugin's server part adds to its declaration (the plugin's `index.ts`, shared with the browser). */
export interface ServerParts {
  migrations?: readonly Migration[];
  seed?: (tx: Tx, ctx: ServerContext) => Promise<void>;
  /** Endpoints written by hand, besides those the engine mounts for the resources. */
  routes?: (api: Hono<AppEnv>, ctx: ServerContext) => void;
  /**
   * The engine's options per resource (by entity name): hooks, access rules, a scope of its own; or a
   * function giving them from the server's context (a scope that depends on the installed plugins).
   */
  resources?: Readonly<Record<string, MountCrudOptions | ((ctx: ServerContext) => MountCrudOptions)>>;
  publicPaths?: readonly string[];
  rateRules?: DeclaredRateRules;
  bodyLimits?: BodyLimits;
  provides?: Provides;
  onTenantCreated?: ServerPlugin['onTenantCreated'];
  jobs?: readonly Job[];
  sync?: ServerPlugin['sync'];
  demoAccounts?: string;
}

/**
 * A plugin's server part: `defineServerPlugin(plugin, { seed, … })` from the plugin's declaration, its
 * resources' endpoints mounted by the engine and their tables kept by it; or, for a plugin without
 * resources, `defineServerPlugin({ manifest, routes, … })` as written by hand.
 */
export function defineServerPlugin(plugin: ResourcePlugin & { entities?: readonly EntityDef[] }, parts: ServerParts): ServerPlugin;
export function defineServerPlugin<P extends ServerPlugin>(plugin: P): P;
export function defineServerPlugin(plugin: ServerPlugin | (ResourcePlugin & { entities?: readonly EntityDef[] }), parts?: ServerParts): ServerPlugin {
  if (!parts) return plugin as ServerPlugin;
  const declared = plugin as ResourcePlugin & { entities?: readonly EntityDef[] };
  const resources = declared.resources ?? [];
  for (const name of Object.keys(parts.resources ?? {})) {
    if (!resources.some((r) => r.entity.name === name)) throw new Error(`Plugin "${declared.id}": engine options for "${name}", which is none of its resources.`);
  }
  return {
    manifest: pluginManifest(declared),
    entities: [...resources.map((r) => r.entity), ...(declared.entities ?? [])],
    migrations: parts.migrations,
    seed: parts.seed,
    publicPaths: parts.publicPaths,
    rateRules: parts.rateRules,
    bodyLimits: parts.bodyLimits,
    provides: parts.provides,
    onTenantCreated: parts.onTenantCreated,
    jobs: parts.jobs,
    sync: parts.sync,
    demoAccounts: parts.demoAccounts,
    routes(api, ctx) {
      for (const resource of resources) {
        if (resource.endpoints === false) continue;
        const given = parts.resources?.[resource.entity.name];
        const options = typeof given === 'function' ? given(ctx) : given;
        const first = api.routes.length;
        mountCrud(api, ctx, resource.entity, options);
        describeEngineRoutes(api.routes.slice(first), resource.entity, options);
      }
      parts.routes?.(api, ctx);
    },
  };
}

/**
 * The server parts of a plugin's areas as one (a plugin of several screens keeps each area's endpoints,
 * hooks, migrations and demo data beside the area): resources and provided names merged (a name given
 * twice is an error), routes mounted and seeds run in the order given, migrations concatenated.
 */
export function composeServerParts(...areas: readonly ServerParts[]): ServerParts {
  const resources: Record<string, NonNullable<ServerParts['resources']>[string]> = {};
  const names: Record<string, NonNullable<Provides['names']>[string]> = {};
  const rateRules: Record<string, DeclaredRateRules[string]> = {};
  let provides: Provides = {};
  for (const area of areas) {
    for (const [name, rule] of Object.entries(area.rateRules ?? {})) {
      if (name in rateRules) throw new Error(`Rate limit rule "${name}" is declared by two areas.`);
      rateRules[name] = rule;
    }
    for (const [name, options] of Object.entries(area.resources ?? {})) {
      if (name in resources) throw new Error(`Engine options for "${name}" are given by two areas.`);
      resources[name] = options;
    }
    for (const [kind, lookup] of Object.entries(area.provides?.names ?? {})) {
      if (kind in names) throw new Error(`Names of "${kind}" are provided by two areas.`);
      names[kind] = lookup;
    }
    const { names: _names, ...rest } = area.provides ?? {};
    provides = { ...provides, ...rest };
  }
  const seeds = areas.flatMap((a) => (a.seed ? [a.seed] : []));
  const routes = areas.flatMap((a) => (a.routes ? [a.routes] : []));
  const tenantSteps = areas.flatMap((a) => (a.onTenantCreated ? [a.onTenantCreated] : []));
  const syncs = areas.flatMap((a) => (a.sync ? [a.sync] : []));
  return {
    resources,
    migrations: areas.flatMap((a) => a.migrations ?? []),
    publicPaths: areas.flatMap((a) => a.publicPaths ?? []),
    rateRules,
    bodyLimits: Object.assign({}, ...areas.map((a) => a.bodyLimits ?? {})) as BodyLimits,
    jobs: areas.flatMap((a) => a.jobs ?? []),
    provides: Object.keys(names).length ? { ...provides, names } : provides,
    routes: routes.length ? (api, ctx) => routes.forEach((mount) => mount(api, ctx)) : undefined,
    seed: seeds.length
      ? async (tx, ctx) => {
          for (const seed of seeds) await seed(tx, ctx);
        }
      : undefined,
    onTenantCreated: tenantSteps.length
      ? async (tx, tenant, ctx) => {
          for (const step of tenantSteps) await step(tx, tenant, ctx);
        }
      : undefined,
    sync: syncs.length
      ? async (tx, ctx, manifests) => {
          for (const sync of syncs) await sync(tx, ctx, manifests);
        }
      : undefined,
  };
}
