import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { z } from 'zod';
import { defineEntity } from '../../schema/entity';
import { defineResource } from '../../schema/resource';
import { defineStateMachine, stateOptions } from '../../schema/state-machine';
import { bizError } from '../http/errors';
import { operationOf } from '../openapi/read-document';
import type { OpenApiDocument } from '../openapi/types';
import { defineServerPlugin } from '../plugin';
import { DEMO_TENANT, SEED } from '../seed/kernel-seed';
import type { TestServer } from '../test-server';
import { fireTogether } from '../../testing/fire-together';
import { serverBackends } from '../../testing/server-backends';
import { moveState, mountStateMove, type MoveContext } from './state-move';

/**
 * The state move: the row of the caller's tenant locked, the move checked against the machine, the
 * update conditional on the state it was read in. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is
 * set: there the twenty concurrent moves really run side by side and only the row lock keeps one.
 */
const PENDING = 0;
const PAID = 1;
const SHIPPED = 2;
const DONE = 3;
const CANCELLED = 4;

const machine = defineStateMachine({
  subject: { zh: '订单', en: 'The order' },
  states: [
    { value: PENDING, label: { zh: '待支付', en: 'Awaiting payment' }, color: 'orange' },
    { value: PAID, label: { zh: '已支付', en: 'Paid' }, color: 'arcoblue' },
    { value: SHIPPED, label: { zh: '已发货', en: 'Shipped' }, color: 'cyan' },
    { value: DONE, label: { zh: '已完成', en: 'Completed' }, color: 'green' },
    { value: CANCELLED, label: { zh: '已取消', en: 'Cancelled' }, color: 'gray' },
  ],
  moves: { [PENDING]: [PAID, CANCELLED], [PAID]: [SHIPPED, CANCELLED], [SHIPPED]: [DONE] },
});

const order = defineEntity({
  name: 'move_order',
  table: 'move_order',
  label: { zh: '测试订单', en: 'Test order' },
  api: { base: '/api/move-test/order', list: 'page', save: 'save-update' },
  fields: {
    title: { type: 'string', label: { zh: '标题', en: 'Title' }, required: true },
    status: { type: 'select', label: { zh: '状态', en: 'Status' }, options: stateOptions(machine) },
    payTime: { type: 'datetime', label: { zh: '支付时间', en: 'Paid at' } },
    note: { type: 'string', label: { zh: '备注', en: 'Note' } },
  },
});

type OrderRow = { id: string; title: string; status: number; pay_time: Date | null; note: string | null; update_time: Date | null };

/** What `after` saw, in order. */
const afterCalls: { id: string; from: number; to: number; status: number }[] = [];
/** What the noted move's `after` saw. */
const notedCalls: { note: string; written: string | null }[] = [];

const plugin = defineServerPlugin(
  {
    id: 'movetest',
    name: { zh: '状态流转测试', en: 'State move test' },
    resources: [
      defineResource({
        entity: order,
        menu: { parent: 'system', sort: 1 },
        grants: { user: ['view'] },
        buttons: [{ code: 'move_order_status', alias: 'status', name: { zh: '状态流转', en: 'Move state' } }],
      }),
    ],
  },
  {
    routes(api, ctx) {
      mountStateMove<OrderRow>(api, ctx, {
        path: '/move-test/order/status',
        code: 'move_order_status',
        summary: { zh: '订单状态流转', en: "Move an order's state" },
        table: 'move_order',
        machine,
        before: ({ row, to, ctx: server }) => {
          if (row.title === 'on hold') throw bizError({ zh: '订单已冻结', en: 'The order is on hold' });
          if (to === PAID) return { pay_time: server.now(), note: 'paid' };
        },
        after: async ({ row, from, to, tx }) => {
          if (row.title === 'after fails') throw bizError({ zh: '后续处理失败', en: 'The follow-up failed' });
          const again = await tx.one<{ status: number }>('select status from move_order where id = $1', [row.id]);
          afterCalls.push({ id: String(row.id), from, to, status: again!.status });
        },
      });
      // A move taking more than the id and the state: a note (required, at most 8 characters) written with it.
      mountStateMove(api, ctx, {
        path: '/move-test/order/noted-status',
        code: 'move_order_status',
        summary: { zh: '带备注的状态流转', en: 'Move a state with a note' },
        table: 'move_order',
        machine,
        input: z.object({ note: z.string().trim().min(1).max(8).describe('note') }),
        before: ({ input }: MoveContext<OrderRow, { note: string }>) => ({ note: input.note }),
        after: ({ row, input }) => {
          notedCalls.push({ note: input.note, written: row.note });
        },
      });
    },
  },
);

