/** The kinds of datasource the tools know by their JDBC driver; only PostgreSQL can be connected (we ship its driver alone). */
export type DatasourceKind = 'postgresql' | 'mysql' | 'oracle' | 'other';

export function kindOfDriver(driverClass: string): DatasourceKind {
  if (driverClass === 'org.postgresql.Driver') return 'postgresql';
  if (driverClass.startsWith('com.mysql.') || driverClass === 'org.mariadb.jdbc.Driver') return 'mysql';
  if (driverClass.startsWith('oracle.jdbc.')) return 'oracle';
  return 'other';
}

export const isReadableKind = (kind: string): boolean => kind === 'postgresql' || kind === 'embedded';
