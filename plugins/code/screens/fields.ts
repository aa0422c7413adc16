import type { TFunction } from '../../../core/sdk/browser';
import type { GenField } from '../spec';

/** A record's `fields` JSON as the designer edits it; a broken or empty one is no fields (the table can be read again). */
export function readFields(text: unknown): GenField[] {
  if (typeof text !== 'string' || !text.trim()) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as GenField[]).filter((f) => f && typeof f === 'object' && typeof f.column === 'string') : [];
  } catch {
    return [];
  }
}

const FIELD_NAME = /^[a-z][a-zA-Z0-9]*$/;

/**
 * What is wrong with the fields before they are sent, said the way the author fixes it (which row, which
 * name); '' when nothing is. The server judges the rest (a name the engine keeps for itself, a type the
 * column cannot hold).
 */
export function fieldsProblem(fields: readonly GenField[], t: TFunction): string {
  const included = fields.filter((f) => f.include);
  if (fields.length === 0) return t('code.noFields');
  if (included.length === 0) return t('code.noneIncluded');
  const seen = new Set<string>();
  for (const [i, field] of fields.entries()) {
    if (!field.include) continue;
    if (!FIELD_NAME.test(field.name)) return t('code.badFieldName', { row: i + 1, name: field.name });
    if (seen.has(field.name)) return t('code.duplicateName', { name: field.name });
    seen.add(field.name);
    if (!field.label.zh.trim() || !field.label.en.trim()) return t('code.missingLabel', { row: i + 1, column: field.column });
  }
  return '';
}
