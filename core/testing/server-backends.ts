import { scratchDatabase } from '../server/db/scratch';
import { createTestServer, schemaKey, type TestServer } from '../server/test-server';

/** What a test server is started with, besides the database. */
export type TestServerOptions = Omit<NonNullable<Parameters<typeof createTestServer>[0]>, 'databaseUrl'>;

export interface ServerBackend {
  name: 'PGlite' | 'PostgreSQL';
  /** A test server on this backend; on PostgreSQL in a scratch database of its own (a copy of its schema's template), dropped when the server closes. */
  start(options?: TestServerOptions): Promise<TestServer>;
}

/**
 * The databases a race test runs on: PGlite always, and PostgreSQL when TEST_DATABASE_URL names one. PGlite
 * runs one transaction at a time, so only PostgreSQL proves a lock: `describe.each(serverBackends())(
 * '… on $name', (backend) => { … ts = await backend.start({ plugins }) … await ts.close() })`.
 */
export function serverBackends(url = process.env.TEST_DATABASE_URL): ServerBackend[] {
  const pglite: ServerBackend = { name: 'PGlite', start: (options) => createTestServer(options) };
  if (!url) return [pglite];
  const postgres: ServerBackend = {
    name: 'PostgreSQL',
    async start(options) {
      // A copy of the migrated, seeded schema, made once per schema and day (as PGlite's snapshots).
      const scratch = await scratchDatabase(url, {
        template: {
          prefix: 'card_admin_tpl',
          key: schemaKey(options?.plugins ?? []),
          build: async (templateUrl) => (await createTestServer({ ...options, databaseUrl: templateUrl })).close(),
        },
      });
      const server = await createTestServer({ ...options, databaseUrl: scratch.url }).catch(async (error: unknown) => {
        await scratch.drop();
        throw error;
      });
      return {
        ...server,
        async close() {
          await server.close();
          await scratch.drop();
        },
      };
    },
  };
  return [pglite, postgres];
}
