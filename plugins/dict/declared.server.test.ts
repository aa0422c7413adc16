import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { defineServerPlugin } from '../../core/sdk/server';
import type { PluginManifest } from '../../core/sdk/shared';
import { createTestServer, shellManifest, type TestServer } from '../../core/sdk/server-testing';
import { declaredDictionaries } from './declared';
import dictServer from './server';

/** Dictionaries declared by other plugins' manifests, created by this plugin at every start. */

const widgets: PluginManifest = {
  id: 'widgets',
  name: { zh: '部件', en: 'Widgets' },
  dictionaries: [
    {
      code: 'widget_kind',
      name: { zh: '部件类型', en: 'Widget kind' },
      items: [
        { key: '1', value: { zh: '齿轮', en: 'Gear' } },
        { key: '2', value: { zh: '弹簧', en: 'Spring' } },
        { key: '3', value: { zh: '螺丝', en: 'Screw' } },
      ],
    },
  ],
};

let ts: TestServer;
let admin: string;
let demo: string;

type Row = Record<string, unknown>;
const entries = async (code: string, token = demo): Promise<Row[]> => {
  const res = await ts.get('/api/blade-system/dict/dictionary', { token, query: { code } });
  expect(res.status).toBe(200);
  return res.body.data;
};
const allRows = (code: string) =>
  ts.ctx.db.system((tx) => tx.query<{ dict_key: string; dict_value: string; sort: number; is_deleted: number }>('select dict_key, dict_value, sort, is_deleted from blade_dict where code = $1 order by parent_id <> 0, sort, id', [code]));
/** What a restart does: the dictionary plugin's start step, with the installed plugins' manifests. */
const restart = (...manifests: PluginManifest[]) => ts.ctx.db.system((tx) => dictServer.sync!(tx, ts.ctx, [shellManifest, dictServer.manifest, ...manifests]));

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, defineServerPlugin({ manifest: widgets })] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  demo = (await ts.signIn('demo', 'demo')).access_token;
});
afterAll(() => ts.close());

test('a declared dictionary exists after the start: the Chinese texts as values, the English ones as English values, in the declared order', async () => {
  expect((await entries('widget_kind')).map((r) => [r.dictKey, r.dictValue, r.dictValueEn, r.remark, r.sort])).toEqual([
    ['1', '齿轮', 'Gear', '', 1],
    ['2', '弹簧', 'Spring', '', 2],
    ['3', '螺丝', 'Screw', '', 3],
  ]);
  const inEnglish = await ts.get('/api/blade-system/dict/dictionary', { token: demo, query: { code: 'widget_kind' }, headers: { 'Accept-Language': 'en' } });
  expect(inEnglish.body.data.map((r: Row) => r.dictValue)).toEqual(['Gear', 'Spring', 'Screw']);
  const parent = (await ts.get('/api/blade-system/dict/parent-list', { token: admin, query: { code: 'widget_kind' } })).body.data.records[0];
  expect(parent).toMatchObject({ code: 'widget_kind', dictKey: '-1', dictValue: '部件类型', dictValueEn: 'Widget kind', remark: '', parentId: '0', isSealed: 0 });
  // After the system's own dictionaries.
  const seeded = (await ts.get('/api/blade-system/dict/parent-list', { token: admin, query: { code: 'scope_category' } })).body.data.records[0];
  expect(parent.sort).toBeGreaterThan(seeded.sort);
});

test('rows an earlier start made with the English text in the remark get it as their English value; other remarks stay', async () => {
  const older: PluginManifest = {
    id: 'older',
    name: { zh: '旧版', en: 'Older' },
    dictionaries: [{ code: 'older_shape', name: { zh: '形状', en: 'Shape' }, items: [{ key: 'c', value: { zh: '圆', en: 'Circle' } }, { key: 's', value: { zh: '方', en: 'Square' } }, { key: 't', value: { zh: '三角', en: 'Triangle' } }] }],
  };
  // What the earlier sync left: every English text in a remark, no English value. Then an administrator
  // renamed 方 (its remark still the declared one) and wrote a remark of their own on 三角.
  await ts.ctx.db.system(async (tx) => {
    const row = (id: string, parentId: string, key: string, zh: string, remark: string, sort: number) =>
      tx.query(`insert into blade_dict (id, parent_id, code, dict_key, dict_value, sort, remark, is_sealed) values ($1, $2, 'older_shape', $3, $4, $5, $6, 0)`, [id, parentId, key, zh, sort, remark]);
    await row('9100', '0', '-1', '形状', 'Shape', 90);
    await row('9101', '9100', 'c', '圆', 'Circle', 1);
    await row('9102', '9100', 's', '正方', 'Square', 2);
    await row('9103', '9100', 't', '三角', 'pointy, ask design', 3);
  });
  const rows = () =>
    ts.ctx.db.system((tx) => tx.query<{ dict_key: string; dict_value: string; dict_value_en: string | null; remark: string }>("select dict_key, dict_value, dict_value_en, remark from blade_dict where code = 'older_shape' order by id"));
  await restart(older);
  const moved = [
    { dict_key: '-1', dict_value: '形状', dict_value_en: 'Shape', remark: '' },
    { dict_key: 'c', dict_value: '圆', dict_value_en: 'Circle', remark: '' },
    { dict_key: 's', dict_value: '正方', dict_value_en: 'Square', remark: '' },
    { dict_key: 't', dict_value: '三角', dict_value_en: null, remark: 'pointy, ask design' },
  ];
  expect(await rows()).toEqual(moved);
  // Once moved, nothing matches: a later remark equal to the English text is the administrator's.
  await ts.ctx.db.system((tx) => tx.query("update blade_dict set remark = 'Circle' where id = 9101"));
  await restart(older);
  expect((await rows())[1]).toEqual({ dict_key: 'c', dict_value: '圆', dict_value_en: 'Circle', remark: 'Circle' });
  const inEnglish = await ts.get('/api/blade-system/dict/dictionary', { token: demo, query: { code: 'older_shape' }, headers: { 'Accept-Language': 'en' } });
  expect(inEnglish.body.data.map((r: Row) => r.dictValue)).toEqual(['Circle', 'Square', '三角']);
});

