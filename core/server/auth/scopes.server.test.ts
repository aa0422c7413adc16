import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { crudButtons } from '../../schema/crud-buttons';
import { defineEntity } from '../../schema/entity';
import { mountCrud } from '../crud';
import { SqlParams } from '../crud/sql';
import { defineServerPlugin } from '../plugin';
import { SEED } from '../seed/kernel-seed';
import { createTestServer, type TestServer } from '../test-server';
import { parseScopeRule, scopeRuleSql } from './scope-rule';

/** Data scopes on list queries and API scopes on requests, on an entity of this test. */

const note = defineEntity({
  name: 'note',
  table: 'scope_note',
  label: { zh: '便签', en: 'Note' },
  permission: 'scope_note',
  tenant: true,
  audit: true,
  logicalDelete: true,
  api: { base: '/api/demo/scope-note', list: 'list', save: 'submit', removeIds: 'query' },
  fields: {
    title: { type: 'string', label: { zh: '标题', en: 'Title' }, required: { zh: '请输入标题', en: 'Title?' }, search: 'like' },
    amount: { type: 'integer', label: { zh: '数量', en: 'Amount' } },
  },
});

const notePlugin = defineServerPlugin({
  manifest: {
    id: 'scope-note',
    name: { zh: '便签', en: 'Notes' },
    menus: [{ code: 'scope_note', name: { zh: '便签', en: 'Notes' }, path: '/demo/note', sort: 1, buttons: crudButtons('scope_note') }],
  },
  entities: [note],
  migrations: [
    {
      id: '001',
      sql: `create table scope_note (id bigint primary key, tenant_id varchar(12) not null, title varchar(255), amount int,
        create_user bigint, create_dept bigint, create_time timestamptz, update_user bigint, update_time timestamptz, status int, is_deleted int not null default 0)`,
    },
  ],
  routes: (api, ctx) => void mountCrud(api, ctx, note),
  // The organisation tree of this test: CHILD sits below ROOT; OTHER stands alone.
  provides: { orgUnitsWithin: async (_tx, _tenantId, ids) => [...ids, ...(ids.includes(ROOT) ? [CHILD] : [])] },
});

let ts: TestServer;
const T = '000000';
const ROOT = SEED.deptId;
const CHILD = '1123598813738690001';
const OTHER = '1123598813738690002';
let roleId: string;
let otherRoleId: string;
const tokens: Record<string, string> = {};
let admin: string;
let menuId: string;

