import { bizError, hostAllowed, type CrudHooks, type DbRow, type EntityValues, type ServerContext } from '../../../core/sdk/server';
import { ENABLED } from '../enabling/enabled';
import { LOCAL_DISK, S3_COMPATIBLE, SECRET_MASK } from './entity';
import { OSS_MSG } from './messages';
import { allowedOssHosts } from './stores/s3';
import { OSS_COLUMNS, SECRET_PURPOSE, probeStore, type OssRow } from './stores';

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * An endpoint as stored: an http(s) origin (and path) without credentials, query or fragment, whose host
 * is not internal unless the server lists it. (A name resolving to an internal address is refused when
 * the store connects.)
 */
export function endpointOf(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw bizError(OSS_MSG.endpointFormat);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password || url.search || url.hash) throw bizError(OSS_MSG.endpointFormat);
  if (!hostAllowed(url.hostname, allowedOssHosts())) throw bizError(OSS_MSG.endpointInternal);
  return url.origin + url.pathname.replace(/\/+$/, '');
}

/** A secret key sent back as it was answered (masked), or left empty: the stored one stays. */
const keepsStoredSecret = (value: unknown) => value === undefined || value === null || value === '' || (typeof value === 'string' && value.startsWith(SECRET_MASK));

const text = (value: unknown) => (typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value));

/**
 * The configuration as it will be once the save is written: the stored row with what the body changes
 * (the new secret sealed as it will be stored).
 */
function savedRow(ctx: Pick<ServerContext, 'secrets'>, stored: OssRow, body: Readonly<Record<string, unknown>>): OssRow {
  const has = (name: string) => Object.hasOwn(body, name);
  return {
    ...stored,
    category: has('category') ? Number(body.category) : stored.category,
    endpoint: !has('endpoint') ? stored.endpoint : text(body.endpoint).trim() ? endpointOf(text(body.endpoint)) : null,
    access_key: has('accessKey') ? text(body.accessKey) : stored.access_key,
    secret_key: keepsStoredSecret(body.secretKey) ? stored.secret_key : ctx.secrets.seal(SECRET_PURPOSE, text(body.secretKey)),
    bucket_name: has('bucketName') ? text(body.bucketName) : stored.bucket_name,
    region: has('region') ? text(body.region) : stored.region,
    path_style: has('pathStyle') ? Number(body.pathStyle) : stored.path_style,
  };
}

/**
 * The object-storage configuration's rules on the engine's endpoints: an S3-compatible one needs its
 * endpoint (checked against internal hosts), bucket and keys; the secret key is sealed before it is
 * written and answered masked (a masked value sent back keeps it); editing the enabled S3 store tries the
 * new settings first, so an edit cannot break every upload; a configuration still holding files is not
 * removed (their links would stop working).
 */
export function ossHooks(ctx: ServerContext): CrudHooks {
  return {
    async prepare({ mode, id, body, read, user }) {
      if (mode !== 'edit' || !id) return;
      const stored = await read((tx) => tx.one<OssRow>(`select ${OSS_COLUMNS} from blade_oss where tenant_id = $1 and id = $2 and is_deleted = 0`, [user.tenantId, id]));
      if (!stored || Number(stored.status) !== ENABLED) return;
      const next = savedRow(ctx, stored, body);
      if (Number(next.category) !== S3_COMPATIBLE || !next.endpoint || !next.bucket_name) return; // the rules below answer
      const refused = await probeStore(next, ctx);
      if (refused) throw bizError(OSS_MSG.testFailed(refused));
    },
    beforeChange({ mode, values, existing }) {
      const stored = (existing ?? {}) as DbRow;
      if (keepsStoredSecret(values.secretKey)) delete values.secretKey;
      else values.secretKey = ctx.secrets.seal(SECRET_PURPOSE, String(values.secretKey));
      const value = (field: keyof EntityValues & string, column: string) => (field in values ? values[field] : stored[column]);
      const category = Number(value('category', 'category') ?? LOCAL_DISK);
      if (category !== S3_COMPATIBLE) return;
      const endpoint = text(value('endpoint', 'endpoint')).trim();
      if (!endpoint) throw bizError(OSS_MSG.endpointRequired);
      values.endpoint = endpointOf(endpoint);
      const bucket = text(value('bucketName', 'bucket_name')).trim();
      if (!bucket) throw bizError(OSS_MSG.bucketRequired);
      if (!BUCKET.test(bucket)) throw bizError(OSS_MSG.bucketFormat);
      if (!text(value('accessKey', 'access_key')).trim()) throw bizError(OSS_MSG.accessKeyRequired);
      if (!values.secretKey && !(mode === 'edit' && stored.secret_key)) throw bizError(OSS_MSG.secretKeyRequired);
    },
    afterRead({ rows }) {
      for (const row of rows) row.secretKey = row.secretKey ? SECRET_MASK : '';
    },
    async beforeDelete({ tx, user, ids }) {
      const held = await tx.one<{ count: string }>(
        `select count(*)::text as count from blade_attach where tenant_id = $1 and oss_id = any($2::bigint[]) and is_deleted = 0`,
        [user.tenantId, ids],
      );
      const count = Number(held?.count ?? 0);
      if (count > 0) throw bizError(OSS_MSG.stillHoldsFiles(count));
    },
  };
}
