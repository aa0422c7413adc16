import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { defineEntity } from '../../schema/entity';
import { defineResource } from '../../schema/resource';
import { defineServerPlugin } from '../plugin';
import { createTestServer, type TestServer } from '../test-server';
import { checkEntity, columnType } from './columns';

/**
 * The picture and rich-text field types through the engine: what a save accepts, refuses and stores (rich
 * text cleaned whatever the caller sends), the columns they get, and the one filter a picture takes.
 */

const FILE = '/api/blade-resource/oss/endpoint/file';

const poster = defineEntity({
  name: 'poster',
  table: 'demo_poster',
  label: { zh: '海报', en: 'Poster' },
  api: { base: '/api/demo/poster' },
  fields: {
    title: { type: 'string', label: { zh: '标题', en: 'Title' }, required: true },
    cover: { type: 'image', label: { zh: '封面', en: 'Cover' }, required: true, filters: ['null', 'notnull'] },
    photos: { type: 'images', label: { zh: '图集', en: 'Photos' }, max: 3 },
    gallery: { type: 'images', label: { zh: '画廊', en: 'Gallery' } },
    body: { type: 'richtext', label: { zh: '正文', en: 'Body' }, required: true, maxLength: 200 },
  },
});

const demo = defineServerPlugin(
  { id: 'demo', name: { zh: '演示', en: 'Demo' }, resources: [defineResource({ entity: poster, menu: { parent: 'system', sort: 1 } })] },
  { resources: { poster: {} } },
);

let ts: TestServer;
let token: string;

type Row = Record<string, unknown> & { id: string };
const save = (json: Record<string, unknown>, lang?: string) => ts.post('/api/demo/poster/submit', { token, json, headers: lang ? { 'accept-language': lang } : {} });
const detail = async (id: string): Promise<Row> => (await ts.get('/api/demo/poster/detail', { token, query: { id } })).body.data as Row;
const valid = { title: 't', cover: `${FILE}/abc.png`, body: '<p>x</p>' };

beforeAll(async () => {
  ts = await createTestServer({ plugins: [demo] });
  token = (await ts.signIn('admin', 'admin')).access_token;
});
afterAll(() => ts.close());

describe('columns and definition checks', () => {
  test('a picture is a varchar(500), several pictures and rich text are text', () => {
    expect([columnType(poster.fields.cover), columnType(poster.fields.photos), columnType(poster.fields.body)]).toEqual(['varchar(500)', 'text', 'text']);
  });

  test('required messages: 请上传 for a picture, 请输入 for rich text', () => {
    expect(poster.fields.cover.required).toEqual({ zh: '请上传封面', en: 'Please upload the cover' });
    expect(poster.fields.body.required).toEqual({ zh: '请输入正文', en: 'Please enter the body' });
  });

  test('filters a type cannot take, and a source on a field that has no choices, are refused at start-up', () => {
    const entity = (fields: Parameters<typeof defineEntity>[0]['fields']) => defineEntity({ name: 'bad', label: { zh: '坏', en: 'Bad' }, api: { base: '/api/demo/bad' }, fields });
    expect(() => checkEntity(entity({ cover: { type: 'image', label: { zh: '图', en: 'Image' }, search: 'like' } }))).toThrow(/cannot be filtered with like/);
    expect(() => checkEntity(entity({ body: { type: 'richtext', label: { zh: '文', en: 'Text' }, filters: ['null'] } }))).toThrow(/cannot be filtered/);
    expect(() => checkEntity(entity({ photos: { type: 'images', label: { zh: '图', en: 'Images' }, search: 'equal' } }))).toThrow(/cannot be filtered/);
    expect(() => checkEntity(entity({ name: { type: 'string', label: { zh: '名', en: 'Name' }, source: { url: '/api/x/list', label: 'name' } } }))).toThrow(/source/);
    expect(() => checkEntity(entity({ ref: { type: 'id', label: { zh: '引', en: 'Ref' }, source: { url: '/api/x/list', label: 'name' } } }))).not.toThrow();
  });
});

