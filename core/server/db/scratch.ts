import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A database made once and copied for each scratch database that starts from it (a migrated schema). */
export interface DatabaseTemplate {
  /** What all templates of this kind are named by (lower-case letters and _). */
  prefix: string;
  /** A digest of what it is made from, so other code makes another (lower-case letters and digits). */
  key: string;
  /** Fills the empty database at `url`; the connections it opens must be closed when it returns. */
  build(url: string): Promise<void>;
}

function databaseUrl(url: string, name: string): string {
  const other = new URL(url);
  other.pathname = `/${name}`;
  return other.toString();
}

/** Whether PostgreSQL refused because another session (often an autovacuum worker) is in the database. */
function databaseBusy(error: unknown): boolean {
  return (error as { code?: string }).code === '55006';
}

/** Runs `statement` again while the database it copies or renames has a session in it, which ends within moments. */
async function whenFree(client: pg.Client, statement: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await client.query(statement);
      return;
    } catch (error) {
      if (!databaseBusy(error) || attempt === 40) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  // An autovacuum worker busy in the database belongs to no role, so FORCE may not stop it without
  // pg_signal_backend; such a worker ends within moments, so the drop is tried again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await client.query(`drop database if exists ${name} with (force)`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '42501' || attempt === 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** The local day (the demo seed's "today" is local), as yyyymmdd. */
function day(offsetDays = 0): string {
  const at = new Date(Date.now() + offsetDays * 86_400_000);
  return `${at.getFullYear()}${String(at.getMonth() + 1).padStart(2, '0')}${String(at.getDate()).padStart(2, '0')}`;
}

/**
 * The template, made when it does not exist yet. Test processes that need it at once wait on an advisory
 * lock while one builds it; a builder that dies releases the lock with its session, and the half-made
 * database it leaves is dropped by the next. A template is named by its day too, so seed data dated by
 * an older clock is not used today, and templates older than yesterday are dropped.
 */
async function ensureTemplate(admin: pg.Client, url: string, template: DatabaseTemplate): Promise<string> {
  if (!/^[a-z_]{1,20}$/.test(template.prefix) || !/^[a-z0-9]{1,32}$/.test(template.key)) throw new Error(`not a template name: ${template.prefix}, ${template.key}`);
  const name = `${template.prefix}_${template.key}_${day()}`;
  await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return name;
    const building = `${name}_building`;
    await dropDatabase(admin, building);
    await admin.query(`create database ${building}`);
    await template.build(databaseUrl(url, building));
    await whenFree(admin, `alter database ${building} rename to ${name}`);
    const family = new RegExp(`^${template.prefix}_[a-z0-9]+_(\\d{8})$`);
    const all = await admin.query<{ datname: string }>('select datname from pg_database');
    // Yesterday's stay: a run that began before midnight may still be copying one.
    for (const { datname } of all.rows) {
      const made = family.exec(datname)?.[1];
      if (made !== undefined && made < day(-1)) await dropDatabase(admin, datname);
    }
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
  }
}

/**
 * A fresh database on the PostgreSQL server `url` points at, for a test that must start on its own without
 * touching what others run there: empty, or a copy of `template`. `drop()` removes it. The role in `url`
 * needs CREATEDB.
 */
export async function scratchDatabase(url: string, options: { template?: DatabaseTemplate } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `scratch_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const template = options.template ? await ensureTemplate(admin, url, options.template) : undefined;
    await whenFree(admin, template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrl(url, name),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await dropDatabase(client, name);
      } finally {
        await client.end();
      }
    },
  };
}
