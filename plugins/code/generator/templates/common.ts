import type { GenField, GenSpec } from '../../spec';
import { snakeOf } from '../names';
import { commentText } from '../ts-text';

/** Names the generated files share. */
export const entityConst = (spec: GenSpec) => `${spec.entityName}Entity`;
export const pluginConst = (spec: GenSpec) => `${spec.entityName}Plugin`;
export const serverConst = (spec: GenSpec) => `${spec.entityName}Server`;
export const screenName = (spec: GenSpec) => `${spec.entityName.charAt(0).toUpperCase()}${spec.entityName.slice(1)}Page`;
/** The key of the plugin's own texts (`<id>.addChild`). */
export const messagesKey = (spec: GenSpec) => spec.pluginId;

/** The fields the plugin keeps, in the table's order. */
export const includedFields = (spec: GenSpec): GenField[] => spec.fields.filter((f) => f.include);

/** The column a field names when it is not the engine's default for its name. */
export const explicitColumn = (field: GenField): string | undefined => (snakeOf(field.name) === field.column ? undefined : field.column);

/** The line every generated file's doc comment ends with: where it came from. */
export function provenance(spec: GenSpec): string {
  const record = spec.source.recordId ? ` (code record ${commentText(spec.source.recordId)})` : '';
  return `Generated from table \`${commentText(spec.source.table)}\` of ${commentText(spec.source.datasource)}${record}.`;
}

/** The menu the resource hangs under: a shell group, or the plugin's own top-level group. */
export const groupCode = (spec: GenSpec) => (spec.pluginId === spec.entityName ? `${spec.pluginId}-menu` : spec.pluginId);
