import type { Hono } from 'hono';
import { ADMIN_TENANT, type AppEnv, assertPermission, type AuthUser, bizError, currentMember, defineServerPlugin, fieldSchema, filterSql, firstIssueText, formatError, isUniqueViolation, type Json, missingParam, MSG, noPermission, num, page, pageParams, parseFilters, rData, readJson, readParams, rStatus, type ServerContext, SqlParams, str, type Tx } from '../../core/sdk/server';
import { childPrefix, childRegion, MAX_REGION_LEVEL, REGION_SLOTS, rootRegion, slotOf, type RegionRecord } from './chain';
import { regionEntity } from './entities';
import regionPlugin from './index';
import { REGION_ROOT, REGION_SEED } from './region-data';
import { describeRoute, textParams } from '../../core/sdk/server';

/**
 * Regions on the server: `blade_region` (global, keyed by code) and
 * `/api/blade-system/region/{lazy-tree,lazy-list,list,detail,select,submit,remove}`, written by hand
 * because the key is the code: the engine's repository, id parameters and tree trait all stand on a bigint
 * `id` column (and `remove?id=` takes one code). Reading needs the `region` menu (or one of its buttons);
 * writing is for the super administrator (administrator of tenant 000000) only.
 */
const BASE = '/blade-system/region';
const CODE = /^\d{1,12}$/;
const MAX_CODE = 12;

const MSG_PARENT_REQUIRED = { zh: '请输入父区划编号', en: 'Please enter the parent region code' };
const MSG_PARENT_MISSING = { zh: '上级区划不存在', en: 'The parent region does not exist' };
const MSG_CODE_EXISTS = { zh: '区划编号已存在', en: 'This region code already exists' };
const MSG_CODE_PREFIX = { zh: '区划编号须以上级区划编号开头', en: "A region code must start with its parent's code" };
const MSG_TOO_DEEP = { zh: '村级区划不能再新增下级', en: 'A village cannot have sub-regions' };
const MSG_CODE_MISMATCH = { zh: '区划编号须为上级区划编号加区划子编号', en: "A region code must be its parent's code followed by the sub code" };

const slotColumns = REGION_SLOTS.flatMap((slot) => [`${slot}_code`, `${slot}_name`]);
const COLUMNS = ['code', 'parent_code', 'ancestors', 'name', ...slotColumns, 'region_level', 'sort', 'remark'];

const schema = `
create table blade_region (
  code varchar(12) primary key,
  parent_code varchar(12) not null default '',
  ancestors varchar(255) not null default '',
  name varchar(64) not null,
${REGION_SLOTS.map((slot) => `  ${slot}_code varchar(12),\n  ${slot}_name varchar(64),`).join('\n')}
  region_level int not null default 0,
  sort int,
  remark varchar(255)
);
create index blade_region_parent on blade_region (parent_code, sort, code);
`;

/** A row's values in column order. */
function rowValues(r: RegionRecord): (string | number | null)[] {
  const slots = REGION_SLOTS.flatMap((slot) => [r.slots[slot]?.code ?? null, r.slots[slot]?.name ?? null]);
  return [r.code, r.parentCode, r.ancestors, r.name, ...slots, r.regionLevel, r.sort, r.remark];
}

/** The seed rows: the root, then each group below its (already made) parent. */
function seedRegions(): RegionRecord[] {
  const root = rootRegion(REGION_ROOT.name);
  const byCode = new Map<string, RegionRecord>([[root.code, root]]);
  for (const group of REGION_SEED) {
    const parent = byCode.get(group.parent);
    if (!parent) throw new Error(`Region seed: parent ${group.parent} comes after its children.`);
    group.children.forEach(([code, name], i) => byCode.set(code, childRegion(parent, { code, name, sort: i + 1 })));
  }
  return [...byCode.values()];
}

