import type { LocalText, PluginManifest } from '../../schema/manifest';
import type { Db } from '../db/types';

/**
 * Which installed plugins a tenant has: `blade_tenant.plugins` is null
 * (every installed plugin) or a comma list of ids; what an enabled plugin requires is enabled with it.
 * Read per request through a short cache keyed by tenant, dropped when an administrator changes the
 * setting, so switching a plugin on or off needs no restart (another instance sees it within the TTL).
 */

/** The shell is the kernel's own menus: always there, never switched off. */
export const SHELL_PLUGIN = 'shell';

export interface TenantPlugins {
  /** Installed plugin ids in dependency order (the shell excluded). */
  readonly installed: readonly string[];
  /** Installed ∩ enabled for the tenant, plus what those require, in installed order. */
  enabled(tenantId: string): Promise<string[]>;
  /** `enabled` plus the shell: whose menus the tenant's users may see. */
  visible(tenantId: string): Promise<string[]>;
  isEnabled(tenantId: string, pluginId: string): Promise<boolean>;
  /** Forget cached settings (of these tenants, or all). */
  invalidate(tenantIds?: readonly string[]): void;
  /**
   * A selection as an administrator sends it, normalised (dependency order, required ones must be in it),
   * or the refusal message.
   */
  checkSelection(ids: readonly string[]): { ok: true; ids: string[] } | { ok: false; message: LocalText };
  /** The installed plugins with their names and what they require (the shell excluded). */
  describe(): { id: string; name: { zh: string; en: string }; requires: string[] }[];
}

const TTL_MS = 5_000;

export function createTenantPlugins(db: Db, manifests: readonly PluginManifest[], options: { ttlMs?: number } = {}): TenantPlugins {
  const installed = manifests.map((m) => m.id).filter((id) => id !== SHELL_PLUGIN);
  const requires = new Map(manifests.map((m) => [m.id, m.requires ?? []]));
  const ttl = options.ttlMs ?? TTL_MS;
  const cache = new Map<string, { ids: string[]; until: number }>();

  const closure = (ids: Iterable<string>): string[] => {
    const wanted = new Set<string>();
    const add = (id: string) => {
      if (wanted.has(id) || !requires.has(id)) return;
      wanted.add(id);
      for (const r of requires.get(id) ?? []) add(r);
    };
    for (const id of ids) add(id);
    return installed.filter((id) => wanted.has(id));
  };

  const read = async (tenantId: string): Promise<string[]> => {
    const row = await db.tenant(tenantId, (tx) =>
      tx.one<{ plugins: string | null }>('select plugins from blade_tenant where tenant_id = $1 and is_deleted = 0', [tenantId]),
    );
    if (!row || row.plugins === null) return [...installed];
    return closure(row.plugins.split(',').map((s) => s.trim()).filter(Boolean));
  };

  const service: TenantPlugins = {
    installed,
    async enabled(tenantId) {
      const hit = cache.get(tenantId);
      if (hit && hit.until > Date.now()) return hit.ids;
      const ids = await read(tenantId);
      cache.set(tenantId, { ids, until: Date.now() + ttl });
      return ids;
    },
    async visible(tenantId) {
      return [SHELL_PLUGIN, ...(await service.enabled(tenantId))];
    },
    async isEnabled(tenantId, pluginId) {
      return pluginId === SHELL_PLUGIN || (await service.enabled(tenantId)).includes(pluginId);
    },
    invalidate(tenantIds) {
      if (!tenantIds) cache.clear();
      else for (const id of tenantIds) cache.delete(id);
    },
    checkSelection(ids) {
      for (const id of ids) if (!installed.includes(id)) return { ok: false, message: { zh: `未安装的插件: ${id}`, en: `Plugin not installed: ${id}` } };
      const chosen = new Set(ids);
      for (const id of ids) {
        for (const needed of requires.get(id) ?? []) {
          if (!chosen.has(needed)) return { ok: false, message: { zh: `插件 ${id} 需要同时开通 ${needed}`, en: `Plugin ${id} also needs ${needed}` } };
        }
      }
      return { ok: true, ids: installed.filter((id) => chosen.has(id)) };
    },
    describe() {
      return manifests.filter((m) => m.id !== SHELL_PLUGIN).map((m) => ({ id: m.id, name: m.name, requires: [...(m.requires ?? [])] }));
    },
  };
  return service;
}
