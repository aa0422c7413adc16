import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { DEMO_TENANT } from '../../../core/sdk/server';
import { createTestServer, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import resourceServer from '../server';
import { startS3TestServer, type S3TestServer } from './s3-test-server';

/**
 * Uploads through the enabled store, end to end on the server: the demo's local disk, an S3-compatible
 * store (s3rver, every request's signature checked) enabled only once it passes its test, a switch back
 * that keeps the old links working, the database when none is enabled, and removals that remove objects.
 */
const PNG = new Uint8Array(Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8ffff3f0005fe02fea7d6a4f20000000049454e44ae426082', 'hex'));
const en = { 'Accept-Language': 'en' };

let ts: TestServer;
let s3: S3TestServer;
let admin: string;
let fileDir: string;
const saved = { FILE_DIR: process.env.FILE_DIR, OSS_ALLOWED_HOSTS: process.env.OSS_ALLOWED_HOSTS };

beforeAll(async () => {
  fileDir = mkdtempSync(join(tmpdir(), 'oss-files-'));
  process.env.FILE_DIR = fileDir;
  process.env.OSS_ALLOWED_HOSTS = '127.0.0.1';
  s3 = await startS3TestServer();
  ts = await createTestServer({ plugins: [dictServer, resourceServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
}, 120_000);
afterAll(async () => {
  await ts?.close();
  await s3?.close();
  rmSync(fileDir, { recursive: true, force: true });
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

interface OssJson {
  id: string;
  ossCode: string;
  category: number;
  status: number;
  secretKey: string;
}

const configs = async (token = admin): Promise<OssJson[]> => (await ts.get('/api/blade-resource/oss/list', { token, query: { size: '100' } })).body.data.records;
const byCode = async (code: string, token = admin) => (await configs(token)).find((c) => c.ossCode === code)!;
const upload = (bytes: Uint8Array, name: string, token = admin) => {
  const form = new FormData();
  form.append('file', new File([Buffer.from(bytes)], name));
  return ts.post('/api/blade-resource/oss/endpoint/put-file', { token, body: form });
};
const attachRow = (attachId: string) =>
  ts.ctx.db.system((tx) => tx.one<{ oss_id: string | null; object_key: string | null; has_bytes: boolean }>('select oss_id::text as oss_id, object_key, bytes is not null as has_bytes from blade_attach where id = $1', [attachId]));
const served = async (link: string) => {
  const res = await ts.app.request(link);
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
};
const s3Config = (secretKey: string, code: string) => ({
  category: 2,
  ossCode: code,
  endpoint: s3.endpoint,
  bucketName: s3.bucket,
  region: 'us-east-1',
  accessKey: s3.accessKey,
  secretKey,
  pathStyle: 1,
});

describe('the demo configurations', () => {
  test('each demo tenant has its local disk enabled and an S3 example disabled; secrets are answered masked', async () => {
    const mine = await configs();
    expect(mine.map((c) => [c.ossCode, c.category, c.status]).sort()).toEqual([
      ['local', 1, 2],
      ['minio-example', 2, 1],
    ]);
    expect(mine.find((c) => c.category === 2)!.secretKey).toBe('******');
    const other = (await ts.signIn('admin', 'admin', DEMO_TENANT.tenantId)).access_token;
    expect((await configs(other)).map((c) => c.ossCode).sort()).toEqual(['cos-example', 'local-disk']);
  });
});

describe('uploads follow the enabled store', () => {
  let localLink = '';
  let s3Link = '';

  test('with the local disk enabled, an upload is a file under FILE_DIR named by tenant and month, and its link serves it', async () => {
    const res = await upload(PNG, 'local.png');
    expect(res.body.success).toBe(true);
    const row = await attachRow(res.body.data.attachId);
    expect(row).toMatchObject({ oss_id: (await byCode('local')).id, has_bytes: false });
    expect(row!.object_key).toMatch(/^000000\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    expect(readdirSync(join(fileDir, '000000'), { recursive: true }).map(String).some((f) => f.endsWith(res.body.data.name))).toBe(true);
    localLink = res.body.data.link;
    expect(await served(localLink)).toEqual({ status: 200, bytes: PNG });
  });

  test('an S3 configuration with a wrong secret is saved but never enabled: the refusal says why, in the caller’s language', async () => {
    const saved = await ts.post('/api/blade-resource/oss/submit', { token: admin, json: s3Config('not-the-secret', 's3rver') });
    expect(saved.body.success).toBe(true);
    const config = await byCode('s3rver');
    const zh = await ts.post('/api/blade-resource/oss/enable', { token: admin, query: { id: config.id } });
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toBe('启用失败，连接测试未通过：secretKey 不正确（签名不匹配）');
    const english = await ts.post('/api/blade-resource/oss/test', { token: admin, query: { id: config.id }, headers: en });
    expect(english.body.msg).toBe('Connection test failed: the secret key is wrong (the signature does not match)');
    expect(JSON.stringify(zh.body)).not.toContain('not-the-secret');
    expect((await byCode('local')).status).toBe(2);
    expect((await byCode('s3rver')).status).toBe(1);
  });

  test('the masked secret sent back keeps the stored one; the right secret passes the test and is enabled, the local disk disabled', async () => {
    const config = await byCode('s3rver');
    await ts.post('/api/blade-resource/oss/submit', { token: admin, json: { id: config.id, secretKey: s3.secretKey } });
    await ts.post('/api/blade-resource/oss/submit', { token: admin, json: { id: config.id, remark: '本地 s3rver', secretKey: '******' } });
    expect((await ts.post('/api/blade-resource/oss/test', { token: admin, query: { id: config.id } })).body.msg).toBe('连接测试通过：写入、读取、删除均成功');
    const enabled = await ts.post('/api/blade-resource/oss/enable', { token: admin, query: { id: config.id } });
    expect(enabled.body).toMatchObject({ success: true, msg: '启用成功，之后上传的文件将存入该配置' });
    expect((await configs()).filter((c) => c.status === 2).map((c) => c.ossCode)).toEqual(['s3rver']);
    const sealed = await ts.ctx.db.system((tx) => tx.one<{ secret_key: string }>('select secret_key from blade_oss where id = $1', [config.id]));
    expect(sealed!.secret_key).not.toContain(s3.secretKey);
  });

  test('an upload now lands in the bucket (read back through s3rver) and the link serves it', async () => {
    const res = await upload(PNG, 's3.png');
    const row = await attachRow(res.body.data.attachId);
    expect(row).toMatchObject({ oss_id: (await byCode('s3rver')).id, has_bytes: false });
    expect(await s3.object(row!.object_key!)).toEqual(PNG);
    s3Link = res.body.data.link;
    expect(await served(s3Link)).toEqual({ status: 200, bytes: PNG });
  });

  test('back to the local disk: new uploads go there, and the file in the bucket is still served', async () => {
    await ts.post('/api/blade-resource/oss/enable', { token: admin, query: { id: (await byCode('local')).id } });
    const res = await upload(PNG, 'again.png');
    expect((await attachRow(res.body.data.attachId))!.oss_id).toBe((await byCode('local')).id);
    expect((await served(s3Link)).status).toBe(200);
    expect((await served(localLink)).status).toBe(200);
  });

  test('with none enabled, uploads are kept in the database', async () => {
    const disabled = await ts.post('/api/blade-resource/oss/disable', { token: admin, query: { id: (await byCode('local')).id }, headers: en });
    expect(disabled.body.msg).toBe('Disabled: files uploaded from now on are kept in the database');
    const res = await upload(PNG, 'db.png');
    expect(await attachRow(res.body.data.attachId)).toEqual({ oss_id: null, object_key: null, has_bytes: true });
    expect(await served(res.body.data.link)).toEqual({ status: 200, bytes: PNG });
  });

  test('a configuration holding files is not removed; removing the attachment removes its object, and its link answers 404', async () => {
    const config = await byCode('s3rver');
    const refused = await ts.post('/api/blade-resource/oss/remove', { token: admin, query: { ids: config.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/^该存储配置中还有 \d+ 个文件，不能删除/);
    const attach = (await ts.get('/api/blade-resource/attach/page', { token: admin, query: { size: '100' } })).body.data.records as { id: string; ossId: string; link: string }[];
    const inBucket = attach.filter((a) => a.ossId === config.id);
    const keys = await s3.keys();
    expect(keys.length).toBeGreaterThan(0);
    expect((await ts.post('/api/blade-resource/attach/remove', { token: admin, query: { ids: inBucket.map((a) => a.id).join(',') } })).body.success).toBe(true);
    expect(await s3.keys()).toEqual([]);
    expect((await served(s3Link)).status).toBe(404);
    expect((await ts.post('/api/blade-resource/oss/remove', { token: admin, query: { ids: config.id } })).body.success).toBe(true);
  });
});

describe('endpoints a tenant types are addresses the server calls', () => {
  test.each([
    ['http://10.0.0.8:9000', '资源地址指向本机或内网地址'],
    ['http://169.254.169.254', '资源地址指向本机或内网地址'],
    ['http://localhost:9000', '资源地址指向本机或内网地址'],
    ['http://[::1]:9000', '资源地址指向本机或内网地址'],
    ['ftp://files.example.com', '资源地址须为 http:// 或 https:// 地址'],
    ['https://user:pw@s3.example.com', '资源地址须为 http:// 或 https:// 地址'],
  ])('%s is refused', async (endpoint, message) => {
    const res = await ts.post('/api/blade-resource/oss/submit', { token: admin, json: { ...s3Config('x', `bad-${endpoint.replace(/[^a-z0-9]/g, '').slice(0, 24)}`), endpoint } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain(message);
  });

  test('an S3 configuration needs its endpoint, bucket and keys', async () => {
    const res = await ts.post('/api/blade-resource/oss/submit', { token: admin, json: { category: 2, ossCode: 'incomplete', endpoint: 'https://s3.example.com' }, headers: en });
    expect(res.body.msg).toBe('Please enter the bucket');
  });
});

describe('tenants', () => {
  test('another tenant’s configuration cannot be enabled, tested or disabled', async () => {
    const other = (await ts.signIn('admin', 'admin', DEMO_TENANT.tenantId)).access_token;
    const theirs = await byCode('local-disk', other);
    for (const action of ['enable', 'disable', 'test']) {
      const res = await ts.post(`/api/blade-resource/oss/${action}`, { token: admin, query: { id: theirs.id } });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('数据不存在');
    }
    expect((await byCode('local-disk', other)).status).toBe(2);
  });
});
