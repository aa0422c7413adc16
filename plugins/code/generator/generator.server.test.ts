import { parse } from '@babel/parser';
import type { GenField } from '../spec';
import { adoptionStatements } from './adopt';
import { demoRowsFrom, dictionaryCandidates, generatePlugin, GenRefusal, proposeFields, proposeRecord, specFromRecord } from './index';
import { column, goodsInput, goodsShape, legacyInput, unitInput, unitShape } from './testing/fixtures';

/** The generator's parts, pure: proposals, the spec and its refusals, demo rows, the files' text. */

const refusal = (run: () => unknown): { zh: string; en: string } => {
  try {
    run();
  } catch (error) {
    if (error instanceof GenRefusal) return error.reason;
    throw error;
  }
  throw new Error('not refused');
};

const byColumn = (fields: GenField[]) => Object.fromEntries(fields.map((f) => [f.column, f]));

describe('proposals from a table', () => {
  it('names the dictionaries a column may use: its name, and the code its comment gives', () => {
    expect(dictionaryCandidates(goodsShape)).toEqual(expect.arrayContaining(['goods_kind', 'kind', 'goods_name', 'on_sale']));
    const shape = { ...goodsShape, columns: [column('sex', 'int4', { comment: '性别 dict:user_sex' }), column('x', 'int2', { comment: '类型，字典：biz_type' })] };
    expect(dictionaryCandidates(shape)).toEqual(['user_sex', 'sex', 'biz_type', 'x']);
  });

  it('types, labels, rules, search and list of each column', () => {
    const f = byColumn(proposeFields(goodsShape, { dictionaries: new Set(['goods_kind']) }));
    expect(f.id!.include).toBe(false);
    expect(f.tenant_id!.include).toBe(false);
    expect(f.extra).toMatchObject({ include: false, type: 'string' }); // jsonb: nothing the engine keeps
    expect(f.goods_name).toMatchObject({ type: 'string', name: 'goodsName', label: { zh: '商品名称', en: 'Goods name' }, required: true, maxLength: 64, search: 'like', list: true });
    expect(f.goods_code).toMatchObject({ unique: true, search: 'like' });
    expect(f.price).toMatchObject({ type: 'money', label: { zh: '价格', en: 'Price' }, required: true, sortable: true });
    expect(f.kind).toMatchObject({ type: 'select', dict: 'goods_kind', search: 'equal', label: { zh: '类别' } });
    expect(f.on_sale).toMatchObject({ type: 'switch', required: false, search: 'equal' });
    expect(f.launch_date).toMatchObject({ type: 'date', search: 'range', sortable: true, required: true });
    expect(f.checked_at).toMatchObject({ type: 'datetime', search: 'range' });
    expect(f.weight).toMatchObject({ type: 'number', columnType: 'numeric(10, 2)', search: '' });
    expect(f.remark).toMatchObject({ type: 'string', search: '' }); // two strings are searched by substring already
    expect(f.detail).toMatchObject({ type: 'richtext', list: false });
  });

  it('int8 *_id is an id, int2 has its range, a long varchar is text, links are images', () => {
    const shape = { ...goodsShape, columns: [column('dept_id', 'int8'), column('level', 'int2'), column('body', 'varchar', { maxLength: 1000 }), column('avatar', 'varchar', { maxLength: 255 }), column('home_url', 'varchar', { maxLength: 255 })], indexes: [] };
    const f = byColumn(proposeFields(shape, { dictionaries: new Set() }));
    expect(f.dept_id!.type).toBe('id');
    expect(f.level).toMatchObject({ type: 'integer', min: -32768, max: 32767 });
    expect(f.body).toMatchObject({ type: 'text', maxLength: 1000, list: false });
    expect(f.avatar!.type).toBe('image');
    expect(f.home_url!.type).toBe('image');
  });

  it('proposes the record: names from the table less its prefix, a tree where there is parent_id', () => {
    expect(proposeRecord({ ...goodsShape, name: 'blade_shop_goods' }, {})).toMatchObject({ pluginId: 'shop-goods', entityName: 'shopGoods', tablePrefix: 'blade_', codeName: '商品', codeNameEn: 'Shop goods', treeMode: 1 });
    expect(proposeRecord(unitShape, {})).toMatchObject({ pluginId: 'org-unit', entityName: 'orgUnit', pkName: 'id', treeMode: 2, treeParent: 'parentId', treeTitle: 'unitName' });
    expect(proposeRecord(unitShape, { tablePrefix: 'org_' })).toMatchObject({ pluginId: 'unit', entityName: 'unit', serviceName: 'unit' });
  });
});