const en = { 'Accept-Language': 'en' };

describe.each(serverBackends())('state moves on $name', (backend) => {
  let ts: TestServer;
  let admin: string;
  let viewer: string;
  let nextId = 1000;

  beforeAll(async () => {
    ts = await backend.start({ plugins: [plugin] });
    admin = (await ts.signIn('admin', 'admin')).access_token;
    await ts.addUser({ tenantId: '000000', account: 'viewer', password: 'viewer', roleId: SEED.userRoleId });
    viewer = (await ts.signIn('viewer', 'viewer')).access_token;
  }, 120_000);
  afterAll(async () => {
    await ts?.close();
  });

  /** A row inserted as the database owner: its id. */
  const insert = (title: string, status: number, tenantId = '000000', deleted = 0) =>
    ts.ctx.db.system(async (tx) => {
      const id = String(nextId++);
      await tx.query('insert into move_order (id, tenant_id, title, status, is_deleted, create_time, update_time) values ($1, $2, $3, $4, $5, now(), $6)', [
        id,
        tenantId,
        title,
        status,
        deleted,
        new Date('2020-01-01T00:00:00Z'),
      ]);
      return id;
    });
  const read = (id: string) => ts.ctx.db.system(async (tx) => (await tx.one<OrderRow>('select * from move_order where id = $1', [id]))!);
  const move = (id: string, status: number | string, headers?: Record<string, string>, token = admin) =>
    ts.post('/api/move-test/order/status', { token, query: { id, status: String(status) }, headers });

  test('an allowed move is written with its audit columns and what `before` adds, and answers the new state', async () => {
    const id = await insert('a', PENDING);
    const res = await move(id, PAID);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, success: true, data: { id, status: PAID }, msg: '操作成功' });
    const row = await read(id);
    expect(row.status).toBe(PAID);
    expect(row.note).toBe('paid');
    expect(row.pay_time).toBeInstanceOf(Date);
    expect(row.update_time!.getTime()).toBeGreaterThan(new Date('2020-01-01T00:00:00Z').getTime());
    expect((await ts.ctx.db.system((tx) => tx.one<{ u: string }>('select update_user::text as u from move_order where id = $1', [id])))!.u).toBe(SEED.adminUserId);
  });

  test('the move is also taken from a JSON body', async () => {
    const id = await insert('json', PENDING);
    const res = await ts.post('/api/move-test/order/status', { token: admin, json: { id, status: CANCELLED } });
    expect([res.status, res.body.data]).toEqual([200, { id, status: CANCELLED }]);
    expect((await read(id)).status).toBe(CANCELLED);
  });

  test('a move the machine does not allow is refused naming both states, in the caller’s language, and nothing changes', async () => {
    const id = await insert('b', PAID);
    const zh = await move(id, PENDING);
    expect([zh.status, zh.body.msg]).toEqual([400, '订单状态不能从「已支付」变为「待支付」']);
    const english = await move(id, PENDING, en);
    expect([english.status, english.body.msg]).toEqual([400, 'The order cannot go from "Paid" to "Awaiting payment"']);
    const same = await move(id, PAID);
    expect([same.status, same.body.msg]).toEqual([400, '订单状态不能从「已支付」变为「已支付」']);
    const final = await insert('c', DONE);
    expect((await move(final, CANCELLED)).body.msg).toBe('订单状态不能从「已完成」变为「已取消」');
    expect((await read(id)).status).toBe(PAID);
  });

  test('a state the machine does not declare, or no state at all, is a 400 naming the parameter', async () => {
    const id = await insert('d', PENDING);
    expect((await move(id, 9)).body.msg).toBe('请求参数格式错误: status');
    expect((await move(id, 9, en)).body.msg).toBe('Malformed parameter: status');
    expect((await move(id, 'paid')).body.msg).toBe('请求参数格式错误: status');
    const none = await ts.post('/api/move-test/order/status', { token: admin, query: { id } });
    expect([none.status, none.body.msg]).toEqual([400, '缺少必要的请求参数: status']);
    expect((await move('12x', PAID)).body.msg).toBe('请求参数格式错误: id');
    expect((await read(id)).status).toBe(PENDING);
  });

  test('an unknown id, a removed row and another tenant’s row do not exist', async () => {
    const unknown = await move('999999999', PAID);
    expect([unknown.status, unknown.body.msg]).toEqual([400, '数据不存在']);
    expect((await move('999999999', PAID, en)).body.msg).toBe('The record does not exist');
    const removed = await insert('gone', PENDING, '000000', 1);
    expect((await move(removed, PAID)).body.msg).toBe('数据不存在');
    const theirs = await insert('theirs', PENDING, DEMO_TENANT.tenantId);
    const res = await move(theirs, PAID);
    expect([res.status, res.body.msg]).toEqual([400, '数据不存在']);
    expect((await read(theirs)).status).toBe(PENDING);
    expect((await read(removed)).status).toBe(PENDING);
  });

  test('the view-only role is refused (403) and nothing changes', async () => {
    const id = await insert('e', PENDING);
    const res = await move(id, PAID, undefined, viewer);
    expect([res.status, res.body.msg]).toEqual([403, '没有权限执行此操作']);
    expect((await read(id)).status).toBe(PENDING);
  });

  test('`before` refusing writes nothing; `after` sees the written row in the same transaction, and its refusal undoes the move', async () => {
    const held = await insert('on hold', PENDING);
    const refused = await move(held, PAID, en);
    expect([refused.status, refused.body.msg]).toEqual([400, 'The order is on hold']);
    expect(await read(held)).toMatchObject({ status: PENDING, note: null, pay_time: null });

    const id = await insert('f', PAID);
    afterCalls.length = 0;
    expect((await move(id, SHIPPED)).status).toBe(200);
    expect(afterCalls).toEqual([{ id, from: PAID, to: SHIPPED, status: SHIPPED }]);

    const failing = await insert('after fails', PENDING);
    const undone = await move(failing, CANCELLED);
    expect([undone.status, undone.body.msg]).toEqual([400, '后续处理失败']);
    expect((await read(failing)).status).toBe(PENDING);
  });

  test('moveState called directly: the same rules in the caller’s transaction, and the row as written', async () => {
    const id = await insert('g', PENDING);
    const user = { tenantId: '000000', userId: SEED.adminUserId, deptIds: [], roleIds: [], roles: [] } as unknown as MoveContext<OrderRow>['user'];
    const moved = await ts.ctx.db.tenant('000000', (tx) => moveState<OrderRow>(tx, ts.ctx, user, id, PAID, { table: 'move_order', machine }));
    expect([moved.from, moved.to, moved.row.status, String(moved.row.id)]).toEqual([PENDING, PAID, PAID, id]);
    await expect(ts.ctx.db.tenant('000000', (tx) => moveState(tx, ts.ctx, user, id, 7, { table: 'move_order', machine, column: 'status' }))).rejects.toMatchObject({
      status: 400,
      text: { zh: '请求参数格式错误: status', en: 'Malformed parameter: status' },
    });
    await expect(ts.ctx.db.tenant('000000', (tx) => moveState(tx, ts.ctx, user, id, SHIPPED, { table: 'move_order; drop table x', machine }))).rejects.toThrow('not a plain identifier');
  });

  test('a route’s own `input` is validated with id and status (400s in the caller’s language) and reaches `before` and `after` parsed', async () => {
    const noted = (query: Record<string, string>, headers?: Record<string, string>) => ts.post('/api/move-test/order/noted-status', { token: admin, query, headers });
    const id = await insert('noted', PENDING);
    notedCalls.length = 0;
    const missing = await noted({ id, status: String(PAID) });
    expect([missing.status, missing.body.msg]).toEqual([400, '缺少必要的请求参数: note']);
    expect((await noted({ id, status: String(PAID), note: 'far too long a note' }, en)).body.msg).toBe('note: at most 8 characters');
    expect((await noted({ status: String(PAID), note: 'x' })).body.msg).toBe('缺少必要的请求参数: id');
    expect(await read(id)).toMatchObject({ status: PENDING, note: null });
    expect(notedCalls).toEqual([]);

    const res = await noted({ id, status: String(PAID), note: '  rush  ', extra: 'ignored' });
    expect([res.status, res.body.data]).toEqual([200, { id, status: PAID }]);
    expect(await read(id)).toMatchObject({ status: PAID, note: 'rush' });
    expect(notedCalls).toEqual([{ note: 'rush', written: 'rush' }]);

    const json = await ts.post('/api/move-test/order/noted-status', { token: admin, json: { id, status: SHIPPED, note: 'boxed' } });
    expect([json.status, (await read(id)).note]).toEqual([200, 'boxed']);
  });

  test('the route describes itself: its parameters, its answer, valid OpenAPI in both languages', async () => {
    for (const language of ['zh-CN', 'en']) {
      const doc = (await ts.get<OpenApiDocument>('/api/openapi.json', { headers: { 'Accept-Language': language } })).body;
      const result = await new Validator().validate(structuredClone(doc) as unknown as Record<string, unknown>);
      expect(result.errors ?? []).toEqual([]);
      const operation = operationOf(doc, 'POST', '/api/move-test/order/status')!;
      expect(operation.summary).toBe(language === 'en' ? "Move an order's state" : '订单状态流转');
      expect(operation.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(['id', 'status']));
      expect(operation.description).toContain(language === 'en' ? '1 Paid' : '1 已支付');
      const status = operation.parameters!.find((p) => p.name === 'status')!;
      expect(status.description).toContain(language === 'en' ? '4 Cancelled' : '4 已取消');
      const noted = operationOf(doc, 'POST', '/api/move-test/order/noted-status')!;
      expect(noted.parameters!.map((p) => [p.name, p.required])).toEqual([
        ['id', true],
        ['status', true],
        ['note', true],
      ]);
    }
  });

  test('twenty identical moves at once: exactly one succeeds, nineteen are refused, `before` ran once', async () => {
    const id = await insert('race', PENDING);
    afterCalls.length = 0;
    const answers = await fireTogether(20, (i) => move(id, PAID, i % 2 ? en : undefined));
    const bodies = answers.map((a) => (a.status === 'fulfilled' ? a.value : undefined));
    expect(bodies.every(Boolean)).toBe(true);
    expect(bodies.filter((b) => b!.status === 200)).toHaveLength(1);
    const refused = bodies.filter((b) => b!.status !== 200);
    expect(refused.map((b) => b!.status)).toEqual(Array(19).fill(400));
    for (const b of refused) expect(['订单状态不能从「已支付」变为「已支付」', 'The order cannot go from "Paid" to "Paid"']).toContain(b!.body.msg);
    expect(afterCalls).toHaveLength(1);
    expect((await read(id)).status).toBe(PAID);
  });
});
