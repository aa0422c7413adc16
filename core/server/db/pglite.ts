import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { lockDataDir } from './data-dir-lock';
import { scopedDb } from './scoped';
import type { Db, Tx } from './types';

export interface PgliteOptions {
  /** Folder of the database on disk; omitted = in memory. */
  dataDir?: string;
  /** A `dumpDataDir()` tarball to start from (tests: skips initdb, about 1 s instead of 5). */
  loadDataDir?: Blob;
}

export interface PgliteDb extends Db {
  /** The whole data folder as a tarball (for the test snapshot). */
  dump(): Promise<Blob>;
}

// int8 comes back as a string, as from `pg`: ids are snowflakes beyond 2^53 and travel as strings anyway.
const parsers = { 20: (value: string) => value };

function lockFolder(dataDir: string) {
  mkdirSync(dirname(dataDir), { recursive: true });
  return lockDataDir(dataDir, `${dataDir}.lock`);
}

/**
 * Embedded PostgreSQL. It is a single connection: PGlite queues `query` and `transaction` behind one
 * mutex, so concurrent requests simply wait their turn (no interleaving inside a transaction). A folder on
 * disk belongs to one process at a time (`<dataDir>.lock`, see data-dir-lock.ts): a second server on it is
 * refused before anything is opened.
 */
export async function openPglite(options: PgliteOptions = {}): Promise<PgliteDb> {
  const lock = options.dataDir ? lockFolder(options.dataDir) : undefined;
  let pg: PGlite;
  try {
    // pg_trgm: the trigram indexes of substring searches (the engine creates the extension when it syncs tables).
    pg = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, parsers, extensions: { pg_trgm } });
  } catch (error) {
    lock?.release();
    throw error;
  }
  // `table()` answers PostgreSQL's text of every value: no type is parsed (arrays included, known once PGlite is up).
  const asText = Object.fromEntries(Object.keys(pg.parsers).map((oid) => [oid, (value: string) => value]));
  const db = scopedDb({
    kind: 'pglite',
    transaction: (fn) =>
      pg.transaction((raw) => {
        const tx: Tx = {
          query: async <T extends object>(sql: string, params?: readonly unknown[]) =>
            (await raw.query<T>(sql, params as unknown[] | undefined)).rows,
          one: async <T extends object>(sql: string, params?: readonly unknown[]) =>
            (await raw.query<T>(sql, params as unknown[] | undefined)).rows[0],
          exec: async (sql: string) => {
            await raw.exec(sql);
          },
          table: async (sql: string, params?: readonly unknown[]) => {
            const result = await raw.query<(string | null)[]>(sql, params as unknown[] | undefined, { rowMode: 'array', parsers: asText });
            return { columns: result.fields.map((f) => ({ name: f.name, typeId: f.dataTypeID })), rows: result.rows };
          },
        };
        return fn(tx);
      }),
    close: async () => {
      try {
        await pg.close();
      } finally {
        lock?.release();
      }
    },
  });
  return { ...db, dump: () => pg.dumpDataDir('none') };
}
