import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver, { type KoaContext } from 's3rver';
import account from 's3rver/lib/models/account.js';

/**
 * A real S3-compatible server for tests: s3rver, in-process on a free port of 127.0.0.1, with a key pair of
 * its own and one bucket. s3rver checks only that the access key exists (its SigV4 check is unimplemented),
 * so every request's AWS Signature Version 4 is verified here in front of it with the pair's secret: a
 * wrong secret is refused with S3's own `SignatureDoesNotMatch`, as a real store would.
 */
export interface S3TestServer {
  endpoint: string;
  host: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  /** An object's bytes as the server keeps them; null when it has none under `key`. */
  object(key: string): Promise<Uint8Array | null>;
  /** The keys of the bucket's objects. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The signature the request should carry (its method, path, query and signed headers) with `secret`. */
function expectedSignature(ctx: KoaContext, secret: string, credential: string[], signedHeaders: string[]): string {
  const url = new URL(ctx.originalUrl, 'http://s3.test');
  const query = [...url.searchParams.entries()].map(([k, v]) => [rfc3986(k), rfc3986(v)]).sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1));
  const header = (name: string) => {
    const value = ctx.headers[name];
    return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ');
  };
  const canonical = [
    ctx.method,
    url.pathname,
    query.map(([k, v]) => `${k}=${v}`).join('&'),
    ...signedHeaders.map((h) => `${h}:${header(h)}`),
    '',
    signedHeaders.join(';'),
    header('x-amz-content-sha256') || 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const [, date, region, service] = credential;
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', header('x-amz-date'), scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date!), region!), service!), 'aws4_request');
  return createHmac('sha256', key).update(toSign).digest('hex');
}

function refuse(ctx: KoaContext, code: string, message: string): void {
  ctx.status = 403;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
}

export async function startS3TestServer(options: { accessKey?: string; secretKey?: string; bucket?: string } = {}): Promise<S3TestServer> {
  const accessKey = options.accessKey ?? 'AKIDTESTSTORE';
  const secretKey = options.secretKey ?? 'test-secret-of-the-s3-store';
  const bucket = options.bucket ?? 'card-admin-files';
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'));
  account.DUMMY_ACCOUNT.createKeyPair(accessKey, secretKey);
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, allowMismatchedSignatures: false, configureBuckets: [{ name: bucket }] });
  server.middleware.unshift(async (ctx, next) => {
    const authorization = String(ctx.headers.authorization ?? '');
    const match = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(authorization);
    if (!match) return refuse(ctx, 'AccessDenied', 'Only AWS Signature Version 4 requests are accepted');
    const credential = match[1]!.split('/');
    if (credential[0] !== accessKey) return refuse(ctx, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
    const expected = Buffer.from(expectedSignature(ctx, secretKey, credential, match[2]!.split(';')));
    const given = Buffer.from(match[3]!);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      return refuse(ctx, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
    }
    await next();
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // Read back through the server's own API, as the bucket's owner would.
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: accessKey, secretAccessKey: secretKey }, maxAttempts: 1 });
  return {
    endpoint,
    host: '127.0.0.1',
    bucket,
    accessKey,
    secretKey,
    async object(key) {
      try {
        const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return got.Body ? await got.Body.transformToByteArray() : null;
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((o) => o.Key ?? '');
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
