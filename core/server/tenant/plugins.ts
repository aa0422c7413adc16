import type { LocalText, PluginManifest } from '../../schema/manifest';
import type { Db, Tx } from '../db/types';
import type { Signals } from '../signals/bus';
import { signalCache } from '../signals/cache';

/**
 * Which installed plugins a tenant has: `blade_tenant.plugins` is null
 * (every installed plugin) or a comma list of ids; what an enabled plugin requires is enabled with it.
 * Read per request through a cache keyed by tenant, dropped on every instance when the transaction that
 * changes the setting commits, so switching a plugin on or off needs no restart and is seen everywhere at
 * once.
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
  /** Inside the transaction changing the setting (of these tenants, or all): dropped everywhere after the commit. */
  invalidate(tx: Tx, tenantIds?: readonly string[]): Promise<void>;
  /**
   * A selection as an administrator sends it, normalised (dependency order, required ones must be in it),
   * or the refusal message.
   */
  checkSelection(ids: readonly string[]): { ok: true; ids: string[] } | { ok: false; message: LocalText };
  /** The installed plugins with their names and what they require (the shell excluded). */
  describe(): { id: string; name: { zh: string; en: string }; requires: string[] }[];
}

export const TENANT_PLUGINS_CHANGED = 'blade_tenant_plugins';
/** Only a safety net: a change reaches every instance's cache through the signal bus at once. */
const TTL_MS = 60_000;

export function createTenantPlugins(db: Db, signals: Signals, manifests: readonly PluginManifest[], options: { ttlMs?: number } = {}): TenantPlugins {
  const installed = manifests.map((m) => m.id).filter((id) => id !== SHELL_PLUGIN);
  const requires = new Map(manifests.map((m) => [m.id, m.requires ?? []]));
  const cache = signalCache<string[]>(signals, TENANT_PLUGINS_CHANGED, { ttlMs: options.ttlMs ?? TTL_MS });

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
    enabled: (tenantId) => cache.get(tenantId, () => read(tenantId)),
    async visible(tenantId) {
      return [SHELL_PLUGIN, ...(await service.enabled(tenantId))];
    },
    async isEnabled(tenantId, pluginId) {
      return pluginId === SHELL_PLUGIN || (await service.enabled(tenantId)).includes(pluginId);
    },
    invalidate: (tx, tenantIds) => cache.invalidate(tx, tenantIds),
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
