import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import sharp from 'sharp';
import { createTestServer, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import cardServer from '../server';

/** Case albums through their API: the pictures, their order, captions and thumbnails, the rules and who may do what. */

let ts: TestServer;
let admin: string; // administrator of 000000
let demo: string; // demo/demo of 000000: the `user` role, view only
let other: string; // admin of 100001
let companyId: string; // a company of 000000
let otherCompanyId: string; // a company of 100001

const BASE = '/api/case/album';
type Picture = { link: string; caption?: string };
type Stored = { id: string; link: string; thumbLink: string; caption: string; width: number; height: number };

const demoFile = (name: string) => new Uint8Array(readFileSync(new URL(`../demo/${name}`, import.meta.url)));

/** Uploads a file as an avatar would be (put-file): its link. */
async function upload(name: string, token = admin): Promise<string> {
  const form = new FormData();
  form.append('file', new File([demoFile(name)], name));
  const res = await ts.post('/api/blade-resource/oss/endpoint/put-file', { token, body: form });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data.link as string;
}

const save = (json: Record<string, unknown>, token = admin, language = 'zh-CN') => ts.post(`${BASE}/save`, { token, json, headers: { 'Accept-Language': language } });
const update = (json: Record<string, unknown>, token = admin, language = 'zh-CN') => ts.post(`${BASE}/update`, { token, json, headers: { 'Accept-Language': language } });
const detail = async (id: string, token = admin) => (await ts.get(`${BASE}/detail`, { token, query: { id } })).body.data as (Record<string, unknown> & { images: Stored[] }) | null;
const page = async (query: Record<string, string> = {}, token = admin) => {
  const res = await ts.get(`${BASE}/page`, { token, query: { size: '100', ...query } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data.records as Record<string, unknown>[];
};
/** Saves a new album and answers its id. */
async function add(title: string, images: Picture[], more: Record<string, unknown> = {}, token = admin, company = companyId): Promise<string> {
  const res = await save({ companyId: company, title, category: 1, images, ...more }, token);
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  const [row] = await page({ title }, token);
  return row!.id as string;
}
const refusal = async (call: Promise<{ status: number; body: { msg: string } }>) => {
  const res = await call;
  return [res.status, res.body.msg];
};
const attachCount = () => ts.ctx.db.system(async (tx) => (await tx.one<{ n: number }>(`select count(*)::int as n from blade_attach`))!.n);
const imageRows = (albumId: string) =>
  ts.ctx.db.system((tx) => tx.query<{ link: string; sort: number; is_deleted: number }>('select link, sort, is_deleted from blade_case_album_image where album_id = $1 order by is_deleted, sort', [albumId]));

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, cardServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  demo = (await ts.signIn('demo', 'demo')).access_token;
  other = (await ts.signIn('admin', 'admin', '100001')).access_token;
  const companies = async (token: string) => (await ts.get('/api/company/information/list', { token })).body.data as { id: string; name: string }[];
  companyId = (await companies(admin)).find((c) => c.name === '布雷德科技')!.id;
  otherCompanyId = (await companies(other)).find((c) => c.name === '云杉家居')!.id;
});
afterAll(() => ts.close());

describe('case albums', () => {
  test('the demo albums: each demo company has some in both tenants, with pictures, a cover and views', async () => {
    const ours = await page();
    const theirs = await page({}, other);
    for (const [rows, names] of [
      [ours, ['布雷德科技', '蓝鲸建筑设计']],
      [theirs, ['云杉家居', '青禾茶业']],
    ] as const) {
      for (const name of names) expect(rows.filter((r) => r.companyName === name).length).toBeGreaterThanOrEqual(3);
      for (const row of rows) {
        expect(row.imageCount).toBeGreaterThanOrEqual(3);
        expect(String(row.coverThumb)).toMatch(/^\/api\/blade-resource\/oss\/endpoint\/file\/[0-9a-f]{32}\.jpg$/);
        expect(row.viewCount).toBeGreaterThan(0);
      }
    }
    const titles = new Set(ours.map((r) => r.title));
    expect(theirs.some((r) => titles.has(r.title))).toBe(false);
    const [first] = ours;
    const shown = await detail(first!.id as string);
    expect(shown!.images.length).toBe(first!.imageCount);
    expect(shown!.images.every((i) => i.caption.length > 0)).toBe(true);
  });

  test('a save with three pictures: detail answers them in order, each with a 320-wide JPEG thumbnail', async () => {
    const links = [await upload('album-1.jpg'), await upload('logo-1.png'), await upload('album-2.jpg')];
    const before = await attachCount();
    const id = await add('三张图片', [{ link: links[0]!, caption: '客厅' }, { link: links[1]! }, { link: links[2]!, caption: '  厨房  ' }], { viewCount: 999 });
    expect(await attachCount()).toBe(before + 3); // one thumbnail each
    const album = await detail(id);
    expect(album).toMatchObject({ title: '三张图片', imageCount: 3, viewCount: 0, cover: '', companyName: '布雷德科技' });
    expect(album!.images.map((i) => [i.link, i.caption, i.width, i.height])).toEqual([
      [links[0], '客厅', 1200, 800],
      [links[1], '', 256, 256],
      [links[2], '厨房', 1200, 800],
    ]);
    expect(album!.coverThumb).toBe(album!.images[0]!.thumbLink); // no cover: the first picture's thumbnail
    for (const [index, image] of album!.images.entries()) {
      const res = await ts.app.request(image.thumbLink);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width]).toEqual(['jpeg', index === 1 ? 256 : 320]); // a smaller picture is never enlarged
    }
  });

  test('an update reorders: the new order is kept, kept pictures keep their thumbnails, only a new one gets one', async () => {
    const [a, b, c, d] = [await upload('album-3.jpg'), await upload('album-4.jpg'), await upload('album-5.jpg'), await upload('album-6.jpg')];
    const id = await add('重新排序', [{ link: a, caption: 'A' }, { link: b, caption: 'B' }, { link: c, caption: 'C' }]);
    const thumbs = new Map((await detail(id))!.images.map((i) => [i.link, i.thumbLink]));
    const before = await attachCount();

    expect((await update({ id, images: [{ link: c, caption: 'C2' }, { link: a, caption: 'A' }, { link: b }] })).status).toBe(200);
    let images = (await detail(id))!.images;
    expect(images.map((i) => [i.link, i.caption])).toEqual([
      [c, 'C2'],
      [a, 'A'],
      [b, ''],
    ]);
    expect(images.map((i) => i.thumbLink)).toEqual([thumbs.get(c), thumbs.get(a), thumbs.get(b)]);
    expect(await attachCount()).toBe(before);

    // One removed, one new: one thumbnail made; the removed picture's row is removed logically.
    expect((await update({ id, images: [{ link: d }, { link: a }, { link: c }] })).status).toBe(200);
    images = (await detail(id))!.images;
    expect(images.map((i) => i.link)).toEqual([d, a, c]);
    expect(await attachCount()).toBe(before + 1);
    expect((await imageRows(id)).map((r) => [r.link, r.sort, r.is_deleted])).toEqual([
      [d, 1, 0],
      [a, 2, 0],
      [c, 3, 0],
      [b, 3, 1],
    ]);

    // An update without `images` leaves them as they are; a cover among them shows by its thumbnail.
    expect((await update({ id, title: '改名', cover: c })).status).toBe(200);
    const renamed = await detail(id);
    expect(renamed!.images.map((i) => i.link)).toEqual([d, a, c]);
    const [listed] = await page({ title: '改名' });
    expect(listed).toMatchObject({ cover: c, coverThumb: thumbs.get(c), imageCount: 3 });
  });

  test('pictures kept elsewhere (http(s)) are their own thumbnails', async () => {
    const link = 'https://cdn.example.com/cases/villa.jpg';
    const id = await add('外部图片', [{ link, caption: '外链' }]);
    expect((await detail(id))!.images).toEqual([expect.objectContaining({ link, thumbLink: link, caption: '外链', width: 0, height: 0 })]);
  });

  test('the count of pictures: none and 51 are refused, in the caller’s language', async () => {
    const link = await upload('album-7.jpg');
    const body = { companyId, title: '数量', category: 1 };
    expect(await refusal(save(body))).toEqual([400, '请上传至少一张图片']);
    expect(await refusal(save({ ...body, images: [] }))).toEqual([400, '请上传至少一张图片']);
    expect(await refusal(save({ ...body, images: [] }, admin, 'en'))).toEqual([400, 'Please upload at least one picture']);
    const many = Array.from({ length: 51 }, () => ({ link }));
    expect(await refusal(save({ ...body, images: many }))).toEqual([400, '每个相册最多50张图片']);
    expect(await refusal(save({ ...body, images: many }, admin, 'en'))).toEqual([400, 'An album holds at most 50 pictures']);
    expect(await refusal(save({ ...body, images: 'not a list' }))).toEqual([400, '请求参数格式错误: images']);
    expect(await refusal(save({ ...body, images: [link] }))).toEqual([400, '请求参数格式错误: images']);
    // The fields' own rules come first.
    expect(await refusal(save({ companyId, images: [{ link }] }))).toEqual([400, '请输入相册标题']);
    expect(await page({ title: '数量' })).toEqual([]);
  });

  test('links that are no picture of ours or of the web, and long captions, are refused by their place', async () => {
    const good = await upload('album-8.jpg');
    const body = (second: Picture) => ({ companyId, title: '坏链接', images: [{ link: good }, second] });
    for (const link of ['javascript:alert(1)', 'ftp://example.com/a.jpg', '/etc/passwd', '/api/blade-resource/oss/endpoint/file/../secret.jpg', '<img src=x>', 'x'.repeat(501)]) {
      expect(await refusal(save(body({ link })))).toEqual([400, '第2张图片的地址无效']);
    }
    expect(await refusal(save(body({ link: 'javascript:alert(1)' }), admin, 'en'))).toEqual([400, 'Picture 2: the link is not valid']);

    // A file of ours that is no picture (a PDF kept by the attachment upload, say).
    const pdfName = `${'ab'.repeat(16)}.pdf`;
    await ts.ctx.db.system((tx) =>
      tx.query(
        `insert into blade_attach (id, tenant_id, link, domain_url, name, original_name, extension, content_type, attach_size, bytes) values ($1, '000000', $2, '', $3, 'x.pdf', 'pdf', 'application/pdf', 8, $4)`,
        [ts.ctx.ids.next(), `/api/blade-resource/oss/endpoint/file/${pdfName}`, pdfName, new TextEncoder().encode('%PDF-1.7')],
      ),
    );
    expect(await refusal(save(body({ link: `/api/blade-resource/oss/endpoint/file/${pdfName}` })))).toEqual([400, '第2张图片不是jpg/png格式的图片']);
    expect(await refusal(save(body({ link: '/api/blade-resource/oss/endpoint/file/0123456789abcdef0123456789abcdef.jpg' })))).toEqual([400, '第2张图片不存在或已被删除']);

    expect(await refusal(save(body({ link: good, caption: '说'.repeat(201) })))).toEqual([400, '第2张图片的说明不能超过200个字符']);
    expect(await refusal(save(body({ link: good, caption: '说'.repeat(201) }), admin, 'en'))).toEqual([400, 'Picture 2: the caption may not be longer than 200 characters']);
    expect((await save(body({ link: good, caption: '说'.repeat(200) }))).status).toBe(200);
    expect(await refusal(save(body({ link: good, caption: 42 as unknown as string })))).toEqual([400, '请求参数格式错误: images']);
  });

  test('another tenant’s file is refused, not thumbnailed; its albums and companies are out of reach', async () => {
    const theirs = await upload('album-9.jpg', other);
    const before = await attachCount();
    expect(await refusal(save({ companyId, title: '借用', images: [{ link: theirs }] }))).toEqual([400, '第1张图片不存在或已被删除']);
    expect(await attachCount()).toBe(before);
    expect(await refusal(save({ companyId: otherCompanyId, title: '借用', images: [{ link: await upload('album-9.jpg') }] }))).toEqual([400, '所属公司不存在']);

    const id = await add('他们的相册', [{ link: theirs, caption: '原图' }], {}, other, otherCompanyId);
    expect(await detail(id)).toBeNull();
    expect((await page()).some((r) => r.id === id)).toBe(false);
    expect(await refusal(update({ id, title: '改', images: [{ link: await upload('album-10.jpg') }] }))).toEqual([400, '数据不存在']);
    expect((await ts.post(`${BASE}/remove`, { token: admin, query: { ids: id } })).body.success).toBe(false);
    expect((await detail(id, other))!.images.map((i) => i.caption)).toEqual(['原图']);
  });

  test('the demo user role may look, not change', async () => {
    const id = (await page())[0]!.id as string;
    expect((await page({}, demo)).length).toBeGreaterThan(0);
    expect((await detail(id, demo))!.images.length).toBeGreaterThan(0);
    const link = await upload('album-11.jpg', demo);
    expect(await refusal(save({ companyId, title: '不行', images: [{ link }] }, demo))).toEqual([403, '没有权限执行此操作']);
    expect(await refusal(update({ id, title: '不行', images: [{ link }] }, demo))).toEqual([403, '没有权限执行此操作']);
    expect(await refusal(ts.post(`${BASE}/remove`, { token: demo, query: { ids: id } }))).toEqual([403, '没有权限执行此操作']);
  });

  test('concurrent updates of one album leave the pictures of exactly one of them', async () => {
    const links = await Promise.all(['album-12.jpg', 'album-13.jpg', 'album-14.jpg', 'album-15.jpg', 'album-16.jpg'].map((f) => upload(f)));
    const id = await add('并发', [{ link: links[0]! }]);
    const sets = [
      [links[0], links[1], links[2]],
      [links[3], links[4]],
      [links[2], links[0], links[4], links[1]],
      [links[4]],
      [links[1], links[3], links[0]],
    ].map((set, n) => set.map((link, i) => ({ link: link!, caption: `第${n}组${i}` })));
    const results = await Promise.all(sets.map((images) => update({ id, images })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const final = (await detail(id))!.images.map((i) => ({ link: i.link, caption: i.caption }));
    expect(sets).toContainEqual(final);
    const live = (await imageRows(id)).filter((r) => r.is_deleted === 0);
    expect(live.map((r) => r.sort)).toEqual(final.map((_, i) => i + 1));
  });

  test('removing an album removes its pictures with it', async () => {
    const id = await add('待删除', [{ link: await upload('album-17.jpg') }, { link: await upload('album-18.jpg') }]);
    expect((await ts.post(`${BASE}/remove`, { token: admin, query: { ids: id } })).body.success).toBe(true);
    expect(await detail(id)).toBeNull();
    expect((await imageRows(id)).map((r) => r.is_deleted)).toEqual([1, 1]);
  });

  test('an album of 50 new 1200×800 pictures is saved, thumbnails and all', async () => {
    // How long it takes is a figure of `npm run bench` (tests/bench/limits.ts).
    const files = Array.from({ length: 50 }, (_, i) => `album-${(i % 18) + 1}.jpg`);
    const links: string[] = [];
    for (const file of files) links.push(await upload(file));
    const id = await add('五十张', links.map((link, i) => ({ link, caption: `第${i + 1}张` })));
    const { images } = (await detail(id))!;
    expect(images.map((i) => i.caption)).toEqual(links.map((_, i) => `第${i + 1}张`));
    expect(images.map((i) => i.link)).toEqual(links);
    expect(images.every((i) => i.thumbLink !== '' && i.thumbLink !== i.link)).toBe(true);
  });
});
