import { APP_ROLE, type Db } from './types';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const POLICY = 'tenant_isolation';
const OWNER_POLICY = 'owner_access';

/**
 * Run after the migrations on every start: whatever tables the kernel and plugins created, the request
 * role may read and write them, and every table with a `tenant_id` column gets row-level security with a
 * policy that matches the transaction's `app.tenant_id` for reads and writes. A plugin cannot forget it.
 * `blade_app` is never the owner and is not a member of it, so request transactions only ever get
 * `tenant_isolation`.
 *
 * The role that connects (migrations, seeding, the cross-tenant look-ups of `db.system()`, the engine's
 * list reads) reads every row. As the tables' owner it is outside row-level security, which is not
 * FORCEd: forcing it and then letting the owner see every row through a policy of its own (as this did)
 * protects nothing, yet makes PostgreSQL treat the owner's reads as under row-level security, where the
 * planner may not use column statistics with a non-leakproof operator (LIKE), so it guesses how many rows
 * a substring matches and sorts a hundred thousand of them for one page. `owner_access` stays, for a
 * connecting role that does not own every table (tables made by another role): it reads every row too.
 */
export async function secureTables(db: Db): Promise<string[]> {
  return db.system(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('secure_tables'))`);
    // Roles are cluster-wide and the lock above is per database: servers starting at once on two databases
    // of one cluster may both create or grant it; the one that finds it made meanwhile goes on.
    await tx.exec(`do $$ begin
      if not exists (select 1 from pg_roles where rolname = '${APP_ROLE}') then create role ${APP_ROLE} nologin; end if;
    exception when duplicate_object or unique_violation then null;
    end $$`);
    // A non-superuser owner must be a member to SET ROLE; a superuser already may.
    await tx.exec(`do $$ begin
      if not (select rolsuper from pg_roles where rolname = current_user) then
        execute format('grant ${APP_ROLE} to %I', current_user);
      end if;
    exception when duplicate_object or unique_violation then null;
    end $$`);
    await tx.exec(`grant usage on schema public to ${APP_ROLE};
      grant select, insert, update, delete on all tables in schema public to ${APP_ROLE};
      revoke all on schema_migrations from ${APP_ROLE};`);
    const tables = await tx.query<{ table_name: string }>(
      `select c.table_name from information_schema.columns c
         join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and c.column_name = 'tenant_id' and t.table_type = 'BASE TABLE'
        order by c.table_name`,
    );
    const existing = new Set(
      (await tx.query<{ key: string }>(`select tablename || '/' || policyname as key from pg_policies where schemaname = 'public'`)).map((r) => r.key),
    );
    for (const { table_name: table } of tables) {
      const t = quote(table);
      await tx.exec(`alter table ${t} enable row level security; alter table ${t} no force row level security;`);
      if (!existing.has(`${table}/${POLICY}`)) {
        await tx.exec(`create policy ${POLICY} on ${t}
          using (tenant_id = current_setting('app.tenant_id', true))
          with check (tenant_id = current_setting('app.tenant_id', true))`);
      }
      // Re-pointed at whoever connects now (the owner may have been renamed or replaced).
      await tx.exec(
        existing.has(`${table}/${OWNER_POLICY}`)
          ? `alter policy ${OWNER_POLICY} on ${t} to current_user`
          : `create policy ${OWNER_POLICY} on ${t} to current_user using (true) with check (true)`,
      );
    }
    return tables.map((t) => t.table_name);
  });
}
