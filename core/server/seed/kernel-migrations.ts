import type { Migration } from '../db/migrate';
import type { IdGenerator } from '../ids';
import { kernelMigrations } from '../schema/kernel';
import { seedDemoTenant, seedKernel } from './kernel-seed';

/**
 * Issue 3: which plugins a tenant has (`blade_tenant.plugins`, null = every installed plugin) and group
 * menus (`blade_menu.is_group`, hidden while empty).
 */
export const pluginColumns: Migration = {
  id: '003_plugins',
  sql: `alter table blade_tenant add column plugins text;
alter table blade_menu add column is_group int not null default 0;`,
};

/** Buttons only the super administrator may hold (`ButtonDecl.administratorOnly`). */
export const administratorOnlyColumn: Migration = {
  id: '005_administrator_only',
  sql: 'alter table blade_menu add column administrator_only int not null default 0;',
};

/** The kernel's migrations in order, first-start data included (each runs once per database). */
export function kernelMigrationSet(ids: IdGenerator): Migration[] {
  return [
    ...kernelMigrations,
    { id: '002_seed', run: (tx) => seedKernel(tx, ids) },
    pluginColumns,
    { id: '004_demo_tenant', run: (tx) => seedDemoTenant(tx, ids) },
    administratorOnlyColumn,
  ];
}

/** What the test snapshot depends on besides the plugins (a change here invalidates it). */
export const kernelMigrationSource = () =>
  JSON.stringify({ schema: [...kernelMigrations, pluginColumns, administratorOnlyColumn], seeds: [seedKernel.toString(), seedDemoTenant.toString()] });
