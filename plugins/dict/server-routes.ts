import type { Hono } from 'hono';
import { type AppEnv, bizError, buildTree, crudRepo, currentLanguage, currentMember, type DbRow, type EntityDef, entityRoute, type Json, localize, missingParam, MSG, parseId, rData, requirePermission, type ServerContext, SqlParams, str } from '../../core/sdk/server';
import { describeRoute, textParams } from '../../core/sdk/server';

/**
 * The dictionary endpoints that are no list of the resource: `parent-list` (the dictionaries, paged),
 * `child-list` (one dictionary's entries as a tree) and `dictionary?code=` (the entries every select
 * reads). `row` is the resource (every field), `form` the dictionary form's view of the same rows.
 */

const MAX_CODE = 255;

type RowJson = Json & { id: string; parentId: string; sort: number; parentName: string; children?: RowJson[] };

const blank = (value: unknown) => value === null || value === undefined || String(value).trim() === '';

/** A row whose value is the one the caller reads: the English value for an English caller, when there is one. */
function inCallersLanguage(row: DbRow): DbRow {
  return currentLanguage() === 'en' && !blank(row.dict_value_en) ? { ...row, dict_value: row.dict_value_en } : row;
}

export function dictionaryRoutes(api: Hono<AppEnv>, ctx: ServerContext, row: EntityDef, form: EntityDef): void {
  const rows = crudRepo(row, ctx.ids);
  const dictionaries = crudRepo(form, ctx.ids);
  const route = (action: string) => entityRoute(row, action);
  const canRead = requirePermission(ctx, row.permission, { withButtons: true });
  const withParentName = (r: DbRow, parentName: string): RowJson => ({ ...rows.toJson(r), id: str(r.id), parentId: str(r.parent_id), sort: Number(r.sort), parentName });

  api.get(route('parent-list'), describeRoute({ summary: { zh: '字典列表（顶级行，分页）', en: 'Dictionaries (their top-level rows, paged)' }, entity: form, returns: 'page', filters: true }), canRead, async (c) => {
    const user = currentMember(c);
    const query = c.req.query();
    const result = await ctx.db.tenant(user.tenantId, (tx) =>
      dictionaries.page(tx, user, query, { where: [() => 'parent_id = 0'], toJson: (r) => withParentName(r, localize(MSG.topLevel)) }),
    );
    return c.json(rData(result));
  });

  // The rows sharing the parent's code, as a tree under it (the parent itself left out).
  api.get(route('child-list'), describeRoute({ summary: { zh: '某字典的条目（树）', en: "A dictionary's entries (a tree)" }, query: textParams({ 'parentId!': { zh: '字典顶级行的主键', en: "Id of the dictionary's top-level row" } }), entity: row, returns: 'tree', filters: true }), canRead, async (c) => {
    const user = currentMember(c);
    const { parentId: raw = '', ...query } = c.req.query();
    if (raw.trim() === '' || /^-\d+$/.test(raw.trim())) return c.json(rData([]));
    const parentId = parseId(raw, 'parentId');
    const tree = await ctx.db.tenant(user.tenantId, async (tx) => {
      const parent = await rows.find(tx, user, parentId);
      if (!parent) return [];
      const list = await rows.rows(tx, user, query, { where: [(p) => `code = ${p.add(parent.code)}`, (p) => `id <> ${p.add(parentId)}`] });
      const names = new Map([[parentId, str(parent.dict_value)], ...list.map((r): [string, string] => [str(r.id), str(r.dict_value)])]);
      // A filter may leave an entry's own parent out: its name is looked up.
      for (const missing of new Set(list.map((r) => str(r.parent_id)).filter((id) => !names.has(id)))) {
        const found = await rows.find(tx, user, missing);
        if (found) names.set(missing, str(found.dict_value));
      }
      return buildTree(list.map((r) => withParentName(r, names.get(str(r.parent_id)) ?? '')));
    });
    return c.json(rData(tree));
  });

  // The entries of one dictionary, for any signed-in user: not sealed, not deleted, ordered by sort. Each
  // entry's dictValue is in the caller's language, so a select shows it as any BladeX client reads it.
  api.get(route('dictionary'), describeRoute({ summary: { zh: '按编码取字典条目（下拉选项）', en: "A dictionary's entries by its code (a select's options)" }, description: { zh: '任何已登录成员可调用；不含封存与已删除的条目。dictValue 为调用者语言（Accept-Language）的值：英文时取英文值，没有英文值的条目取中文值。', en: "Any signed-in member; sealed and removed entries are left out. dictValue is in the caller's language (Accept-Language): in English an entry's English value, or its Chinese value when it has none." }, query: textParams({ 'code!': { zh: '字典编码', en: 'Dictionary code' } }), entity: row, returns: 'rows' }), async (c) => {
    const user = currentMember(c);
    const code = c.req.query('code');
    if (code === undefined || code.trim() === '') throw missingParam('code');
    if (code.length > MAX_CODE) throw bizError(MSG.badFormat('code'));
    const list = await ctx.db.tenant(user.tenantId, async (tx) => {
      const p = new SqlParams();
      const where = [...rows.scope(user, p), `code = ${p.add(code)}`, 'parent_id > 0', 'is_sealed = 0'];
      return tx.query<DbRow>(`select * from ${row.table} where ${where.join(' and ')} order by sort, id`, p.values);
    });
    return c.json(rData(list.map((r) => rows.toJson(inCallersLanguage(r)))));
  });
}
