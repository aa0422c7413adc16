import type { Hono } from 'hono';
import { assertAdministrator } from '../../core/server/auth/permissions';
import { currentMember } from '../../core/server/auth/middleware';
import type { AuthUser } from '../../core/server/auth/user';
import type { AppEnv, ServerContext } from '../../core/server/context';
import { entityValidator, mountCrud, parseId, type CrudRepo, type DbRow, type Json } from '../../core/server/crud';
import type { Tx } from '../../core/server/db/types';
import { bizError } from '../../core/server/http/errors';
import { MSG } from '../../core/server/http/messages';
import { str } from '../../core/server/http/format';
import { rData, rStatus } from '../../core/server/http/r';
import { readJson } from '../../core/server/http/validate';
import { defineServerPlugin } from '../../core/server/plugin';
import { SEED } from '../../core/server/seed/kernel-seed';
import { datasourceEntity } from './entities';
import { datasourceManifest } from './manifest';

/**
 * Datasources on the server: `/api/blade-develop/datasource/{list,select,detail,submit,remove}`
 * on the CRUD engine, for administrators only. The engine mounts `remove`; `list`, `detail` and `submit` are
 * written on its parts because the password is write-only: it never leaves the server, and an edit that
 * sends it empty keeps the stored one.
 */
const BASE = '/blade-develop/datasource';

/** Global data every tenant shares: the administrator role only (a tenant's own `admin` is refused). */
export const authorizeDatasource = async (_tx: Tx, user: AuthUser): Promise<void> => assertAdministrator(user);

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A row as JSON, without its password. */
export function datasourceVo(repo: CrudRepo, row: DbRow): Json {
  return { ...repo.toJson(row), password: '' };
}

function datasourceRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  const repo = mountCrud(api, ctx, datasourceEntity, { skip: ['list', 'detail', 'submit'], authorize: authorizeDatasource });
  const validator = entityValidator(datasourceEntity);
  const asAdministrator = <T>(user: AuthUser, work: (tx: Tx) => Promise<T>) =>
    ctx.db.tenant(user.tenantId, async (tx) => {
      assertAdministrator(user);
      return work(tx);
    });

  api.get(`${BASE}/list`, async (c) => {
    const user = currentMember(c);
    const query = c.req.query();
    const result = await asAdministrator(user, (tx) => repo.page(tx, user, query, { toJson: (row) => datasourceVo(repo, row) }));
    return c.json(rData(result));
  });

  // Every live datasource, for dropdowns (the tenant's datasource binding).
  api.get(`${BASE}/select`, async (c) => {
    const user = currentMember(c);
    const rows = await asAdministrator(user, (tx) => repo.rows(tx, user, {}, { limit: 1000 }));
    return c.json(rData(rows.map((row) => ({ id: str(row.id), name: str(row.name) }))));
  });

  api.get(`${BASE}/detail`, async (c) => {
    const user = currentMember(c);
    const id = parseId(c.req.query('id'));
    const row = await asAdministrator(user, (tx) => repo.find(tx, user, id));
    return c.json(rData(row ? datasourceVo(repo, row) : null));
  });

  api.post(`${BASE}/submit`, async (c) => {
    const user = currentMember(c);
    const body = await readJson(c);
    const id = validator.idOf(body); // also refuses a body that is not an object
    const input: Record<string, unknown> = { ...(body as Record<string, unknown>) };
    // BladeX: an url that went through an HTML form comes back with &amp;.
    if (typeof input.url === 'string') input.url = input.url.replace(/&amp;/g, '&');
    // Write-only: an edit without a new password keeps the stored one.
    if (id && blank(input.password)) delete input.password;
    await asAdministrator(user, async (tx) => {
      if (!id) {
        const { values } = validator.parse(input, 'add');
        await repo.assertUnique(tx, user, values);
        await repo.insert(tx, user, values, ctx.now());
        return;
      }
      const existing = await repo.find(tx, user, id);
      if (!existing) throw bizError(MSG.notFound);
      const { values } = validator.parse(input, 'edit');
      await repo.assertUnique(tx, user, { ...repo.valuesOf(existing), ...values }, id);
      await repo.update(tx, user, id, values, ctx.now());
    });
    return c.json(rStatus(true));
  });
}

export const datasourceServer = defineServerPlugin({
  manifest: datasourceManifest,
  entities: [datasourceEntity],
  routes: datasourceRoutes,
  // The PostgreSQL sample of BladeX, with obviously fake credentials.
  async seed(tx, ctx) {
    const exists = await tx.one('select 1 as found from blade_datasource where is_deleted = 0 limit 1');
    if (exists) return;
    await tx.query(
      `insert into blade_datasource (id, name, driver_class, url, username, password, remark, create_user, update_user)
       values ($1, 'postgresql', 'org.postgresql.Driver', 'jdbc:postgresql://127.0.0.1:5432/blade_demo', 'demo', 'demo-password', '演示数据源 (demo only)', $2, $2)`,
      [ctx.ids.next(), SEED.adminUserId],
    );
  },
});

export default datasourceServer;
