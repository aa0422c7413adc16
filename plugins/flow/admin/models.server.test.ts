import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { createTestServer, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import { validateBpmn } from '../engine';
import flowServer from '../server';
import { DEMO_MODELS, demoModelXml } from './seed';
import { EN, refusal, scriptXml, simpleXml } from './testing';

/**
 * The super administrator's models: the demo ones the seed brings, who may call the administration at
 * all, a model's save (checked by the engine's rules, its key unique and equal to the process id, each
 * save the next version), removal, deployment as new versions for chosen tenants, and the download.
 */

let ts: TestServer;
let admin: string; // the super administrator
let tenantAdmin: string; // the demo tenant's own administrator
let demo: string; // the demo user of 000000

const BASE = '/api/blade-flow/model';
type Row = Record<string, unknown>;

const models = async (query: Record<string, string> = {}) => {
  const res = await ts.get(`${BASE}/list`, { token: admin, query: { size: '100', ...query } });
  expect(res.status).toBe(200);
  return res.body.data as { records: Row[]; total: number };
};
const submit = (json: Record<string, unknown>, headers?: Record<string, string>) => ts.post(`${BASE}/submit`, { token: admin, json, headers });
const modelRows = () => ts.ctx.db.system((tx) => tx.query('select * from flow_model order by id'));

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, flowServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  tenantAdmin = (await ts.signIn('admin', 'admin', '100001')).access_token;
  demo = (await ts.signIn('demo', 'demo')).access_token;
});
afterAll(() => ts.close());