describe('the spec of a record', () => {
  const withFields = (change: (fields: GenField[]) => GenField[], more = {}) => ({
    ...goodsInput,
    record: { ...goodsInput.record, ...more, fields: JSON.stringify(change(proposeFields(goodsShape, { dictionaries: new Set(['goods_kind']) }))) },
  });

  it('refuses what cannot be generated, in both languages', () => {
    const gone = refusal(() => specFromRecord(withFields((fs) => [...fs, { ...fs[1]!, column: 'vanished', name: 'vanished' }])));
    expect(gone).toEqual({ zh: '字段「商品名称」对应的列 vanished 已不在数据表中', en: 'The column vanished of field "Goods name" is no longer in the table' });
    expect(refusal(() => specFromRecord(withFields((fs) => fs.map((f) => (f.column === 'remark' ? { ...f, name: 'goodsName' } : f))))).zh).toBe('字段名 goodsName 重复');
    expect(refusal(() => specFromRecord(withFields((fs) => fs.map((f) => (f.column === 'remark' ? { ...f, name: 'createTime' } : f))))).en).toBe('The field name createTime is reserved: choose another');
    expect(refusal(() => specFromRecord(withFields((fs) => fs.map((f) => (f.column === 'remark' ? { ...f, name: 'delete' } : f))))).zh).toBe('字段名 delete 是保留名称，请换一个');
    expect(refusal(() => specFromRecord(withFields((fs) => fs.map((f) => (f.column === 'remark' ? { ...f, name: 'Bad-name' } : f))))).zh).toContain('须以小写字母开头');
    expect(refusal(() => specFromRecord(withFields((fs) => fs.map((f) => (f.column === 'kind' ? { ...f, dict: '' } : f))))).zh).toBe('下拉字段「类别」没有指定字典');
    expect(refusal(() => specFromRecord(withFields((fs) => fs.map((f) => (f.column === 'kind' ? { ...f, dict: 'nothing' } : f))))).zh).toBe('字典 nothing 不存在或没有字典项');
    expect(refusal(() => specFromRecord(withFields((fs) => fs.map((f) => ({ ...f, include: false })))))).toEqual({ zh: '至少要包含一个字段', en: 'Include at least one field' });
    expect(refusal(() => specFromRecord(withFields((fs) => fs, { treeMode: 2, treeParent: 'parentId', treeTitle: 'goodsName' }))).zh).toContain('父级字段 parentId 不在所选字段中');
    expect(refusal(() => specFromRecord({ ...goodsInput, record: { ...goodsInput.record, fields: '[{"column":1}]' } })).zh).toBe('字段配置第 1 项不完整');
    expect(refusal(() => specFromRecord({ ...goodsInput, record: { ...goodsInput.record, fields: 'not json' } })).en).toBe('The field list is not valid JSON');
  });

  it('refuses an adoption it cannot do: no key of that name, a key of several columns, an engine column of another type', () => {
    const keyless = { ...legacyInput.shape, columns: legacyInput.shape.columns.map((c) => ({ ...c, primaryKey: false })) };
    expect(refusal(() => specFromRecord({ ...legacyInput, shape: keyless })).zh).toBe('数据表 legacy_item 没有名为 id 的主键，无法接管');
    const composite = { ...legacyInput.shape, columns: legacyInput.shape.columns.map((c) => ({ ...c, primaryKey: c.name === 'id' || c.name === 'title' })) };
    expect(refusal(() => specFromRecord({ ...legacyInput, shape: composite })).en).toBe('Table legacy_item has a primary key of several columns: it cannot be adopted');
    const oddStatus = { ...legacyInput.shape, columns: [...legacyInput.shape.columns, column('is_deleted', 'bool')] };
    expect(refusal(() => specFromRecord({ ...legacyInput, shape: oddStatus })).zh).toContain('与引擎的同名列不兼容');
  });

  it('adopts a table: key to bigint, engine columns added, a boolean and a date converted, left-out columns freed', () => {
    const spec = specFromRecord(legacyInput);
    expect(spec.adopt?.pkName).toBe('id');
    expect(adoptionStatements(spec)).toEqual([
      'alter table "legacy_item" alter column id type bigint',
      'alter table "legacy_item" add column if not exists is_deleted integer not null default 0',
      'alter table "legacy_item" alter column "active" drop default, alter column "active" type smallint using "active"::integer, alter column "active" set default 0',
      'alter table "legacy_item" alter column "born_on" type timestamp using "born_on"::timestamp',
      'alter table "legacy_item" alter column "legacy_code" drop not null',
    ]);
    expect(specFromRecord(goodsInput).adopt).toBeNull();
  });

  it('copies the dictionaries its selects name, and keeps the tree', () => {
    expect(specFromRecord(goodsInput).dictionaries).toEqual([{ code: 'goods_kind', name: { zh: '类别', en: 'Kind' }, numeric: true, items: goodsInput.dictionaries.goods_kind }]);
    const unit = specFromRecord(unitInput);
    expect(unit.tree).toEqual({ parent: 'parentId', title: 'unitName' });
    expect(unit.fields.find((f) => f.name === 'parentId')).toMatchObject({ type: 'id', list: false });
    expect(unit.apiBase).toBe('/api/org-unit/org-unit');
  });
});

