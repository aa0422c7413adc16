import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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

/**
 * An in-memory database keeps its pages in memory already: PostgreSQL's default pool of 128 MB would be a
 * second copy, and clearing it took most of an in-memory start (about 0.7 of 1.2 CPU s from a snapshot).
 * Its log of changes protects nothing a crash would keep: no page images in it, and no used segment kept
 * for reuse (a dump carried four of 16 MB each, copied in and out by every start from it).
 */
const IN_MEMORY_START = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'full_page_writes=off', '-c', 'wal_recycle=off', '-c', 'min_wal_size=32MB'];

let compiled: Promise<WebAssembly.Module | undefined> | undefined;

/**
 * PGlite's 9 MB of WebAssembly, compiled once per process: a process that opens several databases (a test
 * file's servers, a snapshot then its copy) would otherwise compile it each time (about 0.4 CPU s).
 * Undefined where the file cannot be found, and PGlite compiles it itself.
 */
function pgliteModule(): Promise<WebAssembly.Module | undefined> {
  compiled ??= (async () => {
    try {
      return await WebAssembly.compile(readFileSync(createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm')));
    } catch {
      return undefined;
    }
  })();
  return compiled;
}

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
    pg = await PGlite.create({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      parsers,
      extensions: { pg_trgm },
      pgliteWasmModule: await pgliteModule(),
      ...(options.dataDir ? {} : { startParams: IN_MEMORY_START }),
    });
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
  return {
    ...db,
    // After a checkpoint, a start from the dump replays no changes, and the log's older segments are gone.
    dump: async () => {
      await pg.exec('CHECKPOINT');
      return pg.dumpDataDir('none');
    },
  };
}
