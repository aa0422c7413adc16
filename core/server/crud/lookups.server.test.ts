import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { defineResource } from '../../schema/resource';
import { defineEntity } from '../../schema/entity';
import { collectExtensions } from '../extensions';
import { defineServerPlugin } from '../plugin';
import { createTestServer, type TestServer } from '../test-server';
import { entityIdsByName, entityNames, namesById } from './lookups';

/**
 * Names by id and ids by name derived from an entity (what a plugin provides the kernel about its rows),
 * on a real table: live rows of the asked tenant only, in the order asked, ambiguous names with every id;
 * a name lookup's answer matched back to its ids; and the kernel refusing one kind provided twice.
 */

const team = defineEntity({
  name: 'team',
  table: 'demo_team',
  label: { zh: '小组', en: 'Team' },
  api: { base: '/api/demo/team' },
  fields: {
    teamName: { type: 'string', label: { zh: '名称', en: 'Name' }, required: true },
    teamCode: { type: 'string', label: { zh: '编号', en: 'Code' } },
  },
});

const names = entityNames(team, 'teamName');
const idsByName = entityIdsByName(team, ['teamName', 'teamCode']);
const demo = defineServerPlugin(
  { id: 'demo', name: { zh: '演示', en: 'Demo' }, resources: [defineResource({ entity: team, menu: { parent: 'system', sort: 1 } })] },
  { provides: { names: { team: names }, idsByName: { team: idsByName } } },
);

let ts: TestServer;
const ID = { red: '7100000000000000001', blue: '7100000000000000002', gone: '7100000000000000003', twin: '7100000000000000004', other: '7100000000000000005' };

beforeAll(async () => {
  ts = await createTestServer({ plugins: [demo] });
  await ts.ctx.db.system(async (tx) => {
    const add = (id: string, tenantId: string, name: string, code: string | null, deleted = 0) =>
      tx.query('insert into demo_team (id, tenant_id, team_name, team_code, is_deleted) values ($1, $2, $3, $4, $5)', [id, tenantId, name, code, deleted]);
    await add(ID.red, '000000', ' 红队 ', 'R1');
    await add(ID.blue, '000000', '蓝队', 'B1');
    await add(ID.gone, '000000', '旧队', 'G1', 1);
    await add(ID.twin, '000000', '蓝队', null);
    await add(ID.other, '100001', '红队', 'R1');
  });
});
afterAll(() => ts.close());

describe('entityNames', () => {
  test('the names of live rows of the tenant, in the order asked; removed, foreign, unknown and malformed ids left out', async () => {
    const found = await ts.ctx.db.system((tx) => names(tx, '000000', [ID.blue, ID.gone, ID.other, 'abc', '99999999999999999999', ID.red, '1']));
    expect(found).toEqual(['蓝队', ' 红队 ']);
    expect(await ts.ctx.db.system((tx) => names(tx, '000000', []))).toEqual([]);
    // Every id the caller gave comes back once per time it was given: the count is an existence check.
    expect(await ts.ctx.db.system((tx) => names(tx, '100001', [ID.other, ID.other]))).toEqual(['红队', '红队']);
  });

  test('the kernel sees what the plugin provides', () => {
    expect(ts.ctx.extensions.names.team).toBe(names);
    expect(ts.ctx.extensions.idsByName.team).toBe(idsByName);
  });
});

describe('namesById', () => {
  test('each live id with its own name, whether every id is live (one call) or some are not (one call each)', async () => {
    const calls: number[] = [];
    const counted: typeof names = (tx, tenantId, ids) => {
      calls.push(ids.length);
      return names(tx, tenantId, ids);
    };
    const all = await ts.ctx.db.system((tx) => namesById(counted, tx, '000000', [ID.blue, ID.red, ID.blue]));
    expect([Object.fromEntries(all), calls]).toEqual([{ [ID.blue]: '蓝队', [ID.red]: ' 红队 ' }, [2]]);
    calls.length = 0;
    const some = await ts.ctx.db.system((tx) => namesById(counted, tx, '000000', [ID.gone, ID.twin, ID.other]));
    expect([Object.fromEntries(some), calls]).toEqual([{ [ID.twin]: '蓝队' }, [3, 1, 1, 1]]);
    expect((await ts.ctx.db.system((tx) => namesById(undefined, tx, '000000', [ID.blue]))).size).toBe(0);
  });
});

describe('entityIdsByName', () => {
  test('by name or code, spaces ignored; an ambiguous name has every id; removed and foreign rows are not found', async () => {
    const found = await ts.ctx.db.system((tx) => idsByName(tx, '000000', ['红队', 'B1', '蓝队', '旧队', 'G1', '火星', ' R1 ', '']));
    expect(Object.fromEntries(found)).toEqual({ 红队: [ID.red], B1: [ID.blue], 蓝队: [ID.blue, ID.twin], R1: [ID.red] });
    expect(Object.fromEntries(await ts.ctx.db.system((tx) => idsByName(tx, '100001', ['红队', '蓝队'])))).toEqual({ 红队: [ID.other] });
    // A name is data, never SQL.
    expect((await ts.ctx.db.system((tx) => idsByName(tx, '000000', ["' or '1'='1"]))).size).toBe(0);
  });

  test('a field that is not stored is refused when the lookup is made', () => {
    expect(() => entityIdsByName(team, ['nope'])).toThrow('Entity "team": "nope" is no stored field of it.');
  });
});

describe('collectExtensions', () => {
  test('one kind of ids by name provided by two plugins is refused, naming both', () => {
    const provider = { idsByName: { team: idsByName } };
    expect(collectExtensions([{ id: 'demo', provides: provider }]).idsByName.team).toBe(idsByName);
    expect(() => collectExtensions([{ id: 'demo', provides: provider }, { id: 'other', provides: provider }])).toThrow('Ids by name of "team" are provided by both "demo" and "other".');
  });
});
