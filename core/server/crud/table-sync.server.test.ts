import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from '@rstest/core';
import { crudButtons } from '../../schema/crud-buttons';
import { defineEntity, type EntityDef } from '../../schema/entity';
import { silentLogger } from '../context';
import { scratchDatabase } from '../db/scratch';
import { defineServerPlugin } from '../plugin';
import { openServer, type OpenOptions } from '../start';
import { columnPlan } from './table-sync';
import { crudRepo, mountCrud } from './index';

/**
 * An entity changes over a plugin's life: the engine keeps its table in step at every start, without a
 * migration written by hand and without touching the rows already there.
 */
const v1 = defineEntity({
  name: 'gadget',
  table: 'demo_gadget',
  label: { zh: '小工具', en: 'Gadget' },
  permission: 'gadget',
  tenant: true,
  audit: true,
  logicalDelete: true,
  api: { base: '/api/demo/gadget', list: 'page', save: 'submit', removeIds: 'query' },
  sort: { field: 'createTime', order: 'desc' },
  fields: {
    title: { type: 'string', label: { zh: '标题', en: 'Title' }, required: { zh: '请输入标题', en: 'Please enter the title' }, maxLength: 20, search: 'like' },
  },
});

/** v1 with a new field (searchable, hence a filter), a longer title and a unique rule. */
const v2 = defineEntity({
  ...v1,
  unique: [{ fields: ['code'], message: { zh: '编号已存在', en: 'This code is taken' } }],
  fields: {
    title: { ...v1.fields.title, maxLength: 200 },
    code: { type: 'string', label: { zh: '编号', en: 'Code' }, maxLength: 16, search: 'equal' },
  },
});

const plugin = (entity: EntityDef) =>
  defineServerPlugin({
    manifest: { id: 'gadget', name: { zh: '小工具', en: 'Gadgets' }, menus: [{ code: 'gadget', parent: 'system', name: { zh: '小工具', en: 'Gadgets' }, path: '/demo/gadget', sort: 1, buttons: crudButtons('gadget') }] },
    entities: [entity],
    routes(api, ctx) {
      mountCrud(api, ctx, entity);
    },
  });

const admin = { tenantId: '000000', userId: '', deptIds: [] };

async function evolve(where: Pick<OpenOptions, 'dataDir' | 'databaseUrl'>) {
  const open = (entity: EntityDef) => openServer({ ...where, plugins: [plugin(entity)], distDir: null, log: silentLogger, tokenSecret: 'sync-test-secret-sync-test-secret-sync' });
  const history = (server: Awaited<ReturnType<typeof open>>) =>
    server.ctx.db.system((tx) => tx.query<{ id: string }>(`select id from schema_migrations where id like 'gadget/%' order by id`)).then((rows) => rows.map((r) => r.id));

  const first = await open(v1);
  await first.ctx.db.system((tx) => crudRepo(v1, first.ctx.ids).insert(tx, admin, { title: '旧的一行' }, new Date()));
  const before = await history(first);
  expect(before).toEqual(expect.arrayContaining(['gadget/sync demo_gadget: create table']));
  await first.close();

  const second = await open(v2);
  try {
    const added = (await history(second)).filter((id) => !before.includes(id));
    expect(added).toEqual(
      expect.arrayContaining(['gadget/sync demo_gadget: add column code', 'gadget/sync demo_gadget: widen column title to varchar(200)', expect.stringMatching(/^gadget\/sync demo_gadget: create index demo_gadget_unique_[0-9a-f]{8}$/)]),
    );
    // The row of v1 is there, with the new column empty; the new definition works end to end.
    const repo = crudRepo(v2, second.ctx.ids);
    const rows = await second.ctx.db.system((tx) => repo.rows(tx, admin, {}));
    expect(rows.map((r) => [r.title, r.code])).toEqual([['旧的一行', null]]);
    await second.ctx.db.system((tx) => repo.insert(tx, admin, { title: 'x'.repeat(150), code: 'g-1' }, new Date()));
    await expect(second.ctx.db.system((tx) => repo.insert(tx, admin, { title: 'again', code: 'g-1' }, new Date()))).rejects.toThrow();
  } finally {
    await second.close();
  }

  // Once in step, a restart changes nothing.
  const third = await open(v2);
  const after = await history(third);
  await third.close();
  const fourth = await open(v2);
  expect(await history(fourth)).toEqual(after);
  await fourth.close();

  // A change that could lose data is refused, naming the column and what to do.
  const narrowed = defineEntity({ ...v2, fields: { ...v2.fields, code: { type: 'integer', label: { zh: '编号', en: 'Code' } } } });
  await expect(open(narrowed)).rejects.toThrow('column demo_gadget.code is varchar(16) in the database, but the definition now makes it integer');
}

describe('an entity whose definition changes', () => {
  test('on PGlite: a field added to an entity with data, then restarts on the same database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'card-admin-sync-'));
    try {
      await evolve({ dataDir });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  const url = process.env.TEST_DATABASE_URL;
  test.skipIf(!url)('on PostgreSQL (TEST_DATABASE_URL): the same', async () => {
    const scratch = await scratchDatabase(url!);
    try {
      await evolve({ databaseUrl: scratch.url });
    } finally {
      await scratch.drop();
    }
  });

  test('what the engine does to an existing column: keep, widen, or refuse', () => {
    expect(columnPlan('varchar(64)', 'varchar(32)')).toBe('keep');
    expect(columnPlan('varchar(32)', 'varchar(64)')).toBe('widen');
    expect(columnPlan('varchar(32)', 'text')).toBe('widen');
    expect(columnPlan('text', 'varchar(10)')).toBe('keep');
    expect(columnPlan('smallint', 'integer')).toBe('widen');
    expect(columnPlan('bigint', 'integer')).toBe('keep');
    expect(columnPlan('integer', 'numeric')).toBe('widen');
    expect(columnPlan('timestamptz', 'timestamp')).toBe('keep');
    expect(columnPlan('varchar(16)', 'integer')).toBe('refuse');
    expect(columnPlan('numeric', 'integer')).toBe('keep'); // wider: holds every integer
    expect(columnPlan('integer', 'varchar(10)')).toBe('refuse');
  });
});
