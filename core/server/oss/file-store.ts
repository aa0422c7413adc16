import type { ServerContext } from '../context';
import type { Tx } from '../db/types';

/**
 * Where a tenant's uploaded files are kept when not in the database: a folder on the server's disk, an
 * S3-compatible bucket. The plugin that keeps the tenants' storage configurations provides them
 * (`Provides.fileStores`); without one, or while a tenant has none enabled, files stay in the database.
 */
export interface FileStore {
  /** The storage configuration's id, recorded in each attachment row put there (`oss_id`). */
  readonly id: string;
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object's bytes; null when the store does not have it (any more). */
  get(key: string): Promise<Uint8Array | null>;
  remove(key: string): Promise<void>;
}

/** What a store is built with: the server's secrets (a store's credentials are sealed), its data folder, its log. */
export type FileStoreContext = Pick<ServerContext, 'secrets' | 'dataDir' | 'log'>;

export interface FileStores {
  /** The tenant's enabled store; undefined: its files are kept in the database. */
  enabled(tx: Tx, tenantId: string, ctx: FileStoreContext): Promise<FileStore | undefined>;
  /**
   * The store a file was put in, by its configuration's id, whichever is enabled now (a file outlives a
   * switch of store); undefined when that configuration is gone.
   */
  byId(tx: Tx, tenantId: string, id: string, ctx: FileStoreContext): Promise<FileStore | undefined>;
}