describe('image', () => {
  test('a link of our file route or an http(s) URL is stored, trimmed', async () => {
    for (const cover of [`${FILE}/0a1b.jpg`, ' https://cdn.example.com/x.png?w=1 ']) {
      const res = await save({ ...valid, cover });
      expect(res.status).toBe(200);
    }
    const rows = (await ts.get('/api/demo/poster/list', { token })).body.data.records as Row[];
    expect(rows.map((r) => r.cover).sort()).toEqual([`${FILE}/0a1b.jpg`, 'https://cdn.example.com/x.png?w=1']);
  });

  test('anything else is refused with the field’s format message, in the caller’s language; a missing one with 请上传', async () => {
    for (const cover of ['javascript:alert(1)', '/api/blade-system/user/list', `${FILE}/../x`, 'https://a.example/x.png" onerror="x', 'data:image/png;base64,AA', 42, ['a']]) {
      const res = await save({ ...valid, cover });
      expect([cover, res.status, res.body.msg]).toEqual([cover, 400, '请求参数格式错误: cover']);
    }
    expect((await save({ ...valid, cover: 'ftp://x' }, 'en')).body.msg).toBe('Malformed parameter: cover');
    expect((await save({ ...valid, cover: `https://a.example/${'x'.repeat(500)}` })).body.msg).toBe('cover: 长度不能超过500个字符');
    expect((await save({ ...valid, cover: '' })).body.msg).toBe('请上传封面');
    expect((await save({ ...valid, cover: undefined }, 'en')).body.msg).toBe('Please upload the cover');
  });

  test('the list filters pictures by being there or not, and refuses any other filter on them', async () => {
    expect((await ts.get('/api/demo/poster/list', { token, query: { cover_notnull: '1' } })).status).toBe(200);
    expect((await ts.get('/api/demo/poster/list', { token, query: { cover_null: '1' } })).body.data.records).toEqual([]);
    expect((await ts.get('/api/demo/poster/list', { token, query: { cover: 'x' } })).body.msg).toBe('不支持的查询条件: cover');
    expect((await ts.get('/api/demo/poster/list', { token, query: { body: 'x' } })).body.msg).toBe('不支持的查询条件: body');
    expect((await ts.get('/api/demo/poster/list', { token, query: { photos_null: '1' } })).body.msg).toBe('不支持的查询条件: photos_null');
  });
});

describe('images', () => {
  test('an array or a comma-joined string is stored comma-joined in order, blanks dropped; empty clears', async () => {
    const links = [`${FILE}/c.png`, 'https://a.example/a.jpg', `${FILE}/b.jpg`];
    const asArray = await save({ ...valid, photos: links });
    expect(asArray.status).toBe(200);
    const id = String(asArray.body.data?.id ?? (await ts.get('/api/demo/poster/list', { token, query: { size: 1 } })).body.data.records[0].id);
    expect((await detail(id)).photos).toBe(links.join(','));
    expect((await save({ id, photos: ` ${links[2]}, ,${links[0]},` })).status).toBe(200);
    expect((await detail(id)).photos).toBe(`${links[2]},${links[0]}`);
    expect((await save({ id, photos: [] })).status).toBe(200);
    expect((await detail(id)).photos).toBe('');
  });

  test('more than the limit is refused naming it (max, else 9), in both languages; a bad link is malformed', async () => {
    const four = [1, 2, 3, 4].map((n) => `${FILE}/${n}.png`);
    expect((await save({ ...valid, photos: four })).body.msg).toBe('photos: 最多3项');
    expect((await save({ ...valid, photos: four.join(',') }, 'en')).body.msg).toBe('photos: at most 3 items');
    const ten = Array.from({ length: 10 }, (_, n) => `${FILE}/${n}.png`);
    expect((await save({ ...valid, gallery: ten })).body.msg).toBe('gallery: 最多9项');
    expect((await save({ ...valid, gallery: ten.slice(0, 9) })).status).toBe(200);
    for (const photos of [['javascript:alert(1)'], [`${FILE}/a.png`, 7], ['https://a.example/a,b.png'], { a: 1 }, 5]) {
      const res = await save({ ...valid, photos });
      expect([photos, res.status, res.body.msg]).toEqual([photos, 400, '请求参数格式错误: photos']);
    }
  });
});

describe('richtext', () => {
  test('every save is cleaned, whatever the caller sends; links keep rel="noopener noreferrer"', async () => {
    const body = '<p onclick="x()" style="color:red">hi<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">a</a><a href="https://e.com">b</a></p><iframe src="https://evil"></iframe>';
    const res = await save({ ...valid, body });
    expect(res.status).toBe(200);
    const rows = (await ts.get('/api/demo/poster/list', { token, query: { size: 100 } })).body.data.records as Row[];
    const stored = rows.map((r) => String(r.body)).find((b) => b.includes('hi'));
    expect(stored).toBe('<p>hi<a rel="noopener noreferrer">a</a><a href="https://e.com" rel="noopener noreferrer">b</a></p>');
  });

  test('an edit that shows nothing is blank (required), too long is refused as stored, a non-string is malformed', async () => {
    expect((await save({ ...valid, body: '<p></p>' })).body.msg).toBe('请输入正文');
    expect((await save({ ...valid, body: '<script>alert(1)</script>' }, 'en')).body.msg).toBe('Please enter the body');
    expect((await save({ ...valid, body: `<p>${'x'.repeat(201)}</p>` })).body.msg).toBe('body: 长度不能超过200个字符');
    // Markup that the cleaning removes does not count against the limit.
    expect((await save({ ...valid, body: `<p style="${'a'.repeat(300)}">ok</p>` })).status).toBe(200);
    expect((await save({ ...valid, body: `<p>${'x'.repeat(1000)}</p>` })).body.msg).toBe('body: 长度不能超过200个字符');
    expect((await save({ ...valid, body: { html: 'x' } })).body.msg).toBe('请求参数格式错误: body');
    expect(ts.logged).toEqual([]);
  });
});
