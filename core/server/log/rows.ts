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
  columns: readonly string[];
  values(entry: E, id: string, tenantId: string): unknown[];
}

const HOST = cut(hostname(), 255);
const SERVICE = 'blade-api';

/** A user id as the bigint column takes it: a guest (third-party identity) has none. */
const userIdOf = (id: string | null | undefined) => (id && /^\d{1,19}$/.test(id) ? id : null);

/** The caller's columns, in the order of `CALLER_COLUMNS`. */
const CALLER_COLUMNS = ['service_id', 'server_host', 'method', 'request_uri', 'user_agent', 'remote_ip', 'params', 'request_id', 'create_by', 'user_id'] as const;
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
  columns: ['id', 'tenant_id', ...CALLER_COLUMNS, 'route', 'status', 'time', 'create_time'],
  values: (e, id, tenantId) => [id, tenantId, ...callerValues(e), e.route ? cut(e.route, 255) : null, e.status, String(Math.round(e.ms)), e.time],
};

export const ERROR_TABLE: LogTable<ErrorLogEntry> = {
  table: 'blade_log_error',
  columns: ['id', 'tenant_id', ...CALLER_COLUMNS, 'method_name', 'time', 'stack_trace', 'exception_name', 'message', 'file_name', 'line_number', 'create_time'],
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
  columns: ['id', 'tenant_id', ...CALLER_COLUMNS, 'method_name', 'log_level', 'log_id', 'log_data', 'time', 'create_time'],
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

/** One multi-row insert: `insert into t (…) values ($1…), ($n…)`. */
export function insertStatement(table: LogTable<never>, rows: number): string {
  const width = table.columns.length;
  const tuples = Array.from({ length: rows }, (_, r) => `(${table.columns.map((_, c) => `$${r * width + c + 1}`).join(', ')})`);
  return `insert into ${table.table} (${table.columns.join(', ')}) values ${tuples.join(', ')}`;
}
