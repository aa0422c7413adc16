import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { docxDocument, pdfDocument, pptxDocument, zipOf } from '../../../tests/fixtures/documents';
import { encodePng } from '../auth/captcha/png';
import { writeSheet } from '../excel';
import { createTestServer, type TestServer } from '../test-server';
import { MAX_ATTACH_BYTES, MAX_IMAGE_BYTES } from './routes';

let ts: TestServer;
let token: string;
beforeAll(async () => {
  ts = await createTestServer();
  token = (await ts.signIn('demo', 'demo')).access_token;
});
afterAll(() => ts.close());

const PNG = new Uint8Array(encodePng(2, 2, new Uint8Array(12).fill(200)));
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);

function upload(bytes: Uint8Array<ArrayBuffer> | Buffer<ArrayBuffer>, name: string, t = token) {
  const form = new FormData();
  form.append('file', new File([bytes], name));
  return ts.post('/api/blade-resource/oss/endpoint/put-file', { token: t, body: form });
}

test('a PNG is stored and served back under its link with the right headers', async () => {
  const res = await upload(PNG, 'me.png');
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ code: 200, success: true, data: { originalName: 'me.png' } });
  const { link, name, attachId, domain } = res.body.data;
  expect(link).toBe(`/api/blade-resource/oss/endpoint/file/${name}`);
  expect(name).toMatch(/^[0-9a-f]{32}\.png$/);
  expect(attachId).toMatch(/^\d+$/);
  expect(domain).toBe('http://localhost');
  const file = await ts.app.request(link);
  expect(file.status).toBe(200);
  expect(file.headers.get('content-type')).toBe('image/png');
  expect(file.headers.get('cache-control')).toContain('immutable');
  expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);
  const row = await ts.ctx.db.system((tx) => tx.one<{ tenant_id: string; attach_size: string; extension: string }>('select tenant_id, attach_size, extension from blade_attach where id = $1', [attachId]));
  expect(row).toEqual({ tenant_id: '000000', attach_size: String(PNG.length), extension: 'png' });
});

test('a JPEG is accepted whatever its name; the type comes from the bytes', async () => {
  const res = await upload(JPEG, 'photo.PNG');
  expect(res.status).toBe(200);
  expect(res.body.data.name).toMatch(/\.jpg$/);
  expect((await ts.app.request(res.body.data.link)).headers.get('content-type')).toBe('image/jpeg');
});

test('anything else is refused, even when named .png', async () => {
  for (const [bytes, name] of [
    [new TextEncoder().encode('<svg onload=alert(1)>'), 'x.png'],
    [new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]), 'anim.gif'],
    [new Uint8Array(0), 'empty.png'],
  ] as const) {
    const res = await upload(bytes, name);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, success: false, data: null, msg: '只能上传jpg/png格式的图片' });
  }
});

test('more than 500 kB is refused', async () => {
  const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
  big.set(PNG.subarray(0, 8));
  const res = await upload(big, 'big.png');
  expect(res.status).toBe(400);
  expect(res.body.msg).toBe('上传图片大小不能超过500KB');
  // Beyond the API-wide 1 MB cap the body is refused before the route reads it.
  const huge = await upload(new Uint8Array(3 * 1024 * 1024), 'huge.png');
  expect(huge.status).toBe(400);
  expect(huge.body.msg).toBe('请求内容过大');
  const exact = new Uint8Array(MAX_IMAGE_BYTES);
  exact.set(PNG.subarray(0, 8));
  expect((await upload(exact, 'edge.png')).status).toBe(200);
});

test('a missing file, a non-multipart body, no token, a guest: refused', async () => {
  const form = new FormData();
  form.append('other', 'x');
  expect((await ts.post('/api/blade-resource/oss/endpoint/put-file', { token, body: form })).body.msg).toBe('缺少必要的请求参数: file');
  const json = await ts.post('/api/blade-resource/oss/endpoint/put-file', { token, json: { file: 'x' } });
  expect(json.status).toBe(400);
  expect((await upload(PNG, 'a.png', '')).status).toBe(401);
});

test('an unknown file name is a 404, a malformed one too', async () => {
  expect((await ts.app.request('/api/blade-resource/oss/endpoint/file/00000000000000000000000000000000.png')).status).toBe(404);
  expect((await ts.app.request('/api/blade-resource/oss/endpoint/file/..%2F..%2Fetc')).status).toBe(404);
});

