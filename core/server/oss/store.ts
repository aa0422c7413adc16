import { randomBytes } from 'node:crypto';
import type { ServerContext } from '../context';
import type { Tx } from '../db/types';
import { ApiError } from '../http/errors';
import type { LocalText } from '../i18n';
import type { FileStore, FileStoreContext } from './file-store';

/** Where stored files are served: `<FILE_ROUTE>/<name>` under `/api`, public by their unguessable name. */
export const FILE_ROUTE = '/blade-resource/oss/endpoint/file';

/** What a stored file is (`sniffImage`, `sniffDocument`): the extension it is served under and its content type. */
export interface StoredType {
  extension: string;
  contentType: string;
}

export interface StoredFile {
  /** The link to put in a row (`/api/blade-resource/oss/endpoint/file/<name>`). */
  link: string;
  /** The stored name: random, never the uploader's. */
  name: string;
  originalName: string;
  attachId: string;
  contentType: string;
  size: number;
}

/** What storing needs of the server: ids, the clock (the object's key names the month) and the stores. */
export type StoringContext = Pick<ServerContext, 'ids' | 'now' | 'extensions'> & FileStoreContext;

/** What reading a stored file needs: the stores, and what they are built with. */
export type FileReadingContext = Pick<ServerContext, 'extensions'> & FileStoreContext;

export const MSG_STORE_FAILED: LocalText = {
  zh: '文件存储暂不可用，请稍后重试或联系管理员检查对象存储配置',
  en: 'The file store is unavailable: try again later, or ask an administrator to check the storage configuration',
};

/** A store's failure as the caller sees it: 503 and a plain message (the store's own words, which may name hosts, go to the log). */
function storeFailure(ctx: Pick<ServerContext, 'log'>, what: string, error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  ctx.log.error(`File store: ${what} failed`, error);
  return new ApiError(503, MSG_STORE_FAILED);
}

/** A new file's random name and, for a store, its key: `<tenant>/<yyyy>/<MM>/<name>` (a bucket browsed by tenant and month). */
function placement(ctx: Pick<ServerContext, 'now'>, tenantId: string, type: StoredType): { name: string; key: string } {
  const name = `${randomBytes(16).toString('hex')}.${type.extension}`;
  const now = ctx.now();
  const key = `${tenantId}/${now.getFullYear()}/${String(now.getMonth() + 1).padStart(2, '0')}/${name}`;
  return { name, key };
}

async function putInStore(ctx: StoringContext, store: FileStore, key: string, bytes: Uint8Array, type: StoredType): Promise<void> {
  try {
    await store.put(key, bytes, type.contentType);
  } catch (error) {
    throw storeFailure(ctx, `put ${key}`, error);
  }
}

/** The attachment row of a file just placed: its bytes in the row, or (with a store) where the store keeps them. */
async function recordFile(
  tx: Tx,
  ctx: Pick<ServerContext, 'ids'>,
  owner: { tenantId: string; userId: string },
  placed: { name: string; key: string },
  store: FileStore | undefined,
  bytes: Uint8Array,
  type: StoredType,
  originalName: string,
): Promise<StoredFile> {
  const { name } = placed;
  const link = `/api${FILE_ROUTE}/${name}`;
  const original = (originalName || name).split(/[\\/]/).pop()!.slice(0, 200) || name;
  const attachId = ctx.ids.next();
  const userId = /^\d{1,19}$/.test(owner.userId) ? owner.userId : null;
  await tx.query(
    `insert into blade_attach (id, tenant_id, link, domain_url, name, original_name, extension, content_type, attach_size, bytes, oss_id, object_key, create_user, update_user)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)`,
    [attachId, owner.tenantId, link, '', name, original, type.extension, type.contentType, bytes.length, store ? null : bytes, store?.id ?? null, store ? placed.key : null, userId],
  );
  return { link, name, originalName: original, attachId, contentType: type.contentType, size: bytes.length };
}

/**
 * Keeps a file whose bytes were already checked (`sniffImage`, `sniffDocument`), for one tenant and uploader, under a
 * random name, in the caller's transaction: in the tenant's enabled store (`Provides.fileStores`) when it has
 * one, else in the attachment row itself. The link works without a token (an <img src>). One place stores,
 * so that the uploads of every plugin are recorded alike and served by the one file route. A route that
 * stores an upload and nothing else uses `storeUpload`, which keeps no transaction open while the store
 * receives the bytes.
 */
