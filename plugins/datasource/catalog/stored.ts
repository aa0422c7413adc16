import { bizError, isBigintId, type ServerContext } from '../../../core/sdk/server';
import { DATASOURCE_MSG } from './messages';

/** A live datasource as stored, its password in plain text (for connecting only: it never leaves the server). */
export interface StoredDatasource {
  id: string;
  name: string;
  driverClass: string;
  url: string;
  username: string;
  password: string;
}

/** Where a password sealed at rest would be sealed for (`ctx.secrets`); today the column holds it as typed. */
export const PASSWORD_PURPOSE = 'datasource.password';

interface Row {
  id: string;
  name: string;
  driver_class: string;
  url: string;
  username: string;
  password: string | null;
}

const COLUMNS = 'id::text as id, name, driver_class, url, username, password';

const stored = (ctx: ServerContext, row: Row): StoredDatasource => {
  const password = row.password ?? '';
  return {
    id: row.id,
    name: row.name,
    driverClass: row.driver_class,
    url: row.url,
    username: row.username,
    // A sealed value opens; a plain one (how the column keeps it now) is used as it is.
    password: ctx.secrets.open(PASSWORD_PURPOSE, password) ?? password,
  };
};

/** Every live datasource, by name. Datasources are global: read as the owner, outside any tenant. */
export async function storedDatasources(ctx: ServerContext): Promise<StoredDatasource[]> {
  const rows = await ctx.db.system((tx) => tx.query<Row>(`select ${COLUMNS} from blade_datasource where is_deleted = 0 order by name, id`));
  return rows.map((row) => stored(ctx, row));
}

/** One live datasource, or a 400 `数据源不存在`. */
export async function storedDatasource(ctx: ServerContext, id: string): Promise<StoredDatasource> {
  if (!/^[1-9]\d{0,18}$/.test(id) || !isBigintId(id)) throw bizError(DATASOURCE_MSG.noDatasource);
  const row = await ctx.db.system((tx) => tx.one<Row>(`select ${COLUMNS} from blade_datasource where id = $1 and is_deleted = 0`, [id]));
  if (!row) throw bizError(DATASOURCE_MSG.noDatasource);
  return stored(ctx, row);
}