const titles = async (token: string) => {
  const res = await ts.get('/api/demo/scope-note/list', { token, query: { size: 100 } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return (res.body.data.records as { title: string }[]).map((r) => r.title).sort();
};

/** One data-scope rule on the notes, granted to the role (the previous ones removed). */
async function onlyRule(type: number, column: string | null, value: string | null = null, roles = [roleId]) {
  await ts.ctx.db.system(async (tx) => {
    await tx.query('delete from blade_role_scope where scope_category = 1');
    await tx.query('delete from blade_scope_data');
    const scopeId = ts.ctx.ids.next();
    await tx.query(
      `insert into blade_scope_data (id, menu_id, resource_code, scope_name, scope_column, scope_type, scope_value) values ($1, $2, 'scope_note', 'rule', $3, $4, $5)`,
      [scopeId, menuId, column, type, value],
    );
    for (const r of roles) await tx.query('insert into blade_role_scope (id, tenant_id, scope_category, scope_id, role_id) values ($1, $2, 1, $3, $4)', [ts.ctx.ids.next(), T, scopeId, r]);
  });
}

beforeAll(async () => {
  ts = await createTestServer({ plugins: [notePlugin] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  await ts.ctx.db.system(async (tx) => {
    menuId = (await tx.one<{ id: string }>(`select id from blade_menu where code = 'scope_note'`))!.id;
  });
  roleId = await ts.addRole({ tenantId: T, alias: 'note_writer', codes: ['scope_note', 'scope_note_add'] });
  otherRoleId = await ts.addRole({ tenantId: T, alias: 'note_other', codes: ['scope_note', 'scope_note_add'] });
  const people: [string, string, string][] = [['u_root', ROOT, roleId], ['u_child', CHILD, roleId], ['u_other', OTHER, roleId], ['u_b', OTHER, otherRoleId]];
  for (const [account, dept, role] of people) {
    await ts.addUser({ tenantId: T, account, password: account, roleId: role, deptIds: [dept] });
    tokens[account] = (await ts.signIn(account, account)).access_token;
    for (const n of [1, 2]) {
      const res = await ts.post('/api/demo/scope-note/submit', { token: tokens[account], json: { title: `${account}-${n}`, amount: n * 5 } });
      expect(res.body.success).toBe(true);
    }
  }
});
afterAll(() => ts.close());

describe('data scopes on list queries', () => {
  test('no rule: no limit; the super administrator is never limited', async () => {
    expect(await titles(tokens.u_root!)).toHaveLength(8);
    await onlyRule(2, 'create_user');
    expect(await titles(admin)).toHaveLength(8);
  });

  test('2 own records, 3 own department, 4 department and its children', async () => {
    await onlyRule(2, null);
    expect(await titles(tokens.u_root!)).toEqual(['u_root-1', 'u_root-2']);
    await onlyRule(3, 'create_dept');
    expect(await titles(tokens.u_root!)).toEqual(['u_root-1', 'u_root-2']);
    expect(await titles(tokens.u_other!)).toEqual(['u_b-1', 'u_b-2', 'u_other-1', 'u_other-2']);
    await onlyRule(4, null);
    expect(await titles(tokens.u_root!)).toEqual(['u_child-1', 'u_child-2', 'u_root-1', 'u_root-2']);
    expect(await titles(tokens.u_child!)).toEqual(['u_child-1', 'u_child-2']);
    // Only the granted role is limited.
    expect(await titles(tokens.u_b!)).toHaveLength(8);
  });

  test('5 custom: a parsed rule with placeholders, bound, never pasted', async () => {
    await onlyRule(5, null, 'create_user = ${userId} or (amount >= 10 and create_dept in (${deptId}))');
    expect(await titles(tokens.u_other!)).toEqual(['u_b-2', 'u_other-1', 'u_other-2']);
    await onlyRule(5, null, "title like 'u_child%'");
    expect(await titles(tokens.u_root!)).toEqual(['u_child-1', 'u_child-2']);
  });

  test('a rule naming a column the resource lacks, or a broken stored rule, shows nothing', async () => {
    await onlyRule(2, 'owner_id');
    expect(await titles(tokens.u_root!)).toEqual([]);
    await onlyRule(5, null, "1=1) or (select password from blade_user) = 'x'");
    expect(await titles(tokens.u_root!)).toEqual([]);
  });

  test('several rules add up; an "all" rule lifts the limit', async () => {
    await onlyRule(2, null);
    await ts.ctx.db.system(async (tx) => {
      const id = ts.ctx.ids.next();
      await tx.query(`insert into blade_scope_data (id, menu_id, resource_code, scope_name, scope_type, scope_value) values ($1, $2, 'scope_note', 'big', 5, 'amount >= 10')`, [id, menuId]);
      await tx.query('insert into blade_role_scope (id, tenant_id, scope_category, scope_id, role_id) values ($1, $2, 1, $3, $4)', [ts.ctx.ids.next(), T, id, roleId]);
    });
    expect(await titles(tokens.u_root!)).toEqual(['u_b-2', 'u_child-2', 'u_other-2', 'u_root-1', 'u_root-2']);
    await onlyRule(1, null);
    expect(await titles(tokens.u_root!)).toHaveLength(8);
  });
});

describe('the custom rule language', () => {
  const vars = { userId: '7', deptId: ['1', '2'], roleId: ['3'], tenantId: '000000', account: 'a', userName: 'a', roleName: ['user'], clientId: 'saber' };
  test('parses and binds every value', () => {
    const p = new SqlParams();
    const sql = scopeRuleSql(parseScopeRule("create_user = ${userId} AND (title <> 'it''s' OR create_dept = ${deptId})"), vars, p);
    expect(sql).toBe('(create_user::text = $1 and (title::text <> $2 or create_dept::text = any($3::text[])))');
    expect(p.values).toEqual(['7', "it's", ['1', '2']]);
  });
  test('refuses what is not a rule, saying why', () => {
    const message = (text: string) => {
      try {
        parseScopeRule(text);
        return 'parsed';
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(message('')).toBe('自定义规则格式错误: 规则为空');
    expect(message('create_user = ${password}')).toBe('自定义规则格式错误: 未知的变量 ${password}');
    expect(message('create_user = 1; drop table blade_user')).toBe('自定义规则格式错误: 第 16 个字符无法识别');
    expect(message('pg_sleep(10) = 1')).toBe('自定义规则格式错误: 字段 pg_sleep 后缺少运算符');
    expect(message('a = 1 or')).toBe('自定义规则格式错误: 缺少字段名');
    expect(message("a = 'x' b")).toBe('自定义规则格式错误: 多余的内容 "b"');
    expect(message('(a = 1')).toBe('自定义规则格式错误: 缺少 ")"');
  });
});

describe('API scopes on requests', () => {
  test('a covered path needs a granted scope; other paths and the administrator are unaffected', async () => {
    const list = (token: string) => ts.get('/api/demo/scope-note/list', { token });
    await onlyRule(1, null);
    const scopeId = ts.ctx.ids.next();
    await ts.ctx.db.system(async (tx) => {
      await tx.query(`insert into blade_scope_api (id, menu_id, resource_code, scope_name, scope_path) values ($1, $2, 'scope_note', 'notes api', '/demo/scope-note')`, [scopeId, menuId]);
      await ts.ctx.apiScopes.invalidate(tx);
    });
    const refused = await list(tokens.u_root!);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 403, success: false, msg: '没有权限执行此操作' });
    expect((await list(admin)).status).toBe(200);
    expect((await ts.get('/api/blade-system/menu/routes', { token: tokens.u_root! })).status).toBe(200);
    await ts.ctx.db.system((tx) =>
      tx.query('insert into blade_role_scope (id, tenant_id, scope_category, scope_id, role_id) values ($1, $2, 2, $3, $4)', [ts.ctx.ids.next(), T, scopeId, roleId]),
    );
    expect((await list(tokens.u_root!)).status).toBe(200);
    expect((await list(tokens.u_b!)).status).toBe(403);
    await ts.ctx.db.system(async (tx) => {
      await tx.query('update blade_scope_api set is_deleted = 1');
      await ts.ctx.apiScopes.invalidate(tx);
    });
    expect((await list(tokens.u_b!)).status).toBe(200);
  });
});
