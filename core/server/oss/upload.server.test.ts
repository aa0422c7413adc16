import { describe, expect, test } from '@rstest/core';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { encodePng } from '../auth/captcha/png';
import type { AppEnv } from '../context';
import { bizError, errorHandler } from '../http/errors';
import { rData } from '../http/r';
import { languageMiddleware } from '../i18n';
import { uploadBodyLimit, uploadedFile, uploadedImage } from './upload';

const PNG = new Uint8Array(encodePng(2, 2, new Uint8Array(12).fill(200)));
const SIZE = { zh: '图片不能超过16字节以上', en: 'The picture is too big' };
const TYPE = { zh: '只能上传头像图片', en: 'Only an avatar picture' };

/** Two routes reading an upload through the helpers, answering what they read (errors as the server answers them). */
function app() {
  const api = new Hono<AppEnv>();
  api.use('*', languageMiddleware);
  api.post('/image', async (c) => {
    const { bytes, name, type, form } = await uploadedImage(c, { maxBytes: PNG.length, sizeMessage: SIZE, typeMessage: TYPE });
    return c.json(rData({ size: bytes.length, name, type, note: form.note ?? null }));
  });
  api.post('/image-default', async (c) => c.json(rData((await uploadedImage(c, { maxBytes: 1024, sizeMessage: SIZE })).type)));
  const cap = uploadBodyLimit(64, SIZE);
  api.post('/capped', bodyLimit({ maxSize: cap.maxSize, onError: () => { throw bizError(cap.message); } }), async (c) => c.json(rData((await uploadedFile(c, { maxBytes: 64, sizeMessage: SIZE })).bytes.length)));
  api.onError(errorHandler({ error: () => undefined }));
  return api;
}

const form = (bytes: Uint8Array<ArrayBuffer>, name = 'a.png', extra: Record<string, string> = {}) => {
  const body = new FormData();
  body.append('file', new File([bytes], name));
  for (const [key, value] of Object.entries(extra)) body.append(key, value);
  return body;
};

async function post(path: string, body: FormData | string, language = 'zh', type = 'application/json') {
  const res = await app().request(path, { method: 'POST', body, headers: typeof body === 'string' ? { 'Content-Type': type, 'Accept-Language': language } : { 'Accept-Language': language } });
  return { status: res.status, body: (await res.json()) as { msg: string; data: unknown } };
}

describe('uploadedFile / uploadedImage', () => {
  test('a png within the size: its bytes, its name, the type its bytes say, and the form’s other fields', async () => {
    const res = await post('/image', form(PNG, 'Me.JPG', { note: '头像' }));
    expect(res).toEqual({ status: 200, body: expect.objectContaining({ data: { size: PNG.length, name: 'Me.JPG', type: { extension: 'png', contentType: 'image/png' }, note: '头像' } }) });
  });

  test('each refusal is a 400 in the caller’s language: a broken multipart body, no file, too big, not a picture', async () => {
    expect(await post('/image', 'not a multipart body', 'zh', 'multipart/form-data; boundary=x')).toMatchObject({ status: 400, body: { msg: '消息不能读取: 需要 multipart/form-data' } });
    expect(await post('/image', '{"file":"x"}')).toMatchObject({ status: 400, body: { msg: '缺少必要的请求参数: file' } });
    const noFile = new FormData();
    noFile.append('other', 'x');
    expect(await post('/image', noFile, 'en')).toMatchObject({ status: 400, body: { msg: 'Missing required parameter: file' } });
    const big = new Uint8Array(PNG.length + 1);
    big.set(PNG);
    expect(await post('/image', form(big), 'en')).toMatchObject({ status: 400, body: { msg: 'The picture is too big' } });
    expect(await post('/image', form(new TextEncoder().encode('<svg onload=alert(1)>')))).toMatchObject({ status: 400, body: { msg: '只能上传头像图片' } });
    // Without its own message, a picture refused says jpg/png.
    expect(await post('/image-default', form(new Uint8Array([0x47, 0x49, 0x46, 0x38])), 'en')).toMatchObject({ status: 400, body: { msg: 'Only jpg/png images can be uploaded' } });
  });

  test('the body cap leaves room for the multipart framing, and its refusal keeps its own words', async () => {
    expect(await post('/capped', form(new Uint8Array(64)))).toMatchObject({ status: 200, body: { data: 64 } });
    expect(await post('/capped', form(new Uint8Array(65)), 'en')).toMatchObject({ status: 400, body: { msg: 'The picture is too big' } });
    expect(await post('/capped', form(new Uint8Array(64 * 1024)), 'en')).toMatchObject({ status: 400, body: { msg: 'The picture is too big' } });
  });
});
