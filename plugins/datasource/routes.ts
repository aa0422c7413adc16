import type { Hono, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import {
  type AppEnv,
  catalogSchemas,
  assertAdministrator,
  bizError,
  currentMember,
  type DatasourceCatalog,
  type DeclaredRateRules,
  describeRoute,
  docText,
  EMBEDDED_DATASOURCE_ID,
  isBigintId,
  parseInput,
  rData,
  readJson,
  type ServerContext,
} from '../../core/sdk/server';
import { pgLogin } from './catalog/catalog';
import { withPgClient, type PgConnector } from './catalog/connect';
import { DATASOURCE_MSG } from './catalog/messages';
import { storedDatasource } from './catalog/stored';
import { assertSamePlace } from './catalog/stored-password';
import { DRIVER_CLASSES } from './index';

const BASE = '/blade-develop/datasource';

/** Each call opens a connection to a server somewhere: a person clicking needs far fewer. */
export const DATASOURCE_RATE_RULES = {
  datasourceConnectUser: { limit: 20, windowMs: 60_000, scope: 'client' },
} as const satisfies DeclaredRateRules;

const trimmed = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : v);

const datasourceId = z
  .preprocess(trimmed, z.string().refine((v) => v === EMBEDDED_DATASOURCE_ID || (/^[1-9]\d{0,18}$/.test(v) && isBigintId(v))))
  .describe(docText({ zh: '数据源主键；0 为内置数据库', en: 'The datasource id; 0 is the embedded database' }));

const tableName = z
  .preprocess(trimmed, z.string().min(1).max(128))
  .describe(docText({ zh: '数据表名（当前模式中的）', en: "A table's name (in the current schema)" }));

export const tablesQuery = z.object({ id: datasourceId });
export const columnsQuery = z.object({ id: datasourceId, tableName });

const optionalText = (max: number) => z.preprocess((v) => (v === null ? undefined : v), z.string().max(max).optional());

export const testBody = z.object({
  id: z
    .preprocess((v) => (v === null || v === '' ? undefined : trimmed(v)), z.string().refine((v) => v === EMBEDDED_DATASOURCE_ID || (/^[1-9]\d{0,18}$/.test(v) && isBigintId(v))).optional())
    .describe(docText({ zh: '已保存的数据源主键（密码留空且连接地址和用户名未改时用它保存的密码）；0 为内置数据库，其余字段不需要', en: 'A saved datasource (its stored password is used when the password is empty and the URL and user name are the stored ones); 0 is the embedded database, which needs no other field' })),
  driverClass: z.enum(DRIVER_CLASSES as [string, ...string[]]).optional(),
  url: optionalText(500),
  username: optionalText(50),
  password: optionalText(50).describe(docText({ zh: '密码；修改时留空则用已保存的', en: 'The password; empty when editing uses the stored one' })),
});

const testAnswer = z.object({
  product: z.string().describe(docText({ zh: '数据库及版本，如 PostgreSQL 16.4', en: 'The database and its version, e.g. PostgreSQL 16.4' })),
  ms: z.number().describe(docText({ zh: '连接并询问版本所用的毫秒数', en: 'Milliseconds to connect and ask for the version' })),
});

const { summary: tableSummary, shape: tableShape } = catalogSchemas;

/** Before anything is read: datasources are the super administrator's alone. */
const administratorOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  assertAdministrator(currentMember(c));
  await next();
};

const ADMIN_ONLY = { zh: '仅超级管理员；每位用户每分钟最多 20 次（每次都会建立连接）。', en: 'Super administrator only; at most 20 calls a minute per user (each opens a connection).' };

/** `server_version` reads `16.4 (Debian 16.4-1)`: the number is what a person needs. */
const versionOf = (setting: unknown) => String(setting ?? '').split(' ')[0] ?? '';

