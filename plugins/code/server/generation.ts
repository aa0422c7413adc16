import {
  type Actor,
  ADMIN_TENANT,
  ApiError,
  bizError,
  crudRepo,
  EMBEDDED_DATASOURCE_ID,
  entityValidator,
  type Json,
  type LocalText,
  MSG,
  type ServerContext,
  str,
  type TableShape,
  type Tx,
} from '../../../core/sdk/server';
import { type CodeRecordJson, dictionaryCandidates, GenRefusal, generatePlugin, proposeFields, proposeRecord, type SpecInput, specFromRecord } from '../generator';
import { codeEntity } from '../index';
import type { GenField, GenFile } from '../spec';
import { catalogOf, materialTable } from './catalog';
import { parseFieldsJson } from './fields-json';
import { TEXT } from './texts';

/**
 * From a code record to the files of its plugin, and the records themselves as the command line finds or
 * makes them. The screen's routes and `npm run gen` both go through here, so both write the same files.
 * Code records are global rows (no tenant): read and written in `db.global`, never holding a transaction
 * open while a datasource is asked (the embedded database is a single connection).
 */

const repoOf = (ctx: ServerContext) => crudRepo(codeEntity, ctx.ids);
/** Who a record made outside a request is made by: nobody in particular, in the administrators' tenant. */
const NOBODY: Actor = { tenantId: ADMIN_TENANT, userId: '', deptIds: [] };
const DIGITS = /^\d{1,19}$/;

type Dictionaries = SpecInput['dictionaries'];

/** A record's JSON (as the list answers it), or null. */
async function recordById(ctx: ServerContext, id: string): Promise<Json | null> {
  if (!DIGITS.test(id)) return null;
  const repo = repoOf(ctx);
  const row = await ctx.db.global((tx) => repo.find(tx, NOBODY, id));
  return row ? repo.toJson(row) : null;
}

/** The record of that id, or else of that plugin id (live ones only); null when there is none. */
export async function findRecord(ctx: ServerContext, key: string): Promise<Json | null> {
  const byId = await recordById(ctx, key);
  if (byId) return byId;
  const row = await ctx.db.global((tx) => tx.one(`select * from blade_code where plugin_id = $1 and is_deleted = 0 order by id limit 1`, [key]));
  return row ? repoOf(ctx).toJson(row) : null;
}

/** The live entries of a system dictionary, in order (none for an unknown code or without the dict plugin). */
async function dictionaryEntries(ctx: ServerContext, code: string): Promise<{ key: string; value: LocalText }[]> {
  const labels = ctx.extensions.dictionaryLabels;
  if (!labels) return [];
  const entries = await ctx.db.global((tx) => labels(tx, code));
  return [...entries].map(([key, value]) => ({ key, value }));
}

/** The dictionaries a table's columns may name that have entries, with them. */
async function candidateDictionaries(ctx: ServerContext, shape: TableShape): Promise<Dictionaries> {
  const found: Dictionaries = {};
  for (const code of new Set(dictionaryCandidates(shape))) {
    const entries = await dictionaryEntries(ctx, code);
    if (entries.length > 0) found[code] = entries;
  }
  return found;
}

/** What the generator suggests for a table: the record's settings and a field per column. */
export async function proposal(ctx: ServerContext, datasourceId: string, table: string, tablePrefix = '') {
  const { shape } = await materialTable(ctx, datasourceId, table);
  const dictionaries = await candidateDictionaries(ctx, shape);
  const record = proposeRecord(shape, { tablePrefix });
  const fields = proposeFields(shape, { dictionaries: new Set(Object.keys(dictionaries)), pkName: record.pkName });
  return { table: shape, record, fields };
}

/**
 * `<base><tail>`, else `<base><tail>-2`, `-3`…, the base cut so that each fits a plugin id (31
 * characters), that no live record uses.
 */
export async function freePluginId(tx: Tx, base: string, tail = ''): Promise<string> {
  const MAX = 31;
  const candidate = (suffix: string) => `${base.slice(0, MAX - tail.length - suffix.length).replace(/-+$/, '')}${tail}${suffix}`;
  // Every candidate starts with the base cut for the longest suffix tried.
  const common = base.slice(0, MAX - tail.length - 4).replace(/-+$/, '');
  const taken = new Set(
    (await tx.query<{ plugin_id: string }>(`select plugin_id from blade_code where is_deleted = 0 and left(plugin_id, length($1)) = $1`, [common])).map((r) => r.plugin_id),
  );
  for (let n = 1; n < 1000; n++) {
    const id = candidate(n === 1 ? '' : `-${n}`);
    if (!taken.has(id)) return id;
  }
  throw bizError(TEXT.noFreePluginId);
}

/** The values a new record takes from a table's proposal (validated as a save is; the entity's defaults for the rest). */
export function recordValues(datasourceId: string, table: string, proposed: Awaited<ReturnType<typeof proposal>>, overrides: Record<string, unknown> = {}) {
  // The proposal has no menu placement; a required field's default is not applied by the validator.
  const body = { menuParent: 'own', ...proposed.record, datasourceId, tableName: table, fields: JSON.stringify(proposed.fields), ...overrides };
  return entityValidator(codeEntity).parse(body, 'add').values;
}

/**
 * The id of the live record of that datasource's table, made from the proposal when there is none (its
 * plugin id made unique among the records). For `npm run gen <table>`.
 */
