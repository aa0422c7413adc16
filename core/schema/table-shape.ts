/**
 * What the developer tools know of a datasource's tables: their names, and for one table its columns and
 * indexes as the database declares them. Plain data, read by the server (the catalogue) and the browser
 * (the datasource and code generator screens).
 */

/** The id under which the server's own database is offered (PGlite or PostgreSQL, whichever it runs on). */
export const EMBEDDED_DATASOURCE_ID = '0';

export interface TableSummary {
  name: string;
  /** The table's comment, '' when it has none. */
  comment: string;
  /** The planner's estimate (0 for a table never analysed). */
  estimatedRows: number;
  /** Kept by the platform itself (a kernel table or an installed plugin's): not material for a new plugin. */
  platform: boolean;
}

export interface ColumnShape {
  name: string;
  /** PostgreSQL's type name (`pg_type.typname`): varchar, bpchar, text, int2, int4, int8, numeric, float4, float8, bool, date, timestamp, timestamptz, json, jsonb, uuid… */
  type: string;
  /** varchar(n) / char(n): n; otherwise null. */
  maxLength: number | null;
  /** numeric(p, s): p and s; otherwise null. */
  precision: number | null;
  scale: number | null;
  nullable: boolean;
  /** The column has a default (a sequence, now(), a constant). */
  hasDefault: boolean;
  /** The column's comment, '' when it has none. */
  comment: string;
  primaryKey: boolean;
}

export interface IndexShape {
  name: string;
  /** Plain columns in index order (an expression index lists none). */
  columns: string[];
  unique: boolean;
  primary: boolean;
}

export interface TableShape {
  name: string;
  comment: string;
  /** In the table's column order. */
  columns: ColumnShape[];
  indexes: IndexShape[];
}

/** A datasource as the tools offer it: the embedded database first. */
export interface DatasourceChoice {
  id: string;
  name: string;
  /** `embedded`, `postgresql`, or the other kinds a datasource may name (listed, not connected). */
  kind: string;
  /** Whether its tables can be read. */
  readable: boolean;
}
