import { createHash } from 'node:crypto';
import type { EntityDef } from '../../schema/entity';
import { syncEntityTable } from '../crud/table-sync';
import type { Db, Tx } from './types';

/**
 * A migration, declared as data by the kernel or a plugin. `sql` is DDL run as the owner; `run` is code
 * (seed data). Each runs once per database and is recorded in `schema_migrations`; never edit one that has
 * shipped, add the next instead (a changed SQL migration is refused at start-up).
 */
export interface Migration {
  /** Unique within its owner, ordered as listed: `001_schema`, `002_attach`… */
  id: string;
  sql?: string;
  run?: (tx: Tx) => Promise<void>;
  /**
   * Checksums of earlier texts of this migration that a database may have applied, when the text changed
   * without changing what it leaves behind for such a database (tables it made moved to the plugins that
   * own them, which adopt them as they are). Only for that: any other change is a new migration.
   */
  replaces?: readonly string[];
}

export interface MigrationSet {
  /** `kernel` or a plugin id: the recorded id is `<owner>/<id>`. */
  owner: string;
  migrations: readonly Migration[];
  /** Entities whose tables the owner keeps: synced with their definitions after the migrations. */
  entities?: readonly EntityDef[];
  /** First-start data: runs once, after the tables exist, recorded as `<owner>/seed`. */
  seed?: (tx: Tx) => Promise<void>;
}

/** The tables a set of migrations keeps: its entities' and those its SQL creates (`schema_migrations` too). */
export function tablesOf(sets: readonly MigrationSet[]): Set<string> {
  const tables = new Set(['schema_migrations']);
  for (const set of sets) {
    for (const entity of set.entities ?? []) tables.add(entity.table);
    for (const migration of set.migrations) {
      for (const match of (migration.sql ?? '').matchAll(/create\s+(?:unlogged\s+)?table\s+(?:if\s+not\s+exists\s+)?([a-z_][a-z0-9_]*)/gi)) tables.add(match[1]!.toLowerCase());
    }
  }
  return tables;
}

const checksum = (sql: string) => createHash('sha256').update(sql).digest('hex');

/**
 * Applies what is missing, in order, in one transaction, under a lock so parallel instances queue up: per
 * owner its migrations, then the sync of its entities' tables, then its seed. Returns what was applied
 * (`<owner>/<id>`, `<owner>/sync <table>: <change>`).
 */
export async function runMigrations(db: Db, sets: readonly MigrationSet[]): Promise<string[]> {
  return db.system(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('schema_migrations'))`);
    await tx.exec(`create table if not exists schema_migrations (
      id varchar(200) primary key,
      checksum varchar(64),
      applied_at timestamptz not null default now()
    )`);
    const applied = new Map(
      (await tx.query<{ id: string; checksum: string | null }>('select id, checksum from schema_migrations')).map((r) => [r.id, r.checksum]),
    );
    const done: string[] = [];
    for (const set of sets) {
      for (const migration of set.migrations) {
        const id = `${set.owner}/${migration.id}`;
        const sum = migration.sql ? checksum(migration.sql) : null;
        if (applied.has(id)) {
          const recorded = applied.get(id);
          if (sum && recorded && recorded !== sum && !migration.replaces?.includes(recorded)) {
            throw new Error(`Migration ${id} was changed after it was applied: add a new migration instead of editing it.`);
          }
          continue;
        }
        if (migration.sql) await tx.exec(migration.sql);
        if (migration.run) await migration.run(tx);
        await tx.query('insert into schema_migrations (id, checksum) values ($1, $2)', [id, sum]);
        done.push(id);
      }
      for (const entity of set.entities ?? []) {
        for (const { table, change } of await syncEntityTable(tx, entity)) {
          // Kept beside the migrations, so `schema_migrations` tells the whole history of the schema.
          const id = `${set.owner}/sync ${table}: ${change}`.slice(0, 200);
          await tx.query('insert into schema_migrations (id, checksum) values ($1, null) on conflict (id) do update set applied_at = now()', [id]);
          done.push(id);
        }
      }
      if (set.seed && !applied.has(`${set.owner}/seed`)) {
        await set.seed(tx);
        await tx.query('insert into schema_migrations (id, checksum) values ($1, null)', [`${set.owner}/seed`]);
        done.push(`${set.owner}/seed`);
      }
    }
    return done;
  });
}
