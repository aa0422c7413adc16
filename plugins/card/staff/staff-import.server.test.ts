import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import readXlsxFile from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { DEMO_TENANT } from '../../../core/sdk/server';
import { createTestServer, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import cardServer from '../server';

/**
 * The staff import (`POST /api/staff/info/import`) and its template: good rows written, bad ones reported
 * in a workbook (row number, cells, reason in the caller's language) with the counts in headers, JSON when
 * every row is good; files that are no spreadsheet, too big, too long or without the required columns
 * refused with a 400.
 */
const BASE = '/api/staff/info';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let ts: TestServer;
let admin: string;
let demoAdmin: string;

type Cells = (string | number | null)[][];
const sheet = async (rows: Cells) => new Uint8Array(await writeXlsxFile(rows).toBuffer());
/** The import as the browser sends it; the raw answer (a workbook is read as bytes). */
const upload = (bytes: Uint8Array, { token = admin, language = 'zh-CN', name = 'staff.xlsx' } = {}) => {
  const body = new FormData();
  body.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  return ts.app.request(`${BASE}/import`, { method: 'POST', body, headers: { 'Blade-Auth': `bearer ${token}`, 'Accept-Language': language } });
};
const readBook = async (res: Response) => (await readXlsxFile(Buffer.from(await res.arrayBuffer())))[0]!.data;
const mobiles = async (token = admin) => {
  const res = await ts.get(`${BASE}/page`, { token, query: { size: 500 } });
  return new Map((res.body.data.records as { mobile: string; name: string; companyId: string }[]).map((r) => [r.mobile, r]));
};
const HEAD = ['公司', '姓名', '职位', '部门', '手机', '电话', '邮箱', '微信'];

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, cardServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  demoAdmin = (await ts.signIn('admin', 'admin', DEMO_TENANT.tenantId)).access_token;
});
afterAll(() => ts.close());

