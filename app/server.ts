import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServer as startKernel, type StartOptions, type StartedServer } from '../core/server/listen';
import { StartRefusal } from '../core/server/start-refusal';
import { loadServerPlugins } from './server-plugins';

export type { StartOptions, StartedServer } from '../core/server/listen';

/**
 * The reference API server of this product: the kernel with the installed server plugins (app/plugins.ts,
 * loaded by app/server-plugins.ts), serving the built browser app from ./dist. `npm start` runs the CLI
 * below; tests and the bench call startServer().
 */
export async function startServer(options: StartOptions = {}): Promise<StartedServer> {
  return startKernel({ ...options, plugins: options.plugins ?? (await loadServerPlugins()) });
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR || 'data';
  const started = Date.now();
  const plugins = await loadServerPlugins();
  const server = await startServer({
    plugins,
    port: Number(process.env.PORT || 1888),
    host: process.env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl,
  });
  // Before saying it listens: a stop asked for the moment it says so must still close the database cleanly.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: closing…`);
    server.close().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  const where = databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${resolve(dataDir, 'pglite')}`;
  console.log(`Reference server listening on ${server.url} (ready in ${Date.now() - started} ms; data: ${where})`);
  console.log('Sign in with tenant 000000 and admin/admin (administrator) or demo/demo (user), or tenant 100001 and admin/admin.');
  for (const plugin of plugins) if (plugin.demoAccounts) console.log(`  ${plugin.manifest.id}: ${plugin.demoAccounts}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof StartRefusal ? error.message : error);
    process.exit(1);
  });
}