/** The connection tools of the datasource screen and the code generator: test, tables, columns. */
export function datasourceToolRoutes(api: Hono<AppEnv>, ctx: ServerContext, catalog: DatasourceCatalog, connector: PgConnector): void {
  const countCall = (user: { tenantId: string; userId: string }) => ctx.rateLimiter.hit([{ rule: 'datasourceConnectUser', key: `${user.tenantId}:${user.userId}` }]);

  api.post(
    `${BASE}/test`,
    describeRoute({
      summary: { zh: '测试数据源连接', en: 'Test a datasource connection' },
      description: {
        zh: `用表单中的设置连接（5 秒超时），应答数据库版本和耗时；失败时按原因说明（拒绝连接、找不到主机、超时、用户名或密码错误、数据库不存在、SSL），从不回显密码。目前只能连接 PostgreSQL。${ADMIN_ONLY.zh}`,
        en: `Connects with the form's settings (5 s time-out) and answers the database's version and the time it took; a failure says why (refused, unknown host, time-out, wrong user or password, unknown database, SSL), never echoing the password. Only PostgreSQL can be connected for now. ${ADMIN_ONLY.en}`,
      },
      body: testBody,
      data: testAnswer,
    }),
    administratorOnly,
    async (c) => {
      await countCall(currentMember(c));
      const body = parseInput(testBody, await readJson(c));
      const started = performance.now();
      if (body.id === EMBEDDED_DATASOURCE_ID) {
        const row = await ctx.db.system((tx) => tx.one<{ version: string }>(`select current_setting('server_version') as version`));
        const version = versionOf(row?.version);
        const product = ctx.db.kind === 'pglite' ? `PGlite (PostgreSQL ${version})` : `PostgreSQL ${version}`;
        return c.json(rData({ product, ms: Math.round(performance.now() - started) }));
      }
      const { driverClass, url, username } = body;
      if (!driverClass) throw bizError({ zh: '请选择驱动类', en: 'Please choose the driver class' });
      if (!url?.trim()) throw bizError({ zh: '请输入连接地址', en: 'Please enter the URL' });
      if (!username?.trim()) throw bizError({ zh: '请输入用户名', en: 'Please enter the user name' });
      let password = body.password ?? '';
      if (!password && body.id) {
        const saved = await storedDatasource(ctx, body.id);
        assertSamePlace(saved, { url, username });
        password = saved.password;
      }
      const login = pgLogin({ driverClass, url, username: username.trim(), password });
      const version = await withPgClient(ctx, login, async (client) => (await client.query<{ version: string }>(`select current_setting('server_version') as version`)).rows[0]?.version, connector);
      return c.json(rData({ product: `PostgreSQL ${versionOf(version)}`, ms: Math.round(performance.now() - started) }));
    },
  );

  api.get(
    `${BASE}/tables`,
    describeRoute({
      summary: { zh: '数据源的数据表', en: "A datasource's tables" },
      description: {
        zh: `当前模式中的表：名称、注释、估计行数，平台自己的表标为 platform。id 为 0 时是内置数据库。${ADMIN_ONLY.zh}`,
        en: `The tables of the current schema: name, comment, estimated rows; the platform's own tables are marked platform. Id 0 is the embedded database. ${ADMIN_ONLY.en}`,
      },
      query: tablesQuery,
      data: z.array(tableSummary),
    }),
    administratorOnly,
    async (c) => {
      await countCall(currentMember(c));
      const { id } = parseInput(tablesQuery, c.req.query());
      return c.json(rData(await catalog.tables(ctx, id)));
    },
  );

  api.get(
    `${BASE}/columns`,
    describeRoute({
      summary: { zh: '数据表的列与索引', en: "A table's columns and indexes" },
      description: {
        zh: `列（名称、类型、长度或精度、可空、默认值、主键、注释）按表中顺序，以及索引；没有这张表时答 400 数据表不存在。${ADMIN_ONLY.zh}`,
        en: `The columns (name, type, length or precision, nullable, default, primary key, comment) in the table's order, and its indexes; 400 when there is no such table. ${ADMIN_ONLY.en}`,
      },
      query: columnsQuery,
      data: tableShape,
    }),
    administratorOnly,
    async (c) => {
      await countCall(currentMember(c));
      const { id, tableName: table } = parseInput(columnsQuery, c.req.query());
      const shape = await catalog.describe(ctx, id, table);
      if (!shape) throw bizError(DATASOURCE_MSG.noTable);
      return c.json(rData(shape));
    },
  );
}
