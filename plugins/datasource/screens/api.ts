import { http, type TableShape, type TableSummary } from '../../../core/sdk/browser';

const BASE = '/api/blade-develop/datasource';

/** A connection's settings as the form holds them; an empty password with an id uses the stored one. */
export interface ConnectionSettings {
  id?: string;
  driverClass?: string;
  url?: string;
  username?: string;
  password?: string;
}

export interface ConnectionAnswer {
  product: string;
  ms: number;
}

// Connecting may take the server's 5 s, then a statement's 5 s: more than the usual wait.
const CONNECTING = { timeout: 15_000, silent: true } as const;

/** Tests a connection; a failure rejects with the server's reason (no toast: the caller shows it where it belongs). */
export async function testConnection(settings: ConnectionSettings): Promise<ConnectionAnswer> {
  return (await http.post<ConnectionAnswer>(`${BASE}/test`, settings, CONNECTING)).data;
}

export async function fetchTables(id: string): Promise<TableSummary[]> {
  return (await http.get<TableSummary[]>(`${BASE}/tables`, { ...CONNECTING, params: { id } })).data;
}

export async function fetchColumns(id: string, tableName: string): Promise<TableShape> {
  return (await http.get<TableShape>(`${BASE}/columns`, { ...CONNECTING, params: { id, tableName } })).data;
}
