import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { listedHosts, publicOnlyLookup, type FileStore } from '../../../../core/sdk/server';

/** What an S3-compatible store is reached with (the secret already opened). */
export interface S3Settings {
  id: string;
  endpoint: string;
  region: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  /** `https://host/bucket/key` (MinIO, most self-hosted stores) rather than `https://bucket.host/key`. */
  pathStyle: boolean;
}

/** Hosts besides public ones a tenant's endpoint may name (a MinIO on the local network, a test server). */
export const allowedOssHosts = (): string[] => listedHosts(process.env.OSS_ALLOWED_HOSTS);

/** How long a store may take: to connect, and to answer a request (an upload is at most 10 MB). */
const CONNECT_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;

/**
 * An S3 client for the settings through the maintained AWS SDK. Every connection resolves the host
 * through `publicOnlyLookup`: a name that resolves to an internal address is refused at connect time,
 * whatever it resolved to when the configuration was saved. No connection is kept alive: a store is
 * built for each upload or read (configurations change under it), and a socket held open would outlive
 * it. Checksums only where S3 requires them (the SDK's newer default is not understood by every
 * S3-compatible store).
 */
function s3Client(settings: S3Settings): S3Client {
  const lookup = publicOnlyLookup(allowedOssHosts());
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region || 'us-east-1',
    forcePathStyle: settings.pathStyle,
    credentials: { accessKeyId: settings.accessKey, secretAccessKey: settings.secretKey },
    maxAttempts: 2,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: CONNECT_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      throwOnRequestTimeout: true,
      httpAgent: new HttpAgent({ keepAlive: false, lookup }),
      httpsAgent: new HttpsAgent({ keepAlive: false, lookup }),
    },
  });
}

const errorName = (error: unknown) => (error as { name?: string; Code?: string }).Code ?? (error as { name?: string }).name ?? '';

/** A store in an S3-compatible bucket; objects keep their content type. */
export function s3Store(settings: S3Settings): FileStore & { close(): void } {
  const client = s3Client(settings);
  const Bucket = settings.bucket;
  return {
    id: settings.id,
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
    },
    async get(key) {
      try {
        const got = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return got.Body ? await got.Body.transformToByteArray() : null;
      } catch (error) {
        if (errorName(error) === 'NoSuchKey' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    close: () => client.destroy(),
  };
}

/** The store's code for a failure (S3's error code, or the network's), never its message: it may echo the request. */
export function failureCode(error: unknown): string {
  const name = errorName(error);
  const code = (error as { code?: string }).code ?? '';
  const cause = (error as { cause?: { code?: string } }).cause?.code ?? '';
  return code || cause || name || 'Error';
}
