import { randomBytes } from 'node:crypto';
import { hostAllowed, type FileStore, type FileStoreContext, type FileStores, type LocalText, type Tx } from '../../../../core/sdk/server';
import { ENABLED } from '../../enabling/enabled';
import { LOCAL_DISK, S3_COMPATIBLE } from '../entity';
import { storeReason } from '../messages';
import { fileFolder, localDiskStore } from './local-disk';
import { allowedOssHosts, failureCode, s3Store } from './s3';

/** The purpose a configuration's secret key is sealed under (`ctx.secrets`). */
export const SECRET_PURPOSE = 'oss-secret-key';

/** A configuration row as stored: what a store is built from (the secret sealed). */
export interface OssRow {
  id: string;
  category: number;
  endpoint: string | null;
  access_key: string | null;
  secret_key: string | null;
  bucket_name: string | null;
  region: string | null;
  path_style: number | null;
  status: number;
}

/** The columns of `OssRow` (`select ${OSS_COLUMNS} from blade_oss …`). */
export const OSS_COLUMNS = 'id::text as id, category, endpoint, access_key, secret_key, bucket_name, region, path_style, status';

/** The store a configuration describes; undefined for a kind this server does not know. */
export function storeOfRow(row: OssRow, ctx: FileStoreContext): (FileStore & { close?(): void }) | undefined {
  if (Number(row.category) === LOCAL_DISK) return localDiskStore(row.id, fileFolder(ctx));
  if (Number(row.category) === S3_COMPATIBLE) {
    return s3Store({
      id: row.id,
      endpoint: row.endpoint ?? '',
      region: row.region ?? '',
      bucket: row.bucket_name ?? '',
      accessKey: row.access_key ?? '',
      // A secret that no longer opens (the server's token secret changed) signs nothing that works: the store refuses.
      secretKey: (row.secret_key && ctx.secrets.open(SECRET_PURPOSE, row.secret_key)) || '',
      pathStyle: row.path_style !== 0,
    });
  }
  return undefined;
}

/**
 * Tries a store for real: puts a small object, reads it back, removes it. Null when all three worked,
 * else why not (the store's code turned into words; an S3 endpoint naming an internal host is refused
 * before any request).
 */
export async function probeStore(row: OssRow, ctx: FileStoreContext): Promise<LocalText | null> {
  if (Number(row.category) === S3_COMPATIBLE && row.endpoint) {
    const host = new URL(row.endpoint).hostname;
    if (!hostAllowed(host, allowedOssHosts())) return storeReason('EINTERNALADDRESS');
  }
  const store = storeOfRow(row, ctx);
  if (!store) return storeReason('UnknownKind');
  const key = `.probe/${randomBytes(8).toString('hex')}.txt`;
  const bytes = new TextEncoder().encode(`card-admin storage probe ${key}`);
  try {
    await store.put(key, bytes, 'text/plain');
    const back = await store.get(key);
    await store.remove(key);
    if (!back || Buffer.compare(Buffer.from(back), Buffer.from(bytes)) !== 0) return storeReason('MISMATCH');
    return null;
  } catch (error) {
    return storeReason(failureCode(error));
  } finally {
    store.close?.();
  }
}

/** The tenant's stores, as the kernel asks for them: the enabled configuration's, and any by id. */
export const ossFileStores: FileStores = {
  async enabled(tx: Tx, tenantId: string, ctx: FileStoreContext) {
    // The seeds of plugins installed before this one store their demo files before its table exists.
    const ready = await tx.one<{ ready: boolean }>(`select to_regclass('blade_oss') is not null as ready`);
    if (!ready?.ready) return undefined;
    const row = await tx.one<OssRow>(`select ${OSS_COLUMNS} from blade_oss where tenant_id = $1 and status = $2 and is_deleted = 0 limit 1`, [tenantId, ENABLED]);
    return row ? storeOfRow(row, ctx) : undefined;
  },
  async byId(tx: Tx, tenantId: string, id: string, ctx: FileStoreContext) {
    if (!/^\d{1,19}$/.test(id)) return undefined;
    // A removed configuration is refused while files are in it, so a file's store is never gone by a removal.
    const row = await tx.one<OssRow>(`select ${OSS_COLUMNS} from blade_oss where tenant_id = $1 and id = $2`, [tenantId, id]);
    return row ? storeOfRow(row, ctx) : undefined;
  },
};