/** The seed as one insert (constants of this plugin, quoted; part of the migration, so of its identity). */
function seedSql(): string {
  const literal = (v: string | number | null) => (v === null ? 'null' : typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`);
  const rows = seedRegions().map((r) => `(${rowValues(r).map(literal).join(', ')})`);
  return `insert into blade_region (${COLUMNS.join(', ')}) values\n${rows.join(',\n')};`;
}

interface RegionRow {
  code: string;
  parent_code: string;
  ancestors: string;
  name: string;
  region_level: number;
  sort: number | null;
  remark: string | null;
  has_children?: boolean;
  parent_name?: string | null;
  [column: string]: unknown;
}

const camel = (column: string) => column.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** The Region JSON (BladeX: camelCase, null strings ''). */
function regionJson(row: RegionRow): Json {
  const json: Json = {};
  for (const column of COLUMNS) json[camel(column)] = column === 'region_level' || column === 'sort' ? num(row[column]) : str(row[column]);
  return json;
}

/** RegionVO: the Region plus `hasChildren` and the parent's name. */
function regionVo(row: RegionRow): Json {
  return { ...regionJson(row), hasChildren: !!row.has_children, parentName: str(row.parent_name) };
}

function treeNode(row: RegionRow) {
  return { id: row.code, parentId: row.parent_code, title: row.name, key: row.code, value: row.code, hasChildren: !!row.has_children };
}

function recordOf(row: RegionRow): RegionRecord {
  const slots: RegionRecord['slots'] = {};
  for (const slot of REGION_SLOTS) {
    const code = row[`${slot}_code`];
    if (typeof code === 'string' && code) slots[slot] = { code, name: str(row[`${slot}_name`]) };
  }
  return { code: row.code, parentCode: row.parent_code, ancestors: row.ancestors, name: row.name, regionLevel: Number(row.region_level), sort: Number(row.sort ?? 0), remark: row.remark, slots };
}

const SELECT = `select r.*, exists (select 1 from blade_region c where c.parent_code = r.code) as has_children, p.name as parent_name
  from blade_region r left join blade_region p on p.code = r.parent_code`;
const ORDER = 'order by r.sort asc nulls first, r.code asc';

/** A code parameter: blank → undefined; not 1 to 12 digits → 400. */
function codeParam(value: string | undefined, name: string): string | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (!CODE.test(v)) throw bizError(formatError(name));
  return v;
}

/** Filters of a list call (the entity's search fields), as SQL on alias `r.`. */
function filterConditions(query: Record<string, string>, p: SqlParams, skip: readonly string[] = []): string[] {
  const rest = Object.fromEntries(Object.entries(query).filter(([key]) => !skip.includes(key)));
  const parsed = parseFilters(regionEntity, rest);
  if (!parsed.ok) throw bizError(parsed.message);
  return parsed.filters.map((f) => filterSql(f, p, 'r.'));
}

async function findRegion(tx: Tx, code: string): Promise<RegionRow | undefined> {
  return tx.one<RegionRow>(`${SELECT} where r.code = $1`, [code]);
}

/** The children of a code ('' : the root), with the list's filters. */
async function childrenOf(tx: Tx, parentCode: string, query: Record<string, string>): Promise<RegionRow[]> {
  const p = new SqlParams();
  const where = [`r.parent_code = ${p.add(parentCode)}`, ...filterConditions(query, p, ['parentCode'])];
  return tx.query<RegionRow>(`${SELECT} where ${where.join(' and ')} ${ORDER} limit 10000`, p.values);
}

/** Writes: the super administrator only (the tree is every tenant's). */
function assertRegionAdministrator(user: AuthUser): void {
  if (!user.isAdministrator || user.tenantId !== ADMIN_TENANT) throw noPermission();
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** One field of the submit body through the definition's rule (length, pattern, bounds): undefined when blank. */
function fieldValue(body: Record<string, unknown>, name: keyof typeof regionEntity.fields): string | number | undefined {
  const raw = body[name];
  if (blank(raw)) return undefined;
  const result = fieldSchema(name, regionEntity.fields[name]).safeParse(typeof raw === 'string' && name !== 'remark' ? raw.trim() : raw);
  if (!result.success) throw bizError(firstIssueText(result.error, name));
  return result.data;
}

function regionRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  /** Read work after the read check (the `region` menu or one of its buttons). */
  const read = <T>(user: AuthUser, work: (tx: Tx) => Promise<T>) =>
    ctx.db.tenant(user.tenantId, async (tx) => {
      await assertPermission(tx, user, regionEntity.permission, { withButtons: true });
      return work(tx);
    });

  // lazy-tree?parentCode=: one level as TreeNodes (no parentCode: the root, 中国).
  api.get(`${BASE}/lazy-tree`, describeRoute({ summary: { zh: '行政区划懒加载树（一层选项）', en: 'Regions: one level of choices' }, query: textParams({ parentCode: { zh: '上级区划编号（不传：顶级“中国”）', en: 'Parent region code (absent: the root, China)' } }), entity: regionEntity, returns: 'nodes' }), async (c) => {
    const user = currentMember(c);
    const query = c.req.query();
    const parentCode = codeParam(query.parentCode, 'parentCode') ?? '';
    const nodes = await read(user, async (tx) => (await childrenOf(tx, parentCode, query)).map(treeNode));
    return c.json(rData(nodes));
  });

  // lazy-list?parentCode=: one level as RegionVOs.
  api.get(`${BASE}/lazy-list`, describeRoute({ summary: { zh: '行政区划懒加载列表（一层）', en: 'Regions: one level' }, query: textParams({ parentCode: { zh: '上级区划编号（不传：顶级“中国”）', en: 'Parent region code (absent: the root, China)' } }), entity: regionEntity, returns: 'rows' }), async (c) => {
    const user = currentMember(c);
    const query = c.req.query();
    const parentCode = codeParam(query.parentCode, 'parentCode') ?? '';
    const rows = await read(user, async (tx) => (await childrenOf(tx, parentCode, query)).map(regionVo));
    return c.json(rData(rows));
  });

  // list: paged, filters code / name / regionLevel.
  api.get(`${BASE}/list`, describeRoute({ summary: { zh: '行政区划分页列表', en: 'Regions: paged list' }, entity: regionEntity, returns: 'page', filters: true }), async (c) => {
    const user = currentMember(c);
    const query = c.req.query();
    const { current, size, offset } = pageParams(query);
    const result = await read(user, async (tx) => {
      const p = new SqlParams();
      const conditions = filterConditions(query, p);
      const where = conditions.length ? `where ${conditions.join(' and ')}` : '';
      const counted = await tx.one<{ total: number }>(`select count(*)::int as total from blade_region r ${where}`, p.values);
      const total = counted?.total ?? 0;
      if (total <= offset) return page([], total, current, size);
      const rows = await tx.query<RegionRow>(`${SELECT} ${where} ${ORDER} limit ${p.add(size)} offset ${p.add(offset)}`, p.values);
      return page(rows.map(regionVo), total, current, size);
    });
    return c.json(rData(result));
  });

  api.get(`${BASE}/detail`, describeRoute({ summary: { zh: '行政区划详情', en: 'Region: detail' }, query: textParams({ 'code!': { zh: '区划编号', en: 'Region code' } }), entity: regionEntity, returns: 'row' }), async (c) => {
    const user = currentMember(c);
    const code = codeParam(c.req.query('code'), 'code');
    if (!code) throw missingParam('code');
    const row = await read(user, (tx) => findRegion(tx, code));
    return c.json(rData(row ? regionVo(row) : null));
  });

  // select?code=00: the children of a code, for cascading pickers.
  api.get(`${BASE}/select`, describeRoute({ summary: { zh: '某区划的下级（级联选择）', en: 'The sub-regions of a code (cascading pickers)' }, query: textParams({ code: { zh: '上级区划编号（默认 00）', en: 'Parent region code (default 00)' } }) }), async (c) => {
    const user = currentMember(c);
    const code = codeParam(c.req.query('code'), 'code') ?? rootRegion('').code;
    const rows = await read(user, (tx) => tx.query<RegionRow>(`select r.* from blade_region r where r.parent_code = $1 ${ORDER} limit 10000`, [code]));
    return c.json(rData(rows.map(regionJson)));
  });

  // submit: an edit when the code exists (code and parent stay); else a new child of parentCode, its code
  // the parent's followed by subCode (or given whole).
  api.post(`${BASE}/submit`, describeRoute({ summary: { zh: '新增或修改行政区划（仅超级管理员）', en: 'Add or edit a region (super administrator)' }, description: { zh: '编号已存在为修改（编号与上级不变）；否则新增为 parentCode 的下级，编号为上级编号加 subCode。', en: "An existing code is an edit (code and parent stay); otherwise a new child of parentCode, its code the parent's followed by subCode." }, entity: regionEntity, accepts: 'submit' }), async (c) => {
    const user = currentMember(c);
    assertRegionAdministrator(user);
    const input = await readJson(c);
    if (typeof input !== 'object' || input === null || Array.isArray(input)) throw bizError(formatError('body'));
    const body = input as Record<string, unknown>;
    const subCode = fieldValue(body, 'subCode') as string | undefined;
    const givenCode = fieldValue(body, 'code') as string | undefined;
    const parentCode = fieldValue(body, 'parentCode') as string | undefined;
    if (parentCode !== undefined && !CODE.test(parentCode)) throw bizError(formatError('parentCode'));
    const name = fieldValue(body, 'name') as string | undefined;
    const sort = fieldValue(body, 'sort') as number | undefined;
    const remark = fieldValue(body, 'remark') as string | undefined;
    const required = (field: 'name' | 'sort') => regionEntity.fields[field].required!;

    await ctx.db.tenant(user.tenantId, async (tx) => {
      // A code that exists is an edit (BladeX: Saber sends the code, and the sub code, both ways).
      const existing = givenCode !== undefined ? await findRegion(tx, givenCode) : undefined;
      if (existing) {
        // An edit: the code and the parent stay; name, sort and remark change (absent: unchanged).
        if (Object.hasOwn(body, 'name') && name === undefined) throw bizError(required('name'));
        if (Object.hasOwn(body, 'sort') && sort === undefined) throw bizError(required('sort'));
        const newName = name ?? existing.name;
        await tx.query(`update blade_region set name = $1, sort = $2, remark = $3 where code = $4`, [
          newName,
          sort ?? existing.sort,
          Object.hasOwn(body, 'remark') ? (remark ?? null) : existing.remark,
          existing.code,
        ]);
        // The name is repeated in the province … village columns of the row and its descendants.
        const slot = slotOf(Number(existing.region_level));
        if (slot && newName !== existing.name) await tx.query(`update blade_region set ${slot}_name = $1 where ${slot}_code = $2`, [newName, existing.code]);
        return;
      }
      if (parentCode === undefined) throw bizError(MSG_PARENT_REQUIRED);
      const parent = await findRegion(tx, parentCode);
      if (!parent) throw bizError(MSG_PARENT_MISSING);
      if (Number(parent.region_level) >= MAX_REGION_LEVEL) throw bizError(MSG_TOO_DEEP);
      const prefix = childPrefix(parent.code);
      const code = subCode !== undefined ? prefix + subCode : givenCode;
      if (code === undefined) throw bizError(regionEntity.fields.code.required!);
      if (givenCode !== undefined && givenCode !== code) throw bizError(MSG_CODE_MISMATCH);
      if (code.length > MAX_CODE) throw bizError(MSG.tooLong('code', MAX_CODE));
      if (!code.startsWith(prefix) || code.length <= prefix.length || code === parent.code) throw bizError(MSG_CODE_PREFIX);
      if (name === undefined) throw bizError(required('name'));
      if (sort === undefined) throw bizError(required('sort'));
      if (await findRegion(tx, code)) throw bizError(MSG_CODE_EXISTS);
      const record = childRegion(recordOf(parent), { code, name, sort, remark: remark ?? null });
      const p = new SqlParams();
      const placeholders = rowValues(record).map((v) => p.add(v));
      try {
        await tx.query(`insert into blade_region (${COLUMNS.join(', ')}) values (${placeholders.join(', ')})`, p.values);
      } catch (error) {
        if (isUniqueViolation(error)) throw bizError(MSG_CODE_EXISTS);
        throw error;
      }
    });
    return c.json(rStatus(true));
  });

  // remove?id=<code>: only a region without children.
  api.post(`${BASE}/remove`, describeRoute({ summary: { zh: '删除行政区划（仅超级管理员，须无下级）', en: 'Remove a region (super administrator; it must have no children)' }, params: textParams({ 'id!': { zh: '区划编号', en: 'Region code' } }) }), async (c) => {
    const user = currentMember(c);
    assertRegionAdministrator(user);
    const params = await readParams(c);
    const code = codeParam(params.id, 'id');
    if (!code) throw missingParam('id');
    const removed = await ctx.db.tenant(user.tenantId, async (tx) => {
      if (await tx.one(`select 1 as found from blade_region where parent_code = $1 limit 1`, [code])) throw bizError(MSG.hasChildren);
      return (await tx.query(`delete from blade_region where code = $1 returning code`, [code])).length;
    });
    return c.json(rStatus(removed > 0));
  });
}

export default defineServerPlugin(regionPlugin, {
  migrations: [
    { id: '001_blade_region', sql: schema },
    // Reference data, not demo data: part of the schema's history like BladeX's SQL script.
    { id: '002_region_seed', sql: seedSql() },
  ],
  routes: regionRoutes,
});
