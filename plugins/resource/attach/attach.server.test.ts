import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { DEMO_TENANT } from '../../../core/sdk/server';
import { createTestServer, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import resourceServer from '../server';

/** The attachment list over the kernel's blade_attach: paging and filters, the store's name, renaming, tenants. */
let ts: TestServer;
let admin: string;
let other: string;
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, resourceServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  other = (await ts.signIn('admin', 'admin', DEMO_TENANT.tenantId)).access_token;
}, 120_000);
afterAll(() => ts?.close());

const upload = async (name: string, token = admin) => {
  const form = new FormData();
  form.append('file', new File([Buffer.from(PDF)], name));
  return (await ts.post('/api/blade-resource/oss/endpoint/put-file-attach', { token, body: form })).body.data as { attachId: string; link: string };
};
const page = async (query: Record<string, string>, token = admin) => (await ts.get('/api/blade-resource/attach/page', { token, query })).body;

test('an upload is listed with its name, size, type, store, uploader and time; never its bytes', async () => {
  const { attachId, link } = await upload('价目表.pdf');
  const body = await page({ originalName: '价目表' });
  expect(body.data.total).toBe(1);
  const row = body.data.records[0];
  expect(row).toMatchObject({ id: attachId, link, originalName: '价目表.pdf', extension: 'pdf', attachSize: PDF.length, contentType: 'application/pdf', storeName: 'local', uploaderName: expect.any(String) });
  expect(row.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  expect(row).not.toHaveProperty('bytes');
  expect((await ts.get('/api/blade-resource/attach/detail', { token: admin, query: { id: attachId } })).body.data).toEqual(row);
});

test('a file kept in the database says so, in the caller’s language', async () => {
  const local = ((await ts.get('/api/blade-resource/oss/list', { token: admin, query: { ossCode: 'local' } })).body.data.records as { id: string }[])[0]!;
  await ts.post('/api/blade-resource/oss/disable', { token: admin, query: { id: local.id } });
  await upload('数据库里的.pdf');
  expect((await page({ originalName: '数据库里的' })).data.records[0].storeName).toBe('数据库');
  const english = await ts.get('/api/blade-resource/attach/page', { token: admin, query: { originalName: '数据库里的' }, headers: { 'Accept-Language': 'en' } });
  expect(english.body.data.records[0].storeName).toBe('Database');
  await ts.post('/api/blade-resource/oss/enable', { token: admin, query: { id: local.id } });
});

test('sorting and filters are the entity’s; anything else is a 400', async () => {
  await upload('b.pdf');
  const asc = await page({ ascs: 'attachSize', size: '5' });
  expect(asc.success).toBe(true);
  const refused = await ts.get('/api/blade-resource/attach/page', { token: admin, query: { bytes: 'x' } });
  expect(refused.status).toBe(400);
});

test('submit renames (the original name only), refuses an add, a blank or a path, and the download takes the new name', async () => {
  const { attachId, link } = await upload('old.pdf');
  expect((await ts.post('/api/blade-resource/attach/submit', { token: admin, json: { id: attachId, originalName: '新名字.pdf', extension: 'exe' } })).body.success).toBe(true);
  const row = (await ts.get('/api/blade-resource/attach/detail', { token: admin, query: { id: attachId } })).body.data;
  expect(row).toMatchObject({ originalName: '新名字.pdf', extension: 'pdf' });
  expect((await ts.app.request(link)).headers.get('content-disposition')).toContain(encodeURIComponent('新名字.pdf'));
  expect((await ts.post('/api/blade-resource/attach/submit', { token: admin, json: { originalName: 'x.pdf' } })).body.msg).toBe('新增附件请通过上传');
  expect((await ts.post('/api/blade-resource/attach/submit', { token: admin, json: { id: attachId, originalName: '  ' } })).body.msg).toBe('请输入附件原名');
  expect((await ts.post('/api/blade-resource/attach/submit', { token: admin, json: { id: attachId, originalName: '../x.pdf' } })).status).toBe(400);
});

test('another tenant’s attachment is neither listed, read, renamed nor removed', async () => {
  const theirs = await upload('他们的.pdf', other);
  expect((await page({ originalName: '他们的' })).data.total).toBe(0);
  expect((await ts.get('/api/blade-resource/attach/detail', { token: admin, query: { id: theirs.attachId } })).body.data).toBeNull();
  expect((await ts.post('/api/blade-resource/attach/submit', { token: admin, json: { id: theirs.attachId, originalName: 'x.pdf' } })).body.msg).toBe('数据不存在');
  await ts.post('/api/blade-resource/attach/remove', { token: admin, query: { ids: theirs.attachId } });
  expect((await ts.app.request(theirs.link)).status).toBe(200);
});

test('removing an attachment stops its link', async () => {
  const { attachId, link } = await upload('gone.pdf');
  expect((await ts.post('/api/blade-resource/attach/remove', { token: admin, query: { ids: attachId } })).body.success).toBe(true);
  expect((await ts.app.request(link)).status).toBe(404);
  expect((await ts.get('/api/blade-resource/attach/detail', { token: admin, query: { id: attachId } })).body.data).toBeNull();
});