test('a restart adds only what is missing and leaves what administrators changed or removed as they left it', async () => {
  const [gear, spring] = await entries('widget_kind');
  const edited = await ts.post('/api/blade-system/dict/submit', { token: admin, json: { ...gear, dictValue: '大齿轮', sort: 9 } });
  expect(edited.body.success).toBe(true);
  expect((await ts.post('/api/blade-system/dict/remove', { token: admin, query: { ids: spring.id as string } })).body.success).toBe(true);

  // The plugin now declares a fourth entry, and the dictionary's name changed in its code.
  const [declared] = widgets.dictionaries!;
  const newer = { ...widgets, dictionaries: [{ ...declared, name: { zh: '零件类型', en: 'Part kind' }, items: [...declared.items, { key: '4', value: { zh: '轴承', en: 'Bearing' } }] }] };
  await restart(newer);
  await restart(newer); // and again: nothing more

  expect((await allRows('widget_kind')).map((r) => [r.dict_key, r.dict_value, Number(r.is_deleted) !== 0])).toEqual([
    ['-1', '部件类型', false], // the administrators' row: not renamed by a new declaration
    ['2', '弹簧', true], // removed: stays removed
    ['3', '螺丝', false],
    ['1', '大齿轮', false], // edited (sort 9): kept
    ['4', '轴承', false], // new: after the highest sort
  ]);
  expect((await entries('widget_kind')).map((r) => [r.dictKey, r.sort])).toEqual([
    ['3', 3],
    ['1', 9],
    ['4', 10],
  ]);
});

test('a dictionary an administrator removed is not brought back', async () => {
  const removable: PluginManifest = { id: 'gadgets', name: { zh: '小工具', en: 'Gadgets' }, dictionaries: [{ code: 'gadget_size', name: { zh: '尺寸', en: 'Size' }, items: [{ key: 's', value: { zh: '小', en: 'Small' } }] }] };
  await restart(removable);
  const [small] = await entries('gadget_size');
  expect(small).toMatchObject({ dictKey: 's', dictValue: '小' });
  await ts.post('/api/blade-system/dict/remove', { token: admin, query: { ids: small.id as string } });
  await ts.post('/api/blade-system/dict/remove', { token: admin, query: { ids: small.parentId as string } });
  await restart({ ...removable, dictionaries: [{ ...removable.dictionaries![0], items: [...removable.dictionaries![0].items, { key: 'm', value: { zh: '中', en: 'Medium' } }] }] });
  expect(await entries('gadget_size')).toEqual([]);
  expect((await allRows('gadget_size')).every((r) => Number(r.is_deleted) !== 0)).toBe(true);
});

test('a plugin installed later gets its dictionaries at the next start; two servers starting together add them once', async () => {
  const later: PluginManifest = {
    id: 'later',
    name: { zh: '后装', en: 'Later' },
    dictionaries: [{ code: 'later_colour', name: { zh: '颜色', en: 'Colour' }, items: [{ key: 'r', value: { zh: '红', en: 'Red' } }, { key: 'g', value: { zh: '绿', en: 'Green' } }] }],
  };
  expect(await entries('later_colour')).toEqual([]);
  await Promise.all([restart(later), restart(later), restart(later)]);
  expect((await allRows('later_colour')).map((r) => [r.dict_key, r.dict_value])).toEqual([
    ['-1', '颜色'],
    ['r', '红'],
    ['g', '绿'],
  ]);
});

test('declarations that cannot be kept stop the start with a clear message', () => {
  const one = (id: string, code: string, keys: string[]): PluginManifest => ({ id, name: { zh: id, en: id }, dictionaries: [{ code, name: { zh: code, en: code }, items: keys.map((key) => ({ key, value: { zh: key, en: key } })) }] });
  expect(() => declaredDictionaries([one('a', 'shared', ['1']), one('b', 'shared', ['1'])])).toThrow('Dictionary "shared" is declared by both "a" and "b".');
  expect(() => declaredDictionaries([one('a', 'twice', ['1', '2', '1'])])).toThrow('declares the key "1" twice');
  expect(() => declaredDictionaries([one('a', 'top', ['-1'])])).toThrow('declares the key "-1"');
  expect(() => declaredDictionaries([one('a', "x'; drop", ['1'])])).toThrow('is no code');
  expect(declaredDictionaries([one('a', 'fine', ['1']), { id: 'b', name: { zh: 'b', en: 'b' } }]).map((d) => d.code)).toEqual(['fine']);
});