export async function storeFile(
  tx: Tx,
  ctx: StoringContext,
  owner: { tenantId: string; userId: string },
  bytes: Uint8Array,
  type: StoredType,
  originalName: string,
): Promise<StoredFile> {
  const store = await ctx.extensions.fileStores?.enabled(tx, owner.tenantId, ctx);
  const placed = placement(ctx, owner.tenantId, type);
  if (store) await putInStore(ctx, store, placed.key, bytes, type);
  return recordFile(tx, ctx, owner, placed, store, bytes, type, originalName);
}

/**
 * `storeFile` for an upload route: the enabled store is looked up in one short transaction, the bytes go
 * to it outside any (a slow bucket holds no row lock, and on the embedded database no other request), and
 * the row is written in a second; if that fails the object is removed again.
 */
export async function storeUpload(
  ctx: StoringContext & Pick<ServerContext, 'db'>,
  owner: { tenantId: string; userId: string },
  bytes: Uint8Array,
  type: StoredType,
  originalName: string,
): Promise<StoredFile> {
  const stores = ctx.extensions.fileStores;
  const store = stores ? await ctx.db.tenant(owner.tenantId, (tx) => stores.enabled(tx, owner.tenantId, ctx)) : undefined;
  const placed = placement(ctx, owner.tenantId, type);
  if (store) await putInStore(ctx, store, placed.key, bytes, type);
  try {
    return await ctx.db.tenant(owner.tenantId, (tx) => recordFile(tx, ctx, owner, placed, store, bytes, type, originalName));
  } catch (error) {
    await store?.remove(placed.key).catch((removal: unknown) => ctx.log.error(`File store: removing ${placed.key} after a failed save failed`, removal));
    throw error;
  }
}

/** An attachment row as far as its bytes go: in the row, or in the store `oss_id` names under `object_key`. */
export interface FileLocation {
  bytes: Uint8Array | null;
  oss_id: string | null;
  object_key: string | null;
}

/** The columns a `FileLocation` is read from (`select ${FILE_LOCATION_COLUMNS} from blade_attach …`). */
export const FILE_LOCATION_COLUMNS = 'bytes, oss_id::text as oss_id, object_key';

/**
 * The store a file of the tenant was put in (whichever is enabled now), in a transaction of the tenant;
 * undefined for a file in its row, or when its store is gone.
 */
export async function storeOf(tx: Tx, ctx: FileReadingContext, tenantId: string, file: Pick<FileLocation, 'oss_id'>): Promise<FileStore | undefined> {
  if (!file.oss_id) return undefined;
  return ctx.extensions.fileStores?.byId(tx, tenantId, file.oss_id, ctx);
}

/** An object's bytes from its store: null when the store no longer has it, a 503 when the store fails to answer. */
export async function readObject(ctx: Pick<ServerContext, 'log'>, store: FileStore, key: string): Promise<Uint8Array | null> {
  try {
    return await store.get(key);
  } catch (error) {
    throw storeFailure(ctx, `get ${key}`, error);
  }
}

/**
 * A file's bytes, in a transaction of the tenant: from its row, or from its store. Null when the store or
 * the object is gone. (A route that only serves the file looks the store up in a transaction and reads
 * the object after it, as the file route does.)
 */
export async function fileBytes(tx: Tx, ctx: FileReadingContext, tenantId: string, file: FileLocation): Promise<Uint8Array | null> {
  if (file.bytes) return new Uint8Array(file.bytes);
  const store = await storeOf(tx, ctx, tenantId, file);
  return store && file.object_key ? readObject(ctx, store, file.object_key) : null;
}

/**
 * Removes attachments of a tenant (logically: the row stays, its link stops working) and their bytes:
 * those in a row are dropped with it, those in a store are removed from it after the commit (a removal
 * undone by a failed transaction must not lose the object). A store that fails to remove one is logged;
 * the attachment is gone either way. Returns how many rows were removed.
 */
export async function removeFiles(ctx: FileReadingContext & Pick<ServerContext, 'db'>, tenantId: string, ids: readonly string[]): Promise<number> {
  const { removed, objects } = await ctx.db.tenant(tenantId, async (tx) => {
    const rows = await tx.query<{ oss_id: string | null; object_key: string | null }>(
      `update blade_attach set is_deleted = 1, bytes = null where tenant_id = $1 and id = any($2::bigint[]) and is_deleted = 0 returning oss_id::text as oss_id, object_key`,
      [tenantId, ids],
    );
    const objects: { store: FileStore; key: string }[] = [];
    for (const row of rows) {
      const store = await storeOf(tx, ctx, tenantId, row);
      if (store && row.object_key) objects.push({ store, key: row.object_key });
    }
    return { removed: rows.length, objects };
  });
  for (const { store, key } of objects) {
    await store.remove(key).catch((error: unknown) => ctx.log.error(`File store: removing ${key} failed`, error));
  }
  return removed;
}
