import type { EntityDef, FieldDef } from '../schema/entity';

/** A row as the server sends it (ids are strings); what a row of an entity not known here is. */
export type Row = Record<string, unknown> & { id?: string };

/**
 * The value of a field as the server sends it: integers, switches and selects with numeric options are
 * numbers; text, dates, ids, decimals (kept exact as strings) and selects with string options are strings;
 * a dictionary's key may come either way.
 */
export type FieldValue<F extends FieldDef> = F['type'] extends 'integer' | 'switch'
  ? number
  : F['type'] extends 'select'
    ? F extends { dict: { numeric: true } }
      ? number
      : F extends { options: readonly { value: infer V }[] }
      ? V extends number
        ? number
        : string
      : string | number
    : string;

/** The audit columns an entity with `audit: true` carries (ids as strings, times `yyyy-MM-dd HH:mm:ss`). */
export interface AuditFields {
  createUser?: string;
  createDept?: string;
  createTime?: string;
  updateUser?: string;
  updateTime?: string;
  status?: number;
}

/**
 * A row of an entity, typed from its definition: each field by its type, the id, the audit columns (unless
 * the definition's type says `audit: false`; they are optional anyway), and whatever else the server adds
 * (a tree's `children`, a `parentName`) as unknown. Values may be missing or null (a new row, an optional
 * field). For an entity whose fields are not known where it is used, a plain Row.
 */
export type RowOf<E extends EntityDef> = string extends keyof E['fields']
  ? Row // an entity whose fields are not known here
  : Row & { [K in keyof E['fields']]?: FieldValue<E['fields'][K]> | null } & (E['audit'] extends false ? unknown : AuditFields);
