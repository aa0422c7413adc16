import type { EntityDef } from '../../schema/entity';
import type { Tx } from '../db/types';
import { isUniqueViolation } from '../db/errors';
import { bizError } from '../http/errors';
import { MSG } from '../http/messages';
import { formatDateTime, num, str } from '../http/format';
import { page, type Page } from '../http/page';
import type { IdGenerator } from '../ids';
import { validIds } from '../user/users';
import { AUDIT_COLUMN, AUDIT_FIELDS, checkEntity, entityFields, type ResolvedField } from './columns';
import { formatError, type EntityValues } from './body';
import { readPage } from './list-page';
import { filterSql, parseListQuery, SqlParams, type OrderTerm, type Where } from './sql';

/**
 * The queries of one entity: paged list, list, find, insert, update, remove, unique check, and the JSON
 * form of a row. Every statement carries the tenant filter (tenant entities) and `is_deleted = 0` (logical
 * delete) and binds every value; run them inside `ctx.db.tenant(user.tenantId, …)` so row-level security
 * is the second lock.
 */

/** Who is acting: the parts of `AuthUser` the engine needs. */
export interface Actor {
  tenantId: string;
  userId: string;
  deptIds: readonly string[];
}

export type DbRow = Record<string, unknown>;
export type Json = Record<string, unknown>;

export interface QueryOptions {
  /** Extra conditions (bind values through `p`). */
  where?: Where[];
}

export interface CrudRepo {
  readonly entity: EntityDef;
  /** Conditions every statement carries: tenant, not deleted. */
  scope(actor: Actor, p: SqlParams, alias?: string): string[];
  /**
   * `GET list|page`: filters, sorting and paging from the query string; `searchCount=false` (no count) and
   * `afterId` (the rows after that row) too. The total is bounded: see list-page.ts.
   */
  page(tx: Tx, actor: Actor, query: Readonly<Record<string, string | undefined>>, options?: QueryOptions & { toJson?: (row: DbRow) => Json }): Promise<Page<Json>>;
  /** Every matching row (filters and sorting from the query string, no paging; at most `limit`, 10,000). */
  rows(tx: Tx, actor: Actor, query: Readonly<Record<string, string | undefined>>, options?: QueryOptions & { limit?: number }): Promise<DbRow[]>;
  find(tx: Tx, actor: Actor, id: string, options?: QueryOptions): Promise<DbRow | undefined>;
  /** Inserts with the audit fill; returns the new id. */
  insert(tx: Tx, actor: Actor, values: EntityValues, now: Date, id?: string): Promise<string>;
  /** Updates the row of the caller's tenant; false when there is none. */
  update(tx: Tx, actor: Actor, id: string, values: EntityValues, now: Date, options?: QueryOptions): Promise<boolean>;
  /** Brings back a logically removed row of the caller's; false when there is none. */
  restore(tx: Tx, actor: Actor, id: string): Promise<boolean>;
  /** Logical (or real) delete of the caller's rows among `ids`; returns how many. */
  remove(tx: Tx, actor: Actor, ids: readonly string[], now: Date, options?: QueryOptions): Promise<number>;
  /** Throws the rule's message when another live row holds the same unique values. */
  assertUnique(tx: Tx, actor: Actor, values: EntityValues, exceptId?: string): Promise<void>;
  /** BladeX JSON of a row: camelCase, ids as strings, dates `yyyy-MM-dd HH:mm:ss`, null strings ''. */
  toJson(row: DbRow): Json;
  /** Field values of a stored row (for merging an update before the unique check). */
  valuesOf(row: DbRow): EntityValues;
}

const pad = (n: number) => String(n).padStart(2, '0');

function formatDate(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function jsonValue(f: ResolvedField, value: unknown): unknown {
  switch (f.kind) {
    case 'int':
      // An amount left empty is no amount: BladeX's -1 for a missing number would read as ¥-0.01.
      return f.field.type === 'money' && (value === null || value === undefined) ? null : num(value);
    case 'decimal':
    case 'id':
    case 'text':
      return str(value);
    case 'date':
      return formatDate(value);
    case 'datetime':
      return formatDateTime(value);
  }
}

function storedValue(f: ResolvedField, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  switch (f.kind) {
    case 'int':
      return Number(value);
    case 'date':
      return formatDate(value);
    case 'datetime':
      return formatDateTime(value);
    default:
      return String(value);
  }
}

const MAX_ROWS = 10_000;

/** `searchCount=false`: the caller has the total already (MyBatis-Plus's flag of the same name); no count is made. */
export const SEARCH_COUNT = 'searchCount';
/** `afterId=<id>`: the page is the rows after that row in the list's order (its last row, sent back for the next page). */
export const AFTER_ID = 'afterId';

/**
 * Extra conditions of a caller, each in parentheses: one written `a or b` stays one condition ANDed to
 * the tenant's, whatever it holds.
 */
function extraConditions(options: QueryOptions, p: SqlParams): string[] {
  return (options.where ?? []).map((w) => `(${w(p)})`);
}

/** Audit times to the second, as BladeX keeps them (a time shown is a time that can be filtered on exactly). */
const toSecond = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000);

