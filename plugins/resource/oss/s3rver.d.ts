/** The parts of s3rver (a local S3-compatible server, a dev dependency without types) the tests use. */
declare module 's3rver' {
  import type { IncomingMessage } from 'node:http';

  export interface S3rverOptions {
    port?: number;
    address?: string;
    silent?: boolean;
    directory: string;
    allowMismatchedSignatures?: boolean;
    configureBuckets?: { name: string }[];
  }

  export interface KoaContext {
    method: string;
    originalUrl: string;
    headers: IncomingMessage['headers'];
    status: number;
    type: string;
    body: unknown;
  }

  export type KoaMiddleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void> | void;

  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Koa's middleware stack, composed when the server starts listening. */
    middleware: KoaMiddleware[];
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}

declare module 's3rver/lib/models/account.js' {
  const account: { DUMMY_ACCOUNT: { createKeyPair(accessKeyId: string, secretAccessKey: string): void } };
  export default account;
}
