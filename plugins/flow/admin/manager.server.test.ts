import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import type { AuthUser } from '../../../core/sdk/server';
import { createTestServer, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import flowServer from '../server';
import { demoModelXml } from './seed';
import { deployed, EN, refusal, scriptXml, simpleXml, startInstance, starterAndApprover } from './testing';

/**
 * The deployed processes of every tenant (list, suspend and activate at once, delete with their
 * instances, the upload check by bytes, deploying uploads all or nothing) and the running instances
 * (list, delete with a reason, after which their tasks leave the to-do list).
 */

let ts: TestServer;
let admin: string;
let starter: AuthUser;
let approver: AuthUser;

const MANAGER = '/api/blade-flow/manager';
const FOLLOW = '/api/blade-flow/follow';
type Row = Record<string, unknown>;

const processes = async (query: Record<string, string> = {}) => {
  const res = await ts.get(`${MANAGER}/list`, { token: admin, query: { size: '200', ...query } });
  expect(res.status).toBe(200);
  return res.body.data as { records: Row[]; total: number };
};
const running = async (query: Record<string, string> = {}) => {
  const res = await ts.get(`${FOLLOW}/list`, { token: admin, query: { size: '200', ...query } });
  expect(res.status).toBe(200);
  return res.body.data as { records: Row[]; total: number };
};
const upload = (path: string, files: { name: string; bytes: Uint8Array<ArrayBuffer> | string }[], fields: Record<string, string> = {}, field = 'file', headers?: Record<string, string>) => {
  const form = new FormData();
  for (const file of files) form.append(field, new File([file.bytes], file.name));
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return ts.call('POST', `${MANAGER}/${path}`, { token: admin, body: form, headers });
};
const countRows = (table: string, where = 'true', params: unknown[] = []) => ts.ctx.db.system(async (tx) => Number((await tx.one<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`, params))?.n));

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, flowServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  ({ starter, approver } = await starterAndApprover(ts, '000000', 'mgr'));
});
afterAll(() => ts.close());

describe('the manager', () => {
  test('lists every tenant’s definitions by key, then the newest version first, with the tenant’s name; filters by tenant, key and category', async () => {
    await deployed(ts, simpleXml('listed', '列表测试'), ['000000', '100001']);
    await deployed(ts, simpleXml('listed', '列表测试'), ['000000']);
    const { records } = await processes({ processDefinitionKey: 'listed' });
    expect(records.map((r) => [r.tenantId, r.version])).toEqual([
      ['000000', 2],
      ['000000', 1],
      ['100001', 1],
    ]);
    expect(records[2]).toMatchObject({ key: 'listed', name: '列表测试', category: 'flow_2', categoryName: '通用审批', suspensionState: 1, tenantName: expect.any(String), resourceName: 'listed.bpmn20.xml' });
    expect(records[2]!.deploymentTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await processes({ processDefinitionKey: 'listed', tenantId: '100001' })).records).toHaveLength(1);
    expect((await processes({ category: 'flow_1', processDefinitionKey: 'listed' })).total).toBe(0);
    const english = await ts.get(`${MANAGER}/list`, { token: admin, query: { processDefinitionKey: 'listed' }, headers: EN });
    expect(english.body.data.records[0].categoryName).toBe('General approval');
    expect(refusal(await ts.get(`${MANAGER}/list`, { token: admin, query: { tenantId: "x' or 1=1" } }))).toBe('请求参数格式错误: tenantId');
  });

  test('suspend and activate (a race of them in races.server.test.ts); a suspended process cannot be started', async () => {
    const { definitions } = await deployed(ts, simpleXml('suspendable'), ['000000']);
    const processId = definitions[0]!.id;
    const change = (state: string, headers?: Record<string, string>) => ts.post(`${MANAGER}/change-state`, { token: admin, query: { state, processId }, headers });

    expect((await change('suspend')).body).toMatchObject({ success: true, msg: '操作成功' });
    expect(refusal(await change('suspend'))).toBe(`流程定义「${processId}」已是挂起状态`);
    expect(refusal(await change('suspend', EN))).toBe(`The process definition "${processId}" is suspended already`);
    expect((await processes({ processDefinitionKey: 'suspendable' })).records[0]).toMatchObject({ suspensionState: 2 });
    await expect(startInstance(ts, processId, starter, approver)).rejects.toMatchObject({ status: 400 });

    expect((await change('active')).status).toBe(200);
    expect(refusal(await change('active', EN))).toBe(`The process definition "${processId}" is active already`);
    expect(await startInstance(ts, processId, starter, approver)).toMatch(/^\d+$/);

    expect(refusal(await ts.post(`${MANAGER}/change-state`, { token: admin, query: { state: 'paused', processId } }))).toBe('请求参数格式错误: state');
    expect(refusal(await ts.post(`${MANAGER}/change-state`, { token: admin, query: { state: 'active', processId: 'nope:1:1' } }))).toBe('流程定义「nope:1:1」不存在');
  });

  test('deleting a deployment removes its definitions and, with them, their instances, tasks and history; an unknown one deletes nothing', async () => {
    const first = await deployed(ts, simpleXml('doomed'), ['000000']);
    const kept = await deployed(ts, simpleXml('doomed'), ['000000']);
    const doomedId = first.definitions[0]!.id;
    const instances = [await startInstance(ts, doomedId, starter, approver), await startInstance(ts, doomedId, starter, approver)];
    const keptInstance = await startInstance(ts, kept.definitions[0]!.id, starter, approver);
    expect(await countRows('flow_task', 'instance_id = any($1::bigint[])', [instances])).toBe(2);

    const before = await countRows('flow_definition');
    expect(refusal(await ts.post(`${MANAGER}/delete-deployment`, { token: admin, query: { deploymentIds: `${first.deploymentId},1123598821738675299` } }))).toBe('部署「1123598821738675299」不存在');
    expect(await countRows('flow_definition')).toBe(before);

    const res = await ts.post(`${MANAGER}/delete-deployment`, { token: admin, query: { deploymentIds: first.deploymentId } });
    expect(res.body).toMatchObject({ success: true, msg: '删除成功' });
    expect(await countRows('flow_definition', 'id = $1', [doomedId])).toBe(0);
    for (const table of ['flow_task', 'flow_activity']) expect(await countRows(table, 'instance_id = any($1::bigint[])', [instances])).toBe(0);
    expect(await countRows('flow_instance', 'id = any($1::bigint[])', [instances])).toBe(0);
    // The other deployment of the key, and its instance, are untouched.
    expect(await countRows('flow_instance', 'id = $1', [keptInstance])).toBe(1);
    expect((await processes({ processDefinitionKey: 'doomed' })).records.map((r) => r.version)).toEqual([2]);
  });
});

describe('uploaded process files', () => {
  const bpmn = simpleXml('uploaded', '上传的流程');
  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);

  test('check-upload judges the bytes: a picture named .bpmn, text that is not UTF-8, a script task are refused; a BOM before the XML is fine', async () => {
    const check = async (name: string, bytes: Uint8Array<ArrayBuffer> | string, headers?: Record<string, string>) => {
      const res = await upload('check-upload', [{ name, bytes }], {}, 'file', headers);
      expect(res.status).toBe(200);
      return res.body.data as { name: string; success: boolean; msg: string };
    };
    expect(await check('x.bpmn', PNG)).toEqual({ name: 'x.bpmn', success: false, msg: '文件不是 UTF-8 编码的 BPMN 2.0 XML' });
    expect(await check('x.bpmn', PNG, EN)).toMatchObject({ success: false, msg: 'The file is not BPMN 2.0 XML encoded in UTF-8' });
    expect(await check('latin1.bpmn20.xml', new Uint8Array([...new TextEncoder().encode('<?xml version="1.0"?><a>'), 0xe9, 0xff]))).toMatchObject({ success: false });
    const scripted = await check('script.bpmn', scriptXml('scripted_upload'));
    expect(scripted.success).toBe(false);
    expect(scripted.msg).toContain('runScript');
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(bpmn)]);
    expect(await check('BOM.bpmn20.xml', withBom)).toEqual({ name: 'BOM.bpmn20.xml', success: true, msg: '可以部署' });
    // The name decides nothing: good bytes under any name pass.
    expect((await check('picture.png', bpmn)).success).toBe(true);
  });

  test('a file over 1 MB is refused with the cap’s message, in either language; a form without the file says so', async () => {
    const big = new Uint8Array(2 * 1024 * 1024).fill(0x20);
    expect(refusal(await upload('check-upload', [{ name: 'big.bpmn', bytes: big }]))).toBe('流程文件不能超过 1 MB');
    expect(refusal(await upload('check-upload', [{ name: 'big.bpmn', bytes: big }], {}, 'file', EN))).toBe('A process file may be at most 1 MB');
    expect(refusal(await upload('check-upload', [], { other: '1' }))).toBe('缺少必要的请求参数: file');
    expect(refusal(await ts.post(`${MANAGER}/check-upload`, { token: admin, json: { file: 'x' } }))).toBe('消息不能读取: 需要 multipart/form-data');
  });

  test('deploy-upload deploys every file for every tenant, or, when one file is refused, none, naming it', async () => {
    const count = () => countRows('flow_definition');
    const before = await count();
    const refused = await upload('deploy-upload', [{ name: 'good.bpmn', bytes: bpmn }, { name: 'bad.bpmn', bytes: PNG }], { category: 'flow_2', tenantIds: '000000,100001' }, 'files');
    expect(refusal(refused)).toBe('文件「bad.bpmn」：文件不是 UTF-8 编码的 BPMN 2.0 XML');
    expect(refusal(await upload('deploy-upload', [{ name: 'good.bpmn', bytes: bpmn }], { category: 'flow_77', tenantIds: '000000' }, 'files'))).toBe('流程分类「flow_77」不存在');
    expect(refusal(await upload('deploy-upload', [{ name: 'good.bpmn', bytes: bpmn }], { category: 'flow_2' }, 'files'))).toBe('缺少必要的请求参数: tenantIds');
    expect(await count()).toBe(before);

    const ok = await upload('deploy-upload', [{ name: 'good.bpmn', bytes: bpmn }, { name: 'car.bpmn20.xml', bytes: demoModelXml('car') }], { category: 'flow_2', tenantIds: '000000,100001' }, 'files');
    expect(ok.body).toMatchObject({ success: true, msg: '部署成功' });
    expect((ok.body.data as { definitions: Row[] }[]).map((d) => d.definitions.map((x) => `${x.tenantId} ${x.key} ${x.version}`))).toEqual([
      ['000000 uploaded 1', '100001 uploaded 1'],
      ['000000 car 1', '100001 car 1'],
    ]);
    expect(await count()).toBe(before + 4);
  });
});

describe('following running instances', () => {
  test('lists every tenant’s running instances with the current task; deleting one cancels its tasks, which leave the to-do list', async () => {
    const { definitions } = await deployed(ts, demoModelXml('general_two_step'), ['000000']);
    const instanceId = await startInstance(ts, definitions[0]!.id, starter, approver);
    const { records } = await running({ processInstanceId: instanceId });
    expect(records).toEqual([
      expect.objectContaining({
        id: instanceId,
        processInstanceId: instanceId,
        executionId: instanceId,
        name: '通用审批（两级）',
        processDefinitionId: definitions[0]!.id,
        processDefinitionKey: 'general_two_step',
        category: 'flow_2',
        categoryName: '通用审批',
        startUserId: starter.userId,
        startUser: 'starter_mgr 名',
        taskName: '部门审批',
        taskDefinitionKey: 'deptApprove',
        activityId: 'deptApprove',
        suspensionState: 1,
        tenantId: '000000',
      }),
    ]);
    expect((await running({ processDefinitionKey: 'general_two_step', tenantId: '100001' })).records.some((r) => r.id === instanceId)).toBe(false);

    const approverToken = (await ts.signIn(approver.account, approver.account)).access_token;
    const todo = async () => ((await ts.get('/api/blade-flow/work/todo-list', { token: approverToken, query: { size: '100' } })).body.data.records as Row[]).map((r) => r.processInstanceId);
    expect(await todo()).toContain(instanceId);

    const remove = (query: Record<string, string>, headers?: Record<string, string>) => ts.post(`${FOLLOW}/delete-process-instance`, { token: admin, query, headers });
    expect(refusal(await remove({ processInstanceId: instanceId }))).toBe('缺少必要的请求参数: deleteReason');
    expect(refusal(await remove({ processInstanceId: instanceId, deleteReason: 'x'.repeat(201) }))).toBe('deleteReason: 长度不能超过200个字符');
    expect((await remove({ processInstanceId: instanceId, deleteReason: '申请人已离职' })).body).toMatchObject({ success: true, msg: '删除成功' });

    expect(await todo()).not.toContain(instanceId);
    expect((await running({ processInstanceId: instanceId })).total).toBe(0);
    const row = await ts.ctx.db.system((tx) => tx.one<{ status: string; delete_reason: string }>('select status, delete_reason from flow_instance where id = $1', [instanceId]));
    expect(row).toEqual({ status: 'deleted', delete_reason: '申请人已离职' });
    expect(await countRows('flow_task', `instance_id = $1 and status in ('claim', 'todo')`, [instanceId])).toBe(0);
    expect(refusal(await remove({ processInstanceId: instanceId, deleteReason: '再来一次' }, EN))).toBe('The process instance does not exist or has ended');
  });
});
