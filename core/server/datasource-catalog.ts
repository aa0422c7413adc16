import type { DatasourceChoice, TableShape, TableSummary } from '../schema/table-shape';
import type { ServerContext } from './context';

/**
 * What the developer tools read of a datasource's tables: their names, and for one table its columns and
 * indexes as the database declares them. The kernel keeps no datasource itself; the plugin that keeps them
 * provides this (`Provides.datasources`), the server's own database always among them under
 * `EMBEDDED_DATASOURCE_ID` (core/schema/table-shape.ts). Table and column names only ever reach SQL as parameters, or quoted after
 * being found in the catalogue.
 */

/**
 * The catalogue. Every method refuses with a `bizError` in the caller's language (an unknown datasource, a
 * kind that cannot be connected, a refused or timed-out connection), never with the password or a stack.
 */
export interface DatasourceCatalog {
  choices(ctx: ServerContext): Promise<DatasourceChoice[]>;
  tables(ctx: ServerContext, datasourceId: string): Promise<TableSummary[]>;
  /** null: no such table. */
  describe(ctx: ServerContext, datasourceId: string, table: string): Promise<TableShape | null>;
  /**
   * Up to `limit` rows of the table (the primary key's order when it has one), with only the named columns,
   * each of which must be one of the table's: for demo data copied into a generated plugin.
   */
  sample(ctx: ServerContext, datasourceId: string, table: string, columns: readonly string[], limit: number): Promise<Record<string, unknown>[]>;
}
