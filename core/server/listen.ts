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
    const s = serve({ fetch: opened.app.fetch, port: options.port ?? 1888, hostname: host }, () => done(s));
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
