import { bizError } from '../../../core/sdk/server';
import { DATASOURCE_MSG } from './messages';

/** Where a PostgreSQL datasource lives, as its JDBC url says. */
export interface PgAddress {
  host: string;
  port: number;
  database: string;
  /** TLS: off, on without checking the certificate (`ssl=true`, `sslmode=require`), or on and checked (`verify-ca`, `verify-full`). */
  tls: 'off' | 'encrypt' | 'verify';
}

// One host only: JDBC's fail-over lists (host1,host2) are not something a one-off connection should guess at.
const PG_URL = /^jdbc:postgresql:\/\/(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9._-]+)(?::(\d{1,5}))?\/([^/?#\s]+)(?:\?([^#\s]*))?$/;

/** `jdbc:postgresql://host[:port]/database[?ssl=true|sslmode=…]`, or a 400 `连接地址格式不正确`. */
export function parsePgUrl(url: string): PgAddress {
  const match = PG_URL.exec(url.trim());
  if (!match) throw bizError(DATASOURCE_MSG.badUrl);
  const [, rawHost = '', rawPort, rawDatabase = '', rawQuery = ''] = match;
  const port = rawPort === undefined ? 5432 : Number(rawPort);
  if (port < 1 || port > 65535) throw bizError(DATASOURCE_MSG.badUrl);
  let database: string;
  try {
    database = decodeURIComponent(rawDatabase);
  } catch {
    throw bizError(DATASOURCE_MSG.badUrl);
  }
  const query = new URLSearchParams(rawQuery);
  const mode = (query.get('sslmode') ?? '').toLowerCase();
  const tls = mode === 'verify-ca' || mode === 'verify-full' ? 'verify' : mode === 'require' || query.get('ssl') === 'true' ? 'encrypt' : 'off';
  return { host: rawHost.replace(/^\[|\]$/g, ''), port, database, tls };
}
