import type { ColumnShape, LocalText } from '../../core/sdk/shared';

/**
 * What the generator writes a plugin from: the code record's choices and, per column of the table, the
 * field the author settled on. Plain data (both sides read it): the server builds it from a record and the
 * table's shape, the screen edits its fields, the generator turns it into files.
 */

/** The entity field types a column can be given (those the engine stores in one column). */
export const GEN_FIELD_TYPES = ['string', 'text', 'integer', 'number', 'money', 'switch', 'select', 'date', 'datetime', 'id', 'image', 'richtext'] as const;
export type GenFieldType = (typeof GEN_FIELD_TYPES)[number];

/** How a field is searched in the list: not at all, by substring, by its value, or by a from–to range (dates, numbers). */
export const GEN_SEARCH = ['', 'like', 'equal', 'range'] as const;
export type GenSearch = (typeof GEN_SEARCH)[number];

/** Where the plugin's menu goes: under a shell group, or a top-level group of its own named after the plugin. */
export const GEN_MENU_PARENTS = ['system', 'base', 'tools', 'own'] as const;
export type GenMenuParent = (typeof GEN_MENU_PARENTS)[number];

/** A plugin id: the folder under plugins/, lower-case letters, digits and dashes. */
export const PLUGIN_ID_PATTERN = '^[a-z][a-z0-9-]{1,30}$';
/** An entity name: camelCase, the permission code and the route's last segment. */
export const ENTITY_NAME_PATTERN = '^[a-z][a-zA-Z0-9]{1,30}$';
/** A table or column name the generator accepts: a plain lower-case identifier. */
export const IDENTIFIER_PATTERN = '^[a-z_][a-z0-9_]{0,62}$';

export interface GenField {
  /** The source column. */
  column: string;
  /** The column as the datasource declares it, shown to the author (`varchar(64)`, `int8`, `bool`…). */
  columnType: string;
  /** false: the column is left out of the plugin. */
  include: boolean;
  /** The field's name in the entity (camelCase of the column by default). */
  name: string;
  type: GenFieldType;
  label: LocalText;
  required: boolean;
  maxLength: number | null;
  min: number | null;
  max: number | null;
  /** A system dictionary's code, for a `select` field ('' for none): its entries go into the plugin's declaration. */
  dict: string;
  search: GenSearch;
  /** Shown as a column of the list. */
  list: boolean;
  /** Shown in the add / edit / view dialog. */
  form: boolean;
  sortable: boolean;
  /** A unique rule (a unique index of the table proposes it). */
  unique: boolean;
}

/** A dictionary the plugin declares (copied from the system dictionary its fields name). */
export interface GenDictionary {
  code: string;
  name: LocalText;
  /** The keys are whole numbers (the field is stored as an integer). */
  numeric: boolean;
  items: { key: string; value: LocalText }[];
}

export interface GenSpec {
  /** Where the plugin was generated from: written into its files' doc comments. */
  source: { datasource: string; table: string; recordId: string };
  pluginId: string;
  pluginName: LocalText;
  entityName: string;
  entityLabel: LocalText;
  /** The table the plugin keeps. */
  table: string;
  /** `/api/<service>/<entity path>`. */
  apiBase: string;
  menu: { parent: GenMenuParent; icon: string; sort: number };
  /** Rows belong to a tenant. */
  tenant: boolean;
  /** The audit columns (creator, times, status): BladeX's base fields. */
  audit: boolean;
  /** The rows form a tree: the field names of the parent id and of a node's title. */
  tree: { parent: string; title: string } | null;
  /** Included or not, in the table's column order. */
  fields: GenField[];
  dictionaries: GenDictionary[];
  /** Demo rows, each field's value as the entity's JSON has it (money in fen, dates `yyyy-MM-dd HH:mm:ss`). */
  demoRows: Record<string, string | number | null>[];
  /**
   * The table lives in the server's own database already: its shape there, which the plugin's migration
   * brings to the engine's (tenant, audit and delete columns added, booleans and dates converted) so the
   * rows in it are the plugin's. null: the plugin's table is made new.
   */
  adopt: { columns: ColumnShape[]; pkName: string } | null;
}

/** The record's names and options the server suggests for a table (`propose`). */
export interface ProposedRecord {
  pluginId: string;
  entityName: string;
  codeName: string;
  codeNameEn: string;
  serviceName: string;
  tablePrefix: string;
  pkName: string;
  baseMode: 1 | 2;
  tenantMode: 1 | 2;
  treeMode: 1 | 2;
  treeParent: string;
  treeTitle: string;
}

/** A file the generator writes, its path from the project's root (`plugins/<id>/index.ts`). */
export interface GenFile {
  path: string;
  content: string;
}