export function crudRepo(entity: EntityDef, ids: IdGenerator): CrudRepo {
  checkEntity(entity);
  const table = entity.table;
  const fields = entityFields(entity);
  const byName = new Map(fields.map((f) => [f.name, f]));

  const scope = (actor: Actor, p: SqlParams, alias = ''): string[] => {
    const conditions: string[] = [];
    if (entity.tenant) conditions.push(`${alias}tenant_id = ${p.add(actor.tenantId)}`);
    if (entity.logicalDelete) conditions.push(`${alias}is_deleted = 0`);
    return conditions;
  };
  const whereOf = (conditions: string[]) => (conditions.length ? `where ${conditions.join(' and ')}` : '');

  const uniqueMessage = () => entity.unique?.[0]?.message ?? MSG.exists;

  /**
   * A list read as the engine builds it: for a tenant entity, as the tables' owner inside the request's
   * transaction, the tenant bound by `scope` (see core/server/db/scoped.ts for why and what it costs).
   */
  const listRead = <T>(tx: Tx, actor: Actor, read: (tx: Tx) => Promise<T>): Promise<T> =>
    entity.tenant && tx.asOwner ? tx.asOwner(actor.tenantId, read) : read(tx);

  /** The values of a row's order terms, as text (they are bound back with their column's type); undefined when it is not the caller's. */
  const anchorOf = async (tx: Tx, actor: Actor, id: string, terms: readonly OrderTerm[]) => {
    const p = new SqlParams();
    const where = whereOf([`id = ${p.add(id)}`, ...(entity.tenant ? [`tenant_id = ${p.add(actor.tenantId)}`] : [])]);
    const row = await tx.one<Record<string, string | null>>(`select ${terms.map((t, i) => `${t.column}::text as k${i}`).join(', ')} from ${table} ${where}`, p.values);
    return row ? terms.map((_, i) => row[`k${i}`] ?? null) : undefined;
  };

  const repo: CrudRepo = {
    entity,
    scope,

    async page(tx, actor, query, options = {}) {
      const q = parseListQuery(entity, query);
      const conditions = (p: SqlParams) => [...scope(actor, p), ...q.filters.map((f) => filterSql(f, p)), ...extraConditions(options, p)];
      const count = query[SEARCH_COUNT] !== 'false';
      const afterId = query[AFTER_ID]?.trim();
      if (afterId && validIds([afterId]).length === 0) throw bizError(formatError(AFTER_ID));
      const read = await listRead(tx, actor, async (reader) => {
        const anchor = afterId ? await anchorOf(reader, actor, afterId, q.terms) : undefined;
        const unfiltered = q.filters.length === 0 && !options.where?.length;
        return readPage<DbRow>(reader, { table, conditions, terms: q.terms, size: q.size, offset: q.offset, anchor, count, unfiltered });
      });
      const answer: Page<Json> = page(read.rows.map(options.toJson ?? repo.toJson), read.total, q.current, q.size);
      if (!count) return { ...answer, searchCount: false };
      return read.exact ? answer : { ...answer, totalExact: false };
    },

    async rows(tx, actor, query, options = {}) {
      const q = parseListQuery(entity, query);
      const p = new SqlParams();
      const where = whereOf([...scope(actor, p), ...q.filters.map((f) => filterSql(f, p)), ...extraConditions(options, p)]);
      const limit = p.add(Math.min(options.limit ?? MAX_ROWS, MAX_ROWS));
      return listRead(tx, actor, (reader) => reader.query<DbRow>(`select * from ${table} ${where} order by ${q.order} limit ${limit}`, p.values));
    },

    async find(tx, actor, id, options = {}) {
      if (validIds([id]).length === 0) return undefined;
      const p = new SqlParams();
      const where = whereOf([`id = ${p.add(id)}`, ...scope(actor, p), ...extraConditions(options, p)]);
      return tx.one<DbRow>(`select * from ${table} ${where}`, p.values);
    },

    async insert(tx, actor, values, now, id = ids.next()) {
      const p = new SqlParams();
      const columns = ['id'];
      const placeholders = [p.add(id)];
      if (entity.tenant) {
        columns.push('tenant_id');
        placeholders.push(p.add(actor.tenantId));
      }
      for (const [name, value] of Object.entries(values)) {
        const f = byName.get(name);
        if (!f) continue;
        columns.push(f.column);
        placeholders.push(p.add(value));
      }
      if (entity.audit) {
        const userId = validIds([actor.userId])[0] ?? null;
        const dept = validIds([...actor.deptIds])[0] ?? null;
        columns.push('create_user', 'create_dept', 'create_time', 'update_user', 'update_time');
        placeholders.push(p.add(userId), p.add(dept), p.add(toSecond(now)), p.add(userId), p.add(toSecond(now)));
        // Unless the entity's `status` field gave its value above, a new row is live (1).
        if (!columns.includes(AUDIT_COLUMN.status)) {
          columns.push(AUDIT_COLUMN.status);
          placeholders.push(p.add(1));
        }
      }
      try {
        await tx.query(`insert into ${table} (${columns.join(', ')}) values (${placeholders.join(', ')})`, p.values);
      } catch (error) {
        if (isUniqueViolation(error)) throw bizError(uniqueMessage());
        throw error;
      }
      return id;
    },

    async update(tx, actor, id, values, now, options = {}) {
      if (validIds([id]).length === 0) return false;
      const p = new SqlParams();
      const sets: string[] = [];
      for (const [name, value] of Object.entries(values)) {
        const f = byName.get(name);
        if (f) sets.push(`${f.column} = ${p.add(value)}`);
      }
      if (entity.audit) sets.push(`update_user = ${p.add(validIds([actor.userId])[0] ?? null)}`, `update_time = ${p.add(toSecond(now))}`);
      if (sets.length === 0) sets.push('id = id');
      const where = whereOf([`id = ${p.add(id)}`, ...scope(actor, p), ...extraConditions(options, p)]);
      try {
        const rows = await tx.query(`update ${table} set ${sets.join(', ')} ${where} returning id`, p.values);
        return rows.length > 0;
      } catch (error) {
        if (isUniqueViolation(error)) throw bizError(uniqueMessage());
        throw error;
      }
    },

    async restore(tx, actor, id) {
      if (!entity.logicalDelete || validIds([id]).length === 0) return false;
      const p = new SqlParams();
      const tenant = entity.tenant ? [`tenant_id = ${p.add(actor.tenantId)}`] : [];
      return (await tx.query(`update ${table} set is_deleted = 0 ${whereOf([`id = ${p.add(id)}`, ...tenant, 'is_deleted = 1'])} returning id`, p.values)).length > 0;
    },

    async remove(tx, actor, list, now, options = {}) {
      const valid = validIds([...list]);
      if (valid.length === 0) return 0;
      const p = new SqlParams();
      const audit = entity.logicalDelete && entity.audit ? `, update_user = ${p.add(validIds([actor.userId])[0] ?? null)}, update_time = ${p.add(toSecond(now))}` : '';
      const where = whereOf([`id = any(${p.add(valid)}::bigint[])`, ...scope(actor, p), ...extraConditions(options, p)]);
      if (!entity.logicalDelete) return (await tx.query(`delete from ${table} ${where} returning id`, p.values)).length;
      return (await tx.query(`update ${table} set is_deleted = 1${audit} ${where} returning id`, p.values)).length;
    },

    async assertUnique(tx, actor, values, exceptId) {
      for (const rule of entity.unique ?? []) {
        const p = new SqlParams();
        const conditions = scope(actor, p);
        let complete = true;
        for (const name of rule.fields) {
          const value = values[name];
          if (value === null || value === undefined) complete = false;
          else conditions.push(`${byName.get(name)!.column} = ${p.add(value)}`);
        }
        if (!complete) continue;
        if (exceptId) conditions.push(`id <> ${p.add(exceptId)}`);
        const clash = await tx.one(`select 1 as found from ${table} ${whereOf(conditions)} limit 1`, p.values);
        if (clash) throw bizError(rule.message);
      }
    },

    toJson(row) {
      const json: Json = { id: str(row.id) };
      if (entity.tenant) json.tenantId = str(row.tenant_id);
      for (const f of fields) json[f.name] = jsonValue(f, row[f.column]);
      if (entity.audit) {
        for (const name of AUDIT_FIELDS) {
          const value = row[AUDIT_COLUMN[name]];
          json[name] = name === 'status' ? num(value) : name.endsWith('Time') ? formatDateTime(value) : str(value);
        }
      }
      if (entity.logicalDelete) json.isDeleted = num(row.is_deleted);
      return json;
    },

    valuesOf(row) {
      const values: EntityValues = {};
      for (const f of fields) values[f.name] = storedValue(f, row[f.column]);
      return values;
    },
  };
  return repo;
}
