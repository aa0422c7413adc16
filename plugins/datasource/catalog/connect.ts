import { Socket, type LookupFunction } from 'node:net';
import pg from 'pg';
import { ApiError, bizError, type LocalText, type ServerContext } from '../../../core/sdk/server';
import type { PgAddress } from './jdbc-url';
import { DATASOURCE_MSG } from './messages';

/** What one connection to a PostgreSQL datasource needs. */
export interface PgLogin {
  address: PgAddress;
  user: string;
  /** Undefined: none (a server that trusts the address). */
  password: string | undefined;
}

/** Connecting, and each statement: a datasource that does not answer within this is reported as such. */
export const CONNECT_TIMEOUT_MS = 5000;

/** How a datasource's host is reached: the system's name resolution unless `lookup` is given. */
export interface PgConnector {
  /** Answers host names as `dns.lookup` does (a test's own answers, with no name server asked). */
  lookup?: LookupFunction;
}

/** A socket for the driver that resolves its host with `lookup`: the driver's `connect(port, host)` takes none. */
function resolvingWith(lookup: LookupFunction): () => Socket {
  return () => {
    const socket = new Socket();
    const connect = socket.connect.bind(socket);
    return Object.assign(socket, { connect: (port: number, host: string) => connect({ port, host, lookup }) });
  };
}

/**
 * Runs `work` on a fresh connection, closed afterwards whatever happens: the tools connect seldom and to
 * servers that change under them, so nothing is pooled or kept. A failure is a 400 saying why in the
 * caller's language; the password is never in it.
 */
export async function withPgClient<T>(ctx: ServerContext, login: PgLogin, work: (client: pg.Client) => Promise<T>, connector: PgConnector = {}): Promise<T> {
  const { address } = login;
  const client = new pg.Client({
    host: address.host,
    port: address.port,
    database: address.database,
    user: login.user,
    password: login.password,
    ssl: address.tls === 'off' ? false : { rejectUnauthorized: address.tls === 'verify' },
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: CONNECT_TIMEOUT_MS,
    query_timeout: CONNECT_TIMEOUT_MS,
    application_name: 'card-admin',
    stream: connector.lookup ? resolvingWith(connector.lookup) : undefined,
  });
  // A connection dropped between statements is reported by the statement under way; unheard, it would end the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
    return await work(client);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw connectionFailure(ctx, error, login.password);
  } finally {
    await client.end().catch(() => undefined);
  }
}

interface DriverError {
  code?: unknown;
  message?: unknown;
  errors?: unknown;
}

/** The error's code, or the first code among the attempts of a connection to several addresses (localhost: ::1 and 127.0.0.1). */
function codeOf(error: unknown): string {
  const e = (error ?? {}) as DriverError;
  if (typeof e.code === 'string' && e.code) return e.code;
  if (Array.isArray(e.errors)) for (const inner of e.errors) if (codeOf(inner)) return codeOf(inner);
  return '';
}

const messageOf = (error: unknown): string => {
  const message = (error as DriverError | null)?.message;
  return typeof message === 'string' ? message : '';
};

/** Why a connection or a statement failed, as the person who typed the settings can act on it. */
export function failureText(error: unknown): { text: LocalText; known: boolean } {
  const code = codeOf(error);
  const message = messageOf(error);
  const known = (text: LocalText) => ({ text, known: true });
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET') return known(DATASOURCE_MSG.refused);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') return known(DATASOURCE_MSG.unknownHost);
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'EADDRNOTAVAIL') return known(DATASOURCE_MSG.unreachable);
  if (code === 'ETIMEDOUT' || code === '57014' || /timeout|timed out/i.test(message)) return known(DATASOURCE_MSG.timeout);
  if (code === '28P01' || (code === '28000' && !/encryption|SSL/i.test(message))) return known(DATASOURCE_MSG.wrongLogin);
  if (code === '3D000') return known(DATASOURCE_MSG.noDatabase);
  if (code === '42501') return known(DATASOURCE_MSG.noPrivilege);
  if (code === 'EPROTO' || code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS') || /CERT|SELF_SIGNED/.test(code) || /SSL|TLS|encryption/i.test(message)) return known(DATASOURCE_MSG.tls);
  // A PostgreSQL error's SQLSTATE (five characters) or a system error's name: safe to show, and what to search for.
  const shown = /^[0-9A-Z]{5}$/.test(code) || /^E[A-Z]+$/.test(code) ? code : '';
  return { text: DATASOURCE_MSG.failed(shown), known: false };
}

/** The 400 for a failure; a cause not recognised is logged (the password blanked out) so it can be looked into. */
function connectionFailure(ctx: ServerContext, error: unknown, password: string | undefined): ApiError {
  const { text, known } = failureText(error);
  if (!known) {
    const scrub = (s: string) => (password ? s.split(password).join('******') : s);
    ctx.log.error(`datasource: connection failed (${codeOf(error) || 'no code'}): ${scrub(messageOf(error))}`);
  }
  return bizError(text);
}
