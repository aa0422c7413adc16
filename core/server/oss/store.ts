import { randomBytes } from 'node:crypto';
import type { ServerContext } from '../context';
import type { Tx } from '../db/types';

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

/**
 * Keeps a file whose bytes were already checked (`sniffImage`, `sniffDocument`), for one tenant and uploader, under a
 * random name; the link works without a token (an <img src>). One place stores, so that the uploads of
 * every plugin are recorded alike and served by the one file route.
 */
export async function storeFile(
  tx: Tx,
  ctx: Pick<ServerContext, 'ids'>,
  owner: { tenantId: string; userId: string },
  bytes: Uint8Array,
  type: StoredType,
  originalName: string,
): Promise<StoredFile> {
  const name = `${randomBytes(16).toString('hex')}.${type.extension}`;
  const link = `/api${FILE_ROUTE}/${name}`;
  const original = (originalName || name).split(/[\\/]/).pop()!.slice(0, 200) || name;
  const attachId = ctx.ids.next();
  await tx.query(
    `insert into blade_attach (id, tenant_id, link, domain_url, name, original_name, extension, content_type, attach_size, bytes, create_user, update_user)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)`,
    [attachId, owner.tenantId, link, '', name, original, type.extension, type.contentType, bytes.length, bytes, owner.userId],
  );
  return { link, name, originalName: original, attachId, contentType: type.contentType, size: bytes.length };
}