describe('staff import', () => {
  test('the template: headers in the caller’s language and one example row of the tenant’s default company', async () => {
    const zh = await ts.app.request(`${BASE}/import-template`, { headers: { 'Blade-Auth': `bearer ${admin}` } });
    expect(zh.headers.get('content-type')).toBe(XLSX);
    expect(zh.headers.get('content-disposition')).toContain("filename*=UTF-8''" + encodeURIComponent('员工导入模板.xlsx'));
    const [head, example, ...rest] = await readBook(zh);
    expect(head).toEqual(HEAD);
    expect(example!.slice(0, 2)).toEqual(['布雷德科技', '李雷']);
    expect(rest).toEqual([]);
    const english = await ts.app.request(`${BASE}/import-template`, { headers: { 'Blade-Auth': `bearer ${demoAdmin}`, 'Accept-Language': 'en' } });
    const [enHead, enExample] = await readBook(english);
    expect(enHead).toEqual(['Company', 'Name', 'Position', 'Department', 'Mobile', 'Telephone', 'Email', 'WeChat']);
    expect(enExample![0]).toBe('云杉家居');
  });

  test('good rows are written; bad rows come back as a workbook naming each row and its reason, counts in headers', async () => {
    const before = await mobiles();
    const taken = [...before.keys()][0]!;
    const bytes = await sheet([
      HEAD,
      ['布雷德科技', '导入甲', '顾问', '销售部', '13600000001', '021-11112222', 'a@example.com', 'wx_a'],
      ['不存在的公司', '导入乙', '', '', '13600000002', '', '', ''],
      ['布雷德科技', '导入丙', '', '', '1360000000', '', '', ''],
      [null, null, null, null, null, null, null, null],
      ['蓝鲸设计', '导入丁', '', '', 13600000004, '', '', ''],
      ['布雷德科技', '导入戊', '', '', '13600000001', '', '', ''],
      ['布雷德科技', '导入己', '', '', taken, '', '', ''],
      ['布雷德科技', '', '', '', '13600000007', '', 'bad-mail', ''],
    ]);
    const res = await upload(bytes);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX);
    expect([res.headers.get('x-import-total'), res.headers.get('x-import-imported'), res.headers.get('x-import-rejected')]).toEqual(['7', '2', '5']);
    const [head, ...rejected] = await readBook(res);
    expect(head).toEqual(['行号', ...HEAD, '失败原因']);
    expect(rejected.map((r) => [r[0], r[2], r[9]])).toEqual([
      ['3', '导入乙', '公司不存在: 不存在的公司'],
      ['4', '导入丙', '手机号码长度不为11位'],
      ['7', '导入戊', '文件中手机号码重复'],
      ['8', '导入己', '该手机号码已被其他员工使用'],
      ['9', null, '请输入姓名'],
    ]);
    // The report keeps the cells as they were: fixed, it imports as it is.
    expect(rejected[1]!.slice(1, 6)).toEqual(['布雷德科技', '导入丙', null, null, '1360000000']);
    const after = await mobiles();
    expect(after.get('13600000001')).toMatchObject({ name: '导入甲' });
    // A number cell and a company named by its short name.
    expect(after.get('13600000004')).toMatchObject({ name: '导入丁' });
    expect(after.size).toBe(before.size + 2);
    // The other tenant got nothing.
    expect([...(await mobiles(demoAdmin)).keys()].some((m) => m.startsWith('136000000'))).toBe(false);
  });

  test('the report is in the caller’s language; when every row is good the answer is JSON with the count', async () => {
    const english = await upload(await sheet([HEAD, ['云杉家居', 'Import A', '', '', '13600000011', '', '', ''], ['布雷德科技', 'Import B', '', '', '13600000012', '', '', '']]), { token: demoAdmin, language: 'en' });
    expect(english.headers.get('x-import-imported')).toBe('1');
    const [head, row] = await readBook(english);
    expect(head![0]).toBe('Row');
    expect(head![9]).toBe('Reason');
    // 布雷德科技 is 000000's: no such company in 100001.
    expect(row![9]).toBe('No such company: 布雷德科技');

    const good = await upload(await sheet([['Company', 'Name', 'Mobile'], ['云杉家居', 'Import C', '13600000013'], ['青禾', 'Import D', '13600000014']]), { token: demoAdmin });
    expect(good.headers.get('content-type')).toMatch(/json/);
    expect(await good.json()).toMatchObject({ success: true, data: { total: 2, imported: 2 } });
    expect((await mobiles(demoAdmin)).get('13600000014')).toMatchObject({ name: 'Import D' });
  });

  test('files that are no good are a 400 in the caller’s language, and write nothing', async () => {
    const refused = async (bytes: Uint8Array, msg: string, language = 'zh-CN') => {
      const res = await upload(bytes, { language });
      expect(res.status).toBe(400);
      expect((await res.json()).msg).toBe(msg);
    };
    const before = (await mobiles()).size;
    await refused(new TextEncoder().encode('公司,姓名,手机\n布雷德科技,x,13600000099'), '导入文件格式错误,请上传 .xlsx 文件');
    await refused(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), 'Wrong file format, please upload an .xlsx file', 'en');
    await refused(new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new Array(40).fill(7)]), '导入文件格式错误,请上传 .xlsx 文件');
    await refused(await sheet([['公司', '姓名'], ['布雷德科技', 'x']]), '导入文件缺少列: 手机');
    await refused(await sheet([HEAD]), '导入文件中没有数据');
    await refused(await sheet([HEAD, ...Array.from({ length: 5001 }, (_, i) => ['布雷德科技', `x${i}`, '', '', `135${String(i).padStart(8, '0')}`, '', '', ''])]), '导入数据不能超过5000行');
    const big = new Uint8Array(1024 * 1024 + 1);
    big.set([0x50, 0x4b, 0x03, 0x04]);
    // The API's body limit answers before the import reads anything.
    await refused(big, '请求内容过大');
    const noFile = await ts.post(`${BASE}/import`, { token: admin, body: new FormData() });
    expect([noFile.status, noFile.body.msg]).toEqual([400, '缺少必要的请求参数: file']);
    expect((await ts.post(`${BASE}/import`, { token: admin, json: { file: 'x' } })).status).toBe(400);
    expect((await mobiles()).size).toBe(before);
  });
});
