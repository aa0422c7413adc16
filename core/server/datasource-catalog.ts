import { z } from 'zod';
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

/** The catalogue's answers as zod schemas, for the routes that hand them on to describe them once. */
export const catalogSchemas = {
  choice: z.object({ id: z.string(), name: z.string(), kind: z.string(), readable: z.boolean() }),
  summary: z.object({ name: z.string(), comment: z.string(), estimatedRows: z.number(), platform: z.boolean() }),
  shape: z.object({
    name: z.string(),
    comment: z.string(),
    columns: z.array(
      z.object({
        name: z.string(),
        type: z.string(),
        maxLength: z.number().nullable(),
        precision: z.number().nullable(),
        scale: z.number().nullable(),
        nullable: z.boolean(),
        hasDefault: z.boolean(),
        comment: z.string(),
        primaryKey: z.boolean(),
      }),
    ),
    indexes: z.array(z.object({ name: z.string(), columns: z.array(z.string()), unique: z.boolean(), primary: z.boolean() })),
  }),
};
