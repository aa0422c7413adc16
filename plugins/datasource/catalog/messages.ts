import type { LocalText } from '../../../core/sdk/server';

/** What the datasource tools answer when they cannot do what was asked, in both languages. */
export const DATASOURCE_MSG = {
  badUrl: { zh: '连接地址格式不正确', en: 'The URL is not a valid jdbc:postgresql://host[:port]/database address' },
  notConnectable: { zh: '目前只能连接 PostgreSQL 数据源', en: 'Only PostgreSQL datasources can be connected for now' },
  noDatasource: { zh: '数据源不存在', en: 'The datasource does not exist' },
  noTable: { zh: '数据表不存在', en: 'The table does not exist' },
  noColumn: { zh: '数据表没有这一列', en: 'The table has no such column' },
  refused: { zh: '连接被拒绝：请检查主机和端口，以及数据库服务是否已启动', en: 'Connection refused: check the host and the port, and that the database server is running' },
  unknownHost: { zh: '找不到主机：请检查连接地址中的主机名', en: 'Unknown host: check the host name in the URL' },
  unreachable: { zh: '无法访问该主机：请检查网络', en: 'The host cannot be reached: check the network' },
  timeout: { zh: '连接超时：数据库在 5 秒内没有应答', en: 'Timed out: the database did not answer within 5 seconds' },
  wrongLogin: { zh: '用户名或密码错误', en: 'Wrong user name or password' },
  noDatabase: { zh: '数据库不存在', en: 'The database does not exist' },
  tls: { zh: '安全连接（SSL）失败：请检查连接地址中的 ssl / sslmode 参数', en: 'The secure (SSL) connection failed: check ssl / sslmode in the URL' },
  noPrivilege: { zh: '该用户没有读取权限', en: 'The user is not allowed to read this' },
  failed: (code: string): LocalText => ({
    zh: code ? `连接数据源失败（${code}）` : '连接数据源失败',
    en: code ? `Could not connect to the datasource (${code})` : 'Could not connect to the datasource',
  }),
  embeddedName: { zh: '内置数据库', en: 'Embedded database' },
} as const satisfies Record<string, LocalText | ((code: string) => LocalText)>;
