import { bizError, type DatasourceCatalog, type ServerContext, type TableShape, type TableSummary } from '../../../core/sdk/server';
import { TEXT } from './texts';

/** The datasource plugin's catalogue, or a 400 when it is not installed. */
export function catalogOf(ctx: ServerContext): DatasourceCatalog {
  const catalog = ctx.extensions.datasources;
  if (!catalog) throw bizError(TEXT.noCatalog);
  return catalog;
}

/**
 * A table a plugin may be generated from: one the datasource has (400 `数据表不存在`) and not one the
 * platform keeps itself (a kernel or installed plugin's table: a plugin made from it would fight the one
 * that owns it). The name is only compared with the catalogue's answer here, never put into SQL.
 */
export async function materialTable(ctx: ServerContext, datasourceId: string, table: string): Promise<{ summary: TableSummary; shape: TableShape }> {
  const catalog = catalogOf(ctx);
  const summary = (await catalog.tables(ctx, datasourceId)).find((t) => t.name === table);
  if (!summary) throw bizError(TEXT.noTable);
  if (summary.platform) throw bizError(TEXT.platformTable(table));
  const shape = await catalog.describe(ctx, datasourceId, table);
  if (!shape) throw bizError(TEXT.noTable);
  return { summary, shape };
}
