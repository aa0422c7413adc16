import pg from 'pg';
import { scopedDb } from './scoped';
import type { Db, Tx } from './types';

/** A real PostgreSQL server through a connection pool: one pooled client per transaction. */
export function openPg(connectionString: string): Db {
  const pool = new pg.Pool({ connectionString, max: Number(process.env.PG_POOL_MAX ?? 10) });
  // An idle client losing its connection is reported here; unhandled, it would end the process.
  pool.on('error', (error) => console.error('PostgreSQL pool:', error.message));
  return scopedDb({
    kind: 'pg',
    async transaction(fn) {
      const client = await pool.connect();
      const tx: Tx = {
        query: async <T extends object>(sql: string, params?: readonly unknown[]) =>
          (await client.query(sql, params as unknown[] | undefined)).rows as T[],
        one: async <T extends object>(sql: string, params?: readonly unknown[]) =>
          (await client.query(sql, params as unknown[] | undefined)).rows[0] as T | undefined,
        exec: async (sql: string) => {
          await client.query(sql);
        },
        table: async (sql: string, params?: readonly unknown[]) => {
          // Every value as PostgreSQL's text: no type is parsed.
          const result = await client.query<(string | null)[]>({ text: sql, values: params as unknown[] | undefined, rowMode: 'array', types: { getTypeParser: () => (value: string) => value } });
          return { columns: result.fields.map((f) => ({ name: f.name, typeId: f.dataTypeID })), rows: result.rows };
        },
      };
      try {
        await client.query('begin');
        const result = await fn(tx);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  });
}
