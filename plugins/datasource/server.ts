import { assertAdministrator, crudRepo, currentMember, defineServerPlugin, entityNames, rData, SEED, str, type ServerPlugin } from '../../core/sdk/server';
import { describeRoute } from '../../core/sdk/server';
import { datasourceCatalog } from './catalog/catalog';
import type { PgConnector } from './catalog/connect';
import { assertSamePlace } from './catalog/stored-password';
import datasourcePlugin, { datasourceEntity } from './index';
import { DATASOURCE_RATE_RULES, datasourceToolRoutes } from './routes';

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * Datasources on the engine, for the super administrator only (global data: a tenant's own `admin` is
 * refused). The password is write-only: it never leaves the server, and an edit that sends it empty keeps
 * the stored one. Besides the engine's: `select` (every live datasource, for the tenant screen's binding),
 * and the connection tools (test, tables, columns), which also serve the developer tools as the
 * datasource catalogue (`provides.datasources`), the server's own database always among them. A
 * datasource's host is found through `connector` (the system's name resolution when it says nothing).
 */
export function datasourceServerWith(connector: PgConnector): ServerPlugin {
  const catalog = datasourceCatalog(connector);
  return defineServerPlugin(datasourcePlugin, {
    resources: {
      datasource: {
        access: { read: 'administrator', add: 'administrator', edit: 'administrator', delete: 'administrator' },
        hooks: {
          beforeValidate({ body, mode, existing }) {
            // BladeX: an url that went through an HTML form comes back with &amp;.
            if (typeof body.url === 'string') body.url = body.url.replace(/&amp;/g, '&');
            if (mode === 'edit' && blank(body.password)) {
              if (existing) assertSamePlace(existing, body);
              delete body.password;
            }
          },
          afterRead({ rows }) {
            for (const row of rows) row.password = '';
          },
        },
      },
    },
    routes(api, ctx) {
      const repo = crudRepo(datasourceEntity, ctx.ids);
      api.get('/blade-develop/datasource/select', describeRoute({ summary: { zh: '数据源选项（仅超级管理员）', en: 'Datasources to choose from (super administrator)' }, data: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } } } }), async (c) => {
        const user = currentMember(c);
        const rows = await ctx.db.tenant(user.tenantId, async (tx) => {
          assertAdministrator(user);
          return repo.rows(tx, user, {}, { limit: 1000 });
        });
        return c.json(rData(rows.map((row) => ({ id: str(row.id), name: str(row.name) }))));
      });
      datasourceToolRoutes(api, ctx, catalog, connector);
    },
    rateRules: DATASOURCE_RATE_RULES,
    // The names of live datasources by id: what a tenant's binding shows, and whether it still holds.
    provides: { names: { datasource: entityNames(datasourceEntity, 'name') }, datasources: catalog },
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
}

export default datasourceServerWith({});