describe('put-file-attach: documents offered for download', () => {
  const ATTACH = '/api/blade-resource/oss/endpoint/put-file-attach';
  const attach = (bytes: Uint8Array, name: string, options: { t?: string; language?: string } = {}) => {
    const form = new FormData();
    form.append('file', new File([bytes as Uint8Array<ArrayBuffer>], name));
    return ts.post(ATTACH, { token: options.t ?? token, body: form, headers: options.language ? { 'Accept-Language': options.language } : undefined });
  };

  test('pdf, Word, Excel, PowerPoint and pictures are stored, and answered with their link, size and extension', async () => {
    const xlsx = await writeSheet([{ title: 'Price', width: 10 }], [['100']], 'Sheet1');
    for (const [bytes, original, extension] of [
      [pdfDocument(), 'brochure.pdf', 'pdf'],
      [docxDocument(), 'price list.docx', 'docx'],
      [xlsx, 'prices.xlsx', 'xlsx'],
      [pptxDocument(), 'deck.pptx', 'pptx'],
      [PNG, 'photo.png', 'png'],
    ] as const) {
      const res = await attach(bytes, original);
      expect([original, res.status]).toEqual([original, 200]);
      const data = res.body.data;
      expect(Object.keys(data).sort()).toEqual(['attachId', 'extension', 'link', 'name', 'originalName', 'size']);
      expect(data).toMatchObject({ originalName: original, size: bytes.length, extension });
      expect(data.name).toMatch(new RegExp(`^[0-9a-f]{32}\\.${extension}$`));
      expect(data.link).toBe(`/api/blade-resource/oss/endpoint/file/${data.name}`);
      const row = await ts.ctx.db.system((tx) => tx.one<{ tenant_id: string; extension: string; original_name: string }>('select tenant_id, extension, original_name from blade_attach where id = $1', [data.attachId]));
      expect(row).toEqual({ tenant_id: '000000', extension, original_name: original });
      const served = await ts.app.request(data.link);
      expect(served.status).toBe(200);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(new Uint8Array(bytes));
    }
  });

  test('a document is served as a download under its own name and type; a picture inline; both never sniffed or scripted', async () => {
    const pdf = (await attach(pdfDocument(), '产品手册.pdf')).body.data;
    const served = await ts.app.request(pdf.link);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toBe(`attachment; filename="____.pdf"; filename*=UTF-8''${encodeURIComponent('产品手册.pdf')}`);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'");
    const docx = (await attach(docxDocument(), 'offer.docx')).body.data;
    const word = await ts.app.request(docx.link);
    expect(word.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(word.headers.get('content-disposition')).toBe(`attachment; filename="offer.docx"; filename*=UTF-8''offer.docx`);
    const picture = await ts.app.request((await attach(PNG, 'p.png')).body.data.link);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(picture.headers.get('content-disposition')).toBeNull();
    expect(picture.headers.get('x-content-type-options')).toBe('nosniff');
  });

  test('the type comes from the bytes: a misnamed file is stored and downloaded as what it is', async () => {
    const res = await attach(pdfDocument(), 'setup "x".exe');
    expect(res.body.data).toMatchObject({ extension: 'pdf', originalName: 'setup "x".exe' });
    expect(res.body.data.name).toMatch(/\.pdf$/);
    const served = await ts.app.request(res.body.data.link);
    expect(served.headers.get('content-disposition')).toContain('filename="setup _x_.pdf"');
  });

  test('anything else is refused in the caller\'s language', async () => {
    const text = (s: string) => new TextEncoder().encode(s);
    for (const [bytes, name] of [
      [text('<html><script>alert(1)</script></html>'), 'page.pdf'],
      [text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'logo.png'],
      [zipOf({ 'readme.txt': 'x' }), 'archive.docx'],
      [zipOf({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<x/>', 'word/vbaProject.bin': 'macro' }), 'macro.docx'],
      [new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 'old.doc'],
      [new Uint8Array(0), 'empty.pdf'],
    ] as const) {
      const res = await attach(bytes, name);
      expect([name, res.status, res.body.msg]).toEqual([name, 400, '只能上传 pdf、Word、Excel、PowerPoint 或图片文件']);
    }
    const english = await attach(text('MZ'), 'tool.exe', { language: 'en' });
    expect(english.body.msg).toBe('Only pdf, Word, Excel, PowerPoint or image files can be uploaded');
  });

  test('10 MB is accepted, one byte more refused; a far larger body is cut off while it streams in', async () => {
    const pdf = pdfDocument();
    const exact = new Uint8Array(MAX_ATTACH_BYTES);
    exact.set(pdf);
    const accepted = await attach(exact, 'big.pdf');
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.size).toBe(MAX_ATTACH_BYTES);
    const over = new Uint8Array(MAX_ATTACH_BYTES + 1);
    over.set(pdf);
    const refused = await attach(over, 'bigger.pdf', { language: 'en' });
    expect([refused.status, refused.body.msg]).toEqual([400, 'The file may not be larger than 10 MB']);

    // A body with no length given: the server stops reading once the cap is passed.
    let sent = 0;
    const chunk = new Uint8Array(1024 * 1024);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 50) return controller.close();
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const res = await ts.app.request(ATTACH, {
      method: 'POST',
      headers: { 'Blade-Auth': `bearer ${token}`, 'Content-Type': 'multipart/form-data; boundary=x' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(400);
    expect((await res.json()).msg).toBe('上传文件大小不能超过10MB');
    expect(sent).toBeLessThan(20);
  });

  test('the API-wide cap still holds for every other route', async () => {
    const form = new FormData();
    form.append('file', new File([new Uint8Array(2 * 1024 * 1024)], 'x.png'));
    const res = await ts.post('/api/blade-resource/oss/endpoint/put-file', { token, body: form });
    expect([res.status, res.body.msg]).toEqual([400, '请求内容过大']);
  });

  test('a missing file or no token: refused', async () => {
    const form = new FormData();
    form.append('other', 'x');
    expect((await ts.post(ATTACH, { token, body: form })).body.msg).toBe('缺少必要的请求参数: file');
    expect((await ts.post(ATTACH, { token, json: { file: 'x' } })).status).toBe(400);
    expect((await attach(pdfDocument(), 'a.pdf', { t: '' })).status).toBe(401);
  });
});