describe('demo rows', () => {
  const fields = proposeFields(goodsShape, { dictionaries: new Set(['goods_kind']) });

  it('are the entity’s JSON; a row a rule refuses is left out; a value outside its dictionary becomes null', () => {
    const rows = demoRowsFrom(fields, goodsInput.samples, { dictionaries: goodsInput.dictionaries });
    expect(rows).toHaveLength(2); // one lacks its required code, one has a price that is not whole fen
    expect(rows[0]).toMatchObject({ goodsName: 'O\'Brien 的 "茶杯"', price: 1999, kind: 1, onSale: 1, launchDate: '2024-03-01 00:00:00', checkedAt: '2024-03-05 09:30:00', weight: '1.25' });
    expect(rows[0]!.detail).toBe('<p>好</p>'); // cleaned as a save is
    expect(rows[1]).toMatchObject({ launchDate: '2024-04-02 00:00:00', checkedAt: null });
    expect(demoRowsFrom(fields, [{ ...goodsInput.samples[0], kind: 9 }], { dictionaries: goodsInput.dictionaries })[0]!.kind).toBeNull();
  });

  it('cut strings to their length and never copy a column that looks secret', () => {
    const secretFields = proposeFields({ ...goodsShape, columns: [column('title', 'varchar', { maxLength: 4 }), column('password', 'varchar', { maxLength: 64 }), column('api_key', 'varchar', { maxLength: 64 }), column('id_card', 'varchar', { maxLength: 18 })], indexes: [] }, { dictionaries: new Set() });
    const [row] = demoRowsFrom(secretFields, [{ title: '一二三四五', password: 'p', api_key: 'k', id_card: '1' }]);
    expect(row).toEqual({ title: '一二三四' });
  });
});

describe('the files', () => {
  it('are the plugin’s: declaration, server part, demo rows, tests; a tree has its screen', () => {
    expect(generatePlugin(specFromRecord(goodsInput)).map((f) => f.path)).toEqual([
      'plugins/shop-goods/index.ts',
      'plugins/shop-goods/server.ts',
      'plugins/shop-goods/demo-rows.ts',
      'plugins/shop-goods/shop-goods.server.test.ts',
      'plugins/shop-goods/shop-goods.test.tsx',
    ]);
    expect(generatePlugin(specFromRecord(unitInput)).map((f) => f.path)).toContain('plugins/org-unit/screens/OrgUnitPage.tsx');
  });

  it('keep hostile text from the table inert: it is a string, never code, and parses back to itself', () => {
    for (const file of generatePlugin(specFromRecord(goodsInput))) {
      // TypeScript's own compiler here is the native one, without a parser to call: Babel's reads TS too.
      const program = parse(file.content, { sourceType: 'module', plugins: ['typescript', 'jsx'] });
      const identifiers: string[] = [];
      const strings: string[] = [];
      const walk = (node: unknown): void => {
        if (Array.isArray(node)) return node.forEach(walk);
        if (!node || typeof node !== 'object') return;
        const n = node as { type?: string; name?: string; value?: unknown };
        if (n.type === 'Identifier') identifiers.push(n.name!);
        if (n.type === 'StringLiteral') strings.push(String(n.value));
        for (const [key, value] of Object.entries(node)) if (key !== 'loc' && key !== 'extra') walk(value);
      };
      walk(program.program);
      expect(identifiers).not.toContain('alert');
      if (file.path.endsWith('index.ts')) expect(strings).toContain("*/ alert`x` // 备注 \\ ${x} 'q'");
      if (file.path.endsWith('demo-rows.ts')) expect(strings).toContain('第一行\n第二行 ${x}');
    }
  });
});