export async function recordForTable(ctx: ServerContext, datasourceId: string, table: string, tablePrefix?: string, actor: Actor = NOBODY): Promise<string> {
  const existing = async (tx: Tx) =>
    (await tx.one<{ id: string }>(`select id::text as id from blade_code where datasource_id = $1 and table_name = $2 and is_deleted = 0 order by id limit 1`, [datasourceId, table]))?.id;
  if (!DIGITS.test(datasourceId)) throw bizError(TEXT.datasourceId);
  const found = await ctx.db.global(existing);
  if (found) return found;
  const proposed = await proposal(ctx, datasourceId, table, tablePrefix ?? '');
  return ctx.db.global(async (tx) => {
    // One maker at a time: two commands for the same table make one record, and plugin ids stay unique.
    await tx.query(`select pg_advisory_xact_lock(hashtext('blade_code_new'))`);
    const made = await existing(tx);
    if (made) return made;
    const values = recordValues(datasourceId, table, proposed);
    values.pluginId = await freePluginId(tx, String(values.pluginId));
    return repoOf(ctx).insert(tx, actor, values, ctx.now());
  });
}

/** A new record like the given one: `<module name>-copy`, a plugin id no record uses, the same fields. */
export async function copyRecord(ctx: ServerContext, actor: Actor, id: string): Promise<string> {
  const repo = repoOf(ctx);
  return ctx.db.global(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('blade_code_new'))`);
    const row = await repo.find(tx, actor, id);
    if (!row) throw bizError(MSG.notFound);
    const values = repo.valuesOf(row);
    values.codeName = `${str(row.code_name).slice(0, 59)}-copy`;
    values.pluginId = await freePluginId(tx, str(row.plugin_id), '-copy');
    return repo.insert(tx, actor, values, ctx.now());
  });
}

/** The columns to copy demo rows of: the included fields' that the table still has, and its key. */
function sampledColumns(shape: TableShape, fields: readonly GenField[], pkName: string): string[] {
  const present = new Set(shape.columns.map((c) => c.name));
  const wanted = new Set(fields.filter((f) => f.include).map((f) => f.column));
  if (pkName) wanted.add(pkName);
  return shape.columns.map((c) => c.name).filter((name) => wanted.has(name) && present.has(name));
}

/** The files of a record's plugin; a 400 with the reason when it cannot be generated (nothing half made). */
async function filesOf(ctx: ServerContext, record: Json): Promise<GenFile[]> {
  const datasourceId = str(record.datasourceId);
  const table = str(record.tableName);
  const pkName = str(record.pkName);
  const fields = parseFieldsJson(record.fields);
  const { shape } = await materialTable(ctx, datasourceId, table);
  const dictionaries = await candidateDictionaries(ctx, shape);
  const settled = fields.length > 0 ? fields : proposeFields(shape, { dictionaries: new Set(Object.keys(dictionaries)), pkName });
  // A dictionary a field names but that has no entries goes in empty: the generator says so.
  for (const code of new Set(settled.filter((f) => f.include && f.dict).map((f) => f.dict))) dictionaries[code] ??= await dictionaryEntries(ctx, code);
  const rows = Number(record.demoRows) || 0;
  const catalog = catalogOf(ctx);
  const samples = rows > 0 ? await catalog.sample(ctx, datasourceId, table, sampledColumns(shape, settled, pkName), rows) : [];
  // A datasource's own name (the embedded one's is said the same way whatever the caller's language), so the files never depend on who asked.
  const datasourceName = datasourceId === EMBEDDED_DATASOURCE_ID ? undefined : (await catalog.choices(ctx)).find((c) => c.id === datasourceId)?.name;
  try {
    const spec = specFromRecord({ record: record as unknown as CodeRecordJson, shape, embedded: datasourceId === EMBEDDED_DATASOURCE_ID, samples, dictionaries, datasourceName });
    const files = generatePlugin(spec);
    const folder = `plugins/${str(record.pluginId)}/`;
    const outside = files.find((f) => !f.path.startsWith(folder) || f.path.split('/').includes('..'));
    if (outside) throw new Error(`The generator wrote ${outside.path} outside ${folder}`);
    return files;
  } catch (error) {
    if (error instanceof GenRefusal) throw bizError(error.reason);
    throw error;
  }
}

/** The files `gen-code` would zip for a record: `plugins/<id>/…`. */
export async function filesOfRecord(ctx: ServerContext, id: string): Promise<GenFile[]> {
  const record = await recordById(ctx, id);
  if (!record) throw bizError(MSG.notFound);
  return filesOf(ctx, record);
}

/**
 * The files of several records' plugins, each record checked before anything is answered; a refusal
 * names the record it is about. Two records of one plugin id cannot share a zip.
 */
export async function filesOfRecords(ctx: ServerContext, ids: readonly string[]): Promise<{ pluginIds: string[]; files: GenFile[] }> {
  const records: Json[] = [];
  for (const id of new Set(ids)) {
    const record = await recordById(ctx, id);
    if (!record) throw bizError(MSG.notFound);
    if (records.some((r) => r.pluginId === record.pluginId)) throw bizError(TEXT.samePlugin(str(record.pluginId)));
    records.push(record);
  }
  const files: GenFile[] = [];
  for (const record of records) {
    try {
      files.push(...(await filesOf(ctx, record)));
    } catch (error) {
      if (records.length > 1 && error instanceof ApiError) throw new ApiError(error.status, TEXT.ofRecord(`${str(record.codeName)} (${str(record.pluginId)})`, error.text));
      throw error;
    }
  }
  return { pluginIds: records.map((r) => str(r.pluginId)), files };
}
