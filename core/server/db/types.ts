/** A row as the drivers return it: int8 as string, timestamptz as Date, bytea as Uint8Array. */
export type Row = Record<string, unknown>;

/**
 * A result as the database wrote it, for a query whose columns are not known in advance (a report): each
 * column's name (names may repeat) and type oid, and the rows as arrays of PostgreSQL's text values.
 */
export interface TextTable {
  columns: { name: string; typeId: number }[];
  rows: (string | null)[][];
}

/** What a transaction offers to the data layer. Parameters are always bound ($1, $2…), never spliced. */
export interface Tx {
  query<T extends object = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** The first row, or undefined. */
  one<T extends object = Row>(sql: string, params?: readonly unknown[]): Promise<T | undefined>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** A query answered with its columns and text values (see TextTable); the drivers and request transactions have it. */
  table?(sql: string, params?: readonly unknown[]): Promise<TextTable>;
  /**
   * Request transactions only: runs `read` as the connecting role, outside row-level security, when
   * `tenantId` is the transaction's tenant (else under it, as any statement). For the engine's list reads,
   * which always bind the tenant themselves (see core/server/db/scoped.ts for why).
   */
  asOwner?<T>(tenantId: string, read: (tx: Tx) => Promise<T>): Promise<T>;
}

/** The part each driver implements: one transaction at a time per connection. */
export interface Driver {
  readonly kind: 'pglite' | 'pg';
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * The database as the rest of the server sees it. Every request's work runs in `tenant()`: a transaction
 * as the non-superuser role `blade_app`, with `app.tenant_id` set, so PostgreSQL row-level security
 * confines it to that tenant even if a query forgets its `tenant_id` filter. `system()` runs as the
 * connecting role (owner, RLS bypassed) and is kept for migrations, seeding and the few directory look-ups
 * that are cross-tenant by nature (tenant by domain, public file by its unguessable name).
 */
export interface Db {
  readonly kind: Driver['kind'];
  tenant<T>(tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** As `blade_app` with no tenant: global tables only (RLS hides every tenant's rows). For public routes. */
  global<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  system<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The role request transactions run as. Roles are cluster-wide in PostgreSQL, hence the prefix. */
export const APP_ROLE = 'blade_app';
