import { bizError, EMBEDDED_DATASOURCE_ID, localize, type DatasourceCatalog, type DatasourceChoice, type ServerContext } from '../../../core/sdk/server';
import { withPgClient, type PgConnector, type PgLogin } from './connect';
import { describeTable, listTables, sampleRows, type RunQuery } from './introspect';
import { parsePgUrl } from './jdbc-url';
import { isReadableKind, kindOfDriver } from './kind';
import { DATASOURCE_MSG } from './messages';
import { storedDatasource, storedDatasources, type StoredDatasource } from './stored';

/** The settings of a PostgreSQL datasource, or the refusal of a kind we cannot connect. */
export function pgLogin(source: Pick<StoredDatasource, 'driverClass' | 'url' | 'username' | 'password'>): PgLogin {
  if (kindOfDriver(source.driverClass) !== 'postgresql') throw bizError(DATASOURCE_MSG.notConnectable);
  return { address: parsePgUrl(source.url), user: source.username, password: source.password || undefined };
}

/**
 * Runs `read` on the datasource's connection: the server's own database (as its owner: the developer
 * tools read any table of it) or a fresh connection to a PostgreSQL datasource.
 */
async function onDatasource<T>(ctx: ServerContext, connector: PgConnector, datasourceId: string, read: (run: RunQuery) => Promise<T>): Promise<T> {
  if (datasourceId === EMBEDDED_DATASOURCE_ID) return ctx.db.system((tx) => read((sql, params) => tx.query(sql, params)));
  const login = pgLogin(await storedDatasource(ctx, datasourceId));
  return withPgClient(ctx, login, (client) => read(async (sql, params) => (await client.query(sql, params as unknown[])).rows as Record<string, unknown>[]), connector);
}

/** The embedded database's own tables and those named `blade_…` are the platform's; another datasource's tables are never. */
const platformTest = (ctx: ServerContext, datasourceId: string) => (name: string) =>
  datasourceId === EMBEDDED_DATASOURCE_ID && (ctx.platformTables.has(name) || name.startsWith('blade_'));

/** The developer tools' view of the datasources (`Provides.datasources`), reaching them through `connector`. */
export const datasourceCatalog = (connector: PgConnector = {}): DatasourceCatalog => ({
  async choices(ctx) {
    const embedded: DatasourceChoice = { id: EMBEDDED_DATASOURCE_ID, name: localize(DATASOURCE_MSG.embeddedName), kind: 'embedded', readable: true };
    const others = (await storedDatasources(ctx)).map((source): DatasourceChoice => {
      const kind = kindOfDriver(source.driverClass);
      return { id: source.id, name: source.name, kind, readable: isReadableKind(kind) };
    });
    return [embedded, ...others];
  },
  tables: (ctx, datasourceId) => onDatasource(ctx, connector, datasourceId, (run) => listTables(run, platformTest(ctx, datasourceId))),
  describe: (ctx, datasourceId, table) => onDatasource(ctx, connector, datasourceId, (run) => describeTable(run, table)),
  sample: (ctx, datasourceId, table, columns, limit) =>
    onDatasource(ctx, connector, datasourceId, async (run) => {
      const shape = await describeTable(run, table);
      if (!shape) throw bizError(DATASOURCE_MSG.noTable);
      return sampleRows(run, shape, columns, limit);
    }),
});