describe('the administration is the super administrator’s alone', () => {
  test('every model, manager and follow route refuses a tenant’s administrator and the demo user with 403, before reading the input', async () => {
    const routes = ts.app.routes.filter((r) => /^\/api\/blade-flow\/(model|manager|follow)\//.test(r.path) && ['GET', 'POST'].includes(r.method));
    const paths = [...new Set(routes.map((r) => `${r.method} ${r.path}`))];
    expect(paths.length).toBe(13);
    const allowed: string[] = [];
    for (const key of paths) {
      const [method, path] = key.split(' ') as [string, string];
      for (const [who, token] of [['tenant admin', tenantAdmin], ['demo user', demo]] as const) {
        // Bad input on purpose: a refusal for the input would tell the caller something.
        const res = await ts.call(method, path, { token, query: { id: 'x', ids: 'x', modelId: 'x', processId: 'x', state: 'x' }, ...(method === 'POST' ? { json: { name: '' } } : {}) });
        if (res.status !== 403 || res.body?.msg !== '没有权限执行此操作') allowed.push(`${who} ${key} → ${res.status} ${res.body?.msg}`);
      }
    }
    expect(allowed).toEqual([]);
    const english = await ts.get(`${BASE}/list`, { token: tenantAdmin, headers: EN });
    expect([english.status, english.body.msg]).toEqual([403, 'You have no permission to do this']);
  });
});

describe('the demo models', () => {
  test('are listed, each an XML the engine accepts with its diagram, and the two-step approval is deployed in both demo tenants', async () => {
    const { records } = await models();
    for (const model of DEMO_MODELS) {
      const row = records.find((r) => r.modelKey === model.key);
      expect(row).toMatchObject({ name: model.name, version: 1 });
      const xml = demoModelXml(model.key);
      expect(await validateBpmn(xml)).toMatchObject({ ok: true, key: model.key, name: model.name });
      expect(xml).toContain('<bpmndi:BPMNDiagram');
    }
    const deployed = await ts.ctx.db.system((tx) =>
      tx.query<{ tenant_id: string; version: number; category: string }>(`select tenant_id, version, category from flow_definition where process_key = 'general_two_step' order by tenant_id`),
    );
    expect(deployed).toEqual([
      { tenant_id: '000000', version: 1, category: 'flow_2' },
      { tenant_id: '100001', version: 1, category: 'flow_2' },
    ]);
  });
});

describe('saving a model', () => {
  test('a new model is version 1, each save the next; the detail has its XML; the list filters by name and key', async () => {
    const created = await submit({ name: '采购审批', modelKey: 'purchase', description: '采购', modelEditorXml: simpleXml('purchase', '采购审批') });
    expect(created.body).toMatchObject({ success: true, data: { modelKey: 'purchase', name: '采购审批', description: '采购', version: 1 } });
    const id = created.body.data.id as string;
    expect(created.body.data.created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const saved = await submit({ id, name: '采购审批（新）', modelKey: 'purchase', modelEditorXml: simpleXml('purchase', '采购审批（新）') });
    expect(saved.body.data).toMatchObject({ id, version: 2, name: '采购审批（新）' });
    const detail = await ts.get(`${BASE}/detail`, { token: admin, query: { id } });
    expect(detail.body.data).toMatchObject({ id, version: 2, modelEditorXml: simpleXml('purchase', '采购审批（新）') });

    expect((await models({ name: '采购' })).records.map((r) => r.id)).toEqual([id]);
    expect((await models({ modelKey: 'purch' })).records.map((r) => r.id)).toEqual([id]);
    expect((await models({ name: '100%_' })).total).toBe(0);
  });

  test('a script task is refused naming it, in Chinese and in English, and nothing is saved', async () => {
    const before = await modelRows();
    const zh = refusal(await submit({ name: '脚本', modelKey: 'scripted', modelEditorXml: scriptXml('scripted') }));
    expect(zh).toContain('runScript');
    expect(zh).toMatch(/[\u4e00-\u9fff]/);
    const en = refusal(await submit({ name: '脚本', modelKey: 'scripted', modelEditorXml: scriptXml('scripted') }, EN));
    expect(en).toContain('runScript');
    expect(en).not.toMatch(/[\u4e00-\u9fff]/);
    expect(await modelRows()).toEqual(before);
  });

  test('a duplicate key, a process id unlike the key, a bad key, a missing name, XML that does not parse and XML over 1 MB are refused', async () => {
    const before = await modelRows();
    expect(refusal(await submit({ name: '另一个', modelKey: 'expense', modelEditorXml: simpleXml('expense') }))).toBe('模型标识「expense」已被其他模型使用');
    expect(refusal(await submit({ name: '另一个', modelKey: 'expense', modelEditorXml: simpleXml('expense') }, EN))).toBe('The model key "expense" is used by another model');
    expect(refusal(await submit({ name: '不一致', modelKey: 'mismatch', modelEditorXml: simpleXml('other_id') }))).toBe('流程图中的流程标识「other_id」与模型标识「mismatch」不一致');
    expect(refusal(await submit({ name: '坏标识', modelKey: '1 bad', modelEditorXml: simpleXml('x') }))).toContain('模型标识须以字母或下划线开头');
    expect(refusal(await submit({ name: ' ', modelKey: 'noname', modelEditorXml: simpleXml('noname') }))).toBe('缺少必要的请求参数: name');
    expect(refusal(await submit({ name: '坏的', modelKey: 'broken', modelEditorXml: '<bpmn:definitions' }))).toBeTruthy();
    const huge = simpleXml('huge', 'huge', `<!--${'x'.repeat(1024 * 1024)}-->`);
    expect(refusal(await submit({ name: '太大', modelKey: 'huge', modelEditorXml: huge }))).toBe('流程图 XML 不能超过 1 MB');
    expect(refusal(await submit({ id: '1123598821738675299', name: '不存在', modelKey: 'ghost', modelEditorXml: simpleXml('ghost') }))).toBe('模型不存在');
    expect(await modelRows()).toEqual(before);
  });

  test('removal is logical, and frees the key', async () => {
    const made = await submit({ name: '临时', modelKey: 'temporary', modelEditorXml: simpleXml('temporary') });
    const id = made.body.data.id as string;
    const removed = await ts.post(`${BASE}/remove`, { token: admin, query: { ids: id } });
    expect(removed.body).toMatchObject({ success: true, msg: '删除成功' });
    expect((await models({ modelKey: 'temporary' })).total).toBe(0);
    expect(refusal(await ts.get(`${BASE}/detail`, { token: admin, query: { id } }))).toBe('模型不存在');
    expect((await ts.ctx.db.system((tx) => tx.one<{ is_deleted: number }>('select is_deleted from flow_model where id = $1', [id])))?.is_deleted).toBe(1);
    expect((await submit({ name: '临时', modelKey: 'temporary', modelEditorXml: simpleXml('temporary') })).status).toBe(200);
    expect(refusal(await ts.post(`${BASE}/remove`, { token: admin, query: { ids: 'abc' } }))).toBe('请求参数格式错误: ids');
  });
});

describe('deploying a model', () => {
  test('twice: versions 1 and 2 in each chosen tenant, and the start list shows version 2', async () => {
    const made = await submit({ name: '出差申请', modelKey: 'trip', modelEditorXml: simpleXml('trip', '出差申请') });
    const modelId = made.body.data.id as string;
    const first = await ts.post(`${BASE}/deploy`, { token: admin, query: { modelId, category: 'flow_2', tenantIds: '000000,100001' } });
    expect(first.body).toMatchObject({ success: true, msg: '部署成功' });
    expect(first.body.data.definitions).toEqual([
      expect.objectContaining({ tenantId: '000000', key: 'trip', version: 1, category: 'flow_2', name: '出差申请' }),
      expect.objectContaining({ tenantId: '100001', key: 'trip', version: 1 }),
    ]);
    // A deployment per tenant, as Flowable makes them: the ids comma-joined, each in its definition's id.
    const deployments = String(first.body.data.deploymentId).split(',');
    expect(first.body.data.definitions.map((d: Row) => d.id)).toEqual(deployments.map((id) => `trip:1:${id}`));
    const second = await ts.post(`${BASE}/deploy`, { token: admin, query: { modelId, category: 'flow_2', tenantIds: '000000' }, headers: EN });
    expect(second.body).toMatchObject({ msg: 'Deployed', data: { definitions: [expect.objectContaining({ tenantId: '000000', version: 2 })] } });

    const starts = await ts.get('/api/blade-flow/work/start-list', { token: demo, query: { size: '100' } });
    const trips = (starts.body.data.records as Row[]).filter((r) => r.key === 'trip');
    expect(trips.map((r) => r.version)).toEqual([2]);
  });

  test('an unknown category or tenant, no tenant and an unknown model are refused, and nothing is deployed', async () => {
    const modelId = (await models({ modelKey: 'car' })).records[0]!.id as string;
    const count = () => ts.ctx.db.system((tx) => tx.one<{ n: number }>(`select count(*)::int as n from flow_definition`));
    const before = await count();
    const deploy = (query: Record<string, string>, headers?: Record<string, string>) => ts.post(`${BASE}/deploy`, { token: admin, query: { modelId, category: 'flow_2', tenantIds: '000000', ...query }, headers });
    expect(refusal(await deploy({ category: 'flow_99' }))).toBe('流程分类「flow_99」不存在');
    expect(refusal(await deploy({ category: 'flow_99' }, EN))).toBe('There is no process category "flow_99"');
    expect(refusal(await deploy({ category: 'leave' }))).toBe('请求参数格式错误: category');
    expect(refusal(await deploy({ tenantIds: '000000,999999' }))).toBe('租户「999999」不存在');
    expect(refusal(await deploy({ tenantIds: ' , ' }))).toBe('tenantIds: 至少需要1项');
    expect(refusal(await deploy({ modelId: '1123598821738675299' }))).toBe('模型不存在');
    expect(await count()).toEqual(before);
  });
});

test('download: the XML as <key>.bpmn20.xml', async () => {
  const model = (await models({ modelKey: 'expense' })).records[0]!;
  const res = await ts.call('GET', `${BASE}/download`, { token: admin, query: { id: model.id as string } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toContain('filename="expense.bpmn20.xml"');
  expect(res.headers.get('content-type')).toContain('application/xml');
  expect(res.body).toBe(demoModelXml('expense'));
});
