import { serve } from '@hono/node-server';
import { resolve } from 'node:path';
import type { Logger } from './context';
import type { ServerPlugin } from './plugin';
import { openServer } from './start';

export interface StartOptions {
  port?: number;
  host?: string;
  /** PGlite's folder and the token secret's; default ./data. */
  dataDir?: string;
  /** In-memory PGlite (bench, quick trials): nothing persists. */
  memory?: boolean;
  /** Real PostgreSQL instead of PGlite. */
  databaseUrl?: string;
  /** The built browser app; default ./dist; null for the API alone. */
  distDir?: string | null;
  plugins?: readonly ServerPlugin[];
  log?: Logger;
  /**
   * How long a client may take to send a whole request, headers and body (default 30 s, REQUEST_TIMEOUT_MS).
   * A slow or stalled body is answered 408 and its connection closed then, instead of holding a socket
   * and a handler for Node's default five minutes.
   */
  requestTimeoutMs?: number;
}

/** Whole request: 30 s is ample for the largest body the API takes (an Excel import) on a slow line. */
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/** A positive whole number of milliseconds from the environment, else undefined. */
function envMs(value: string | undefined): number | undefined {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * Node's time-outs for the listening server. Node checks them only every `connectionsCheckingInterval`
 * (30 s by default), which would let a stalled body live twice as long as asked: the check runs often
 * enough for the time-out to hold within a tenth of itself.
 */
export function serverTimeouts(requestTimeoutMs: number) {
  return {
    requestTimeout: requestTimeoutMs,
    // Headers come first and are small: a third of the whole, at most 10 s.
    headersTimeout: Math.min(requestTimeoutMs, Math.max(1000, Math.min(10_000, Math.round(requestTimeoutMs / 3)))),
    connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.round(requestTimeoutMs / 10))),
  };
}

export interface StartedServer {
  url: string;
  close(): Promise<void>;
}

/** Opens the server (see openServer) and listens on HOST:PORT (port 0: any free port). */
export async function startServer(options: StartOptions = {}): Promise<StartedServer> {
  const host = options.host ?? '127.0.0.1';
  const opened = await openServer({
    databaseUrl: options.databaseUrl || undefined,
    dataDir: resolve(options.dataDir ?? 'data'),
    memory: options.memory,
    distDir: options.distDir === null ? null : resolve(options.distDir ?? 'dist'),
    plugins: options.plugins,
    log: options.log,
  });
  const server = await new Promise<ReturnType<typeof serve>>((done, fail) => {
    const requestTimeoutMs = options.requestTimeoutMs ?? envMs(process.env.REQUEST_TIMEOUT_MS) ?? DEFAULT_REQUEST_TIMEOUT_MS;
    const s = serve({ fetch: opened.app.fetch, port: options.port ?? 1888, hostname: host, serverOptions: serverTimeouts(requestTimeoutMs) }, () => done(s));
    s.once('error', fail);
  }).catch(async (error) => {
    await opened.close();
    throw error;
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    async close() {
      await new Promise<void>((done) => server.close(() => done()));
      await opened.close();
    },
  };
}
