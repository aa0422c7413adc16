import { hostname } from 'node:os';
import { formatDateTime } from '../http/format';
import type { ApiLogEntry, ErrorLogEntry, LoggedCaller, UsualLogEntry } from './entries';
import { cut, maskSecrets, PARAMS_MAX } from './mask';

/**
 * How each log entry becomes a row: the columns written and their values, every text cut to its column's
 * width so that a long user agent or URL never makes a whole batch fail.
 */

export interface LogTable<E> {
  table: string;
  /** Each column with its type, as the insert casts the column's array. */
  columns: readonly (readonly [name: string, type: string])[];
  values(entry: E, id: string, tenantId: string): unknown[];
}

const HOST = cut(hostname(), 255);
const SERVICE = 'blade-api';

/** A user id as the bigint column takes it: a guest (third-party identity) has none. */
const userIdOf = (id: string | null | undefined) => (id && /^\d{1,19}$/.test(id) ? id : null);

/** The caller's columns, in the order of `CALLER_COLUMNS`. */
const CALLER_COLUMNS = [
  ['service_id', 'varchar'],
  ['server_host', 'varchar'],
  ['method', 'varchar'],
  ['request_uri', 'varchar'],
  ['user_agent', 'varchar'],
  ['remote_ip', 'varchar'],
  ['params', 'text'],
  ['request_id', 'varchar'],
  ['create_by', 'varchar'],
  ['user_id', 'bigint'],
] as const;
const ID_COLUMNS = [
  ['id', 'bigint'],
  ['tenant_id', 'varchar'],
] as const;
function callerValues(e: LoggedCaller): unknown[] {
  return [
    SERVICE,
    HOST,
    cut(e.method ?? '', 10) || null,
    cut(e.requestUri ?? '', 2000) || null,
    cut(e.userAgent ?? '', 1000) || null,
    cut(e.ip ?? '', 255) || null,
    e.params || null,
    cut(e.requestId ?? '', 128) || null,
    cut(e.account ?? '', 64) || null,
    userIdOf(e.userId),
  ];
}

export const API_TABLE: LogTable<ApiLogEntry> = {
  table: 'blade_log_api',
  columns: [...ID_COLUMNS, ...CALLER_COLUMNS, ['route', 'varchar'], ['status', 'int'], ['time', 'varchar'], ['create_time', 'timestamptz']],
  values: (e, id, tenantId) => [id, tenantId, ...callerValues(e), e.route ? cut(e.route, 255) : null, e.status, String(Math.round(e.ms)), e.time],
};

export const ERROR_TABLE: LogTable<ErrorLogEntry> = {
  table: 'blade_log_error',
  columns: [
    ...ID_COLUMNS,
    ...CALLER_COLUMNS,
    ['method_name', 'varchar'],
    ['time', 'varchar'],
    ['stack_trace', 'text'],
    ['exception_name', 'varchar'],
    ['message', 'text'],
    ['file_name', 'varchar'],
    ['line_number', 'int'],
    ['create_time', 'timestamptz'],
  ],
  values: (e, id, tenantId) => [
    id,
    tenantId,
    ...callerValues(e),
    e.route ? cut(e.route, 255) : null,
    formatDateTime(e.time),
    cut(e.stackTrace, 20_000),
    cut(e.exceptionName, 255),
    cut(e.message, 4000),
    e.fileName ? cut(e.fileName, 1000) : null,
    e.lineNumber ?? null,
    e.time,
  ],
};

export const USUAL_TABLE: LogTable<UsualLogEntry> = {
  table: 'blade_log_usual',
  columns: [...ID_COLUMNS, ...CALLER_COLUMNS, ['method_name', 'varchar'], ['log_level', 'varchar'], ['log_id', 'varchar'], ['log_data', 'text'], ['time', 'varchar'], ['create_time', 'timestamptz']],
  values: (e, id, tenantId) => {
    const time = e.time ?? new Date();
    return [
      id,
      tenantId,
      ...callerValues(e),
      e.route ? cut(e.route, 255) : null,
      e.level ?? 'info',
      cut(e.event, 100),
      dataText(e.data),
      formatDateTime(time),
      time,
    ];
  },
};

/** A usual entry's data as its row keeps it: JSON, secrets masked, cut; what cannot be JSON (a bigint) is described. */
function dataText(data: unknown): string | null {
  if (data === undefined) return null;
  try {
    return cut(JSON.stringify(maskSecrets(data)) ?? '', PARAMS_MAX);
  } catch {
    return '(not JSON)';
  }
}

/**
 * One insert of many rows: each column's values as one array parameter, unnested into rows. PostgreSQL
 * parses and plans one short statement with a parameter per column, whatever the number of rows; a
 * `values ($1…), ($n…)` list of 200 rows has 3,000 parameters to bind and costs a third more (on the
 * embedded database that work is the server's own thread, taken from the requests).
 */
export function insertRows<E>(table: LogTable<E>, rows: readonly unknown[][]): { sql: string; params: unknown[][] } {
  const names = table.columns.map(([name]) => name).join(', ');
  const arrays = table.columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
  return { sql: `insert into ${table.table} (${names}) select * from unnest(${arrays})`, params: table.columns.map((_, c) => rows.map((row) => row[c])) };
}
