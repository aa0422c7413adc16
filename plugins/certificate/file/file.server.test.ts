import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { createCanvas } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { DEMO_TENANT, type ServerPlugin } from '../../../core/sdk/server';
import { createTestServer, fireTogether, scratchDatabase, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import certificateServer from '../server';
import { idCheckCharacter } from '../order/id-number';
import { maskName } from './verify';

/**
 * The certificate file on the server: the A5 PDF read back (page size, text, the seal's transparency, a
 * QR code that decodes to the check, which answers), the check's refusals, the orders refused a
 * certificate, the permissions and tenants, the file's link before and after, making it again, and
 * many makes at once (on PostgreSQL too when TEST_DATABASE_URL is set).
 */

const BASE = '/api/xh/certificate/order';
const MAKE = `${BASE}/updateA5CertificateFile`;
const FILE_URL = '/api/certificate/file/url';
const VERIFY = '/api/certificate/verify';
const en = { 'Accept-Language': 'en' };
/** The commerce top menu the certificate menus join, declared by the mall. */
const mallStub: ServerPlugin = { manifest: { id: 'mall', name: { zh: '商城管理', en: 'Mall' }, topMenus: [{ code: 'top_mall', name: { zh: '商城业务', en: 'Commerce' }, sort: 0, menus: [] }] } };
const SEAL = readFileSync(join(import.meta.dirname, '..', 'demo', 'seal.png'));
const ID = (() => {
  const first17 = '11010119900307123';
  return first17 + idCheckCharacter(first17);
})();
type Row = Record<string, unknown>;
const localDay = (at: Date) => `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;

/** What a PDF shows a reader: its first page's size and text, its images, and the page drawn. */
async function readPdf(bytes: Uint8Array) {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const page = await pdf.getPage(1);
  const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join('');
  const viewport = page.getViewport({ scale: 3 });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport }).promise;
  // The QR code sits in the lower left quarter.
  const [x, y, w, h] = [0, Math.floor(canvas.height / 2), Math.floor(canvas.width / 2), Math.floor(canvas.height / 2)];
  const pixels = canvas.getContext('2d').getImageData(x, y, w, h);
  const qr = jsQR(new Uint8ClampedArray(pixels.data), w, h)?.data ?? null;
  await pdf.destroy();
  return { pages: pdf.numPages, view: page.view, text, qr, raw: Buffer.from(bytes).toString('latin1') };
}

const url = process.env.TEST_DATABASE_URL;
const backends = [{ name: 'PGlite', databaseUrl: undefined as string | undefined }, ...(url ? [{ name: 'PostgreSQL', databaseUrl: url }] : [])];

describe.each(backends)('certificate files on $name', ({ databaseUrl }) => {
  let ts: TestServer;
  let drop: (() => Promise<void>) | undefined;
  let admin: string;
  let viewer: string;
  let otherAdmin: string;

  beforeAll(async () => {
    const scratch = databaseUrl ? await scratchDatabase(databaseUrl) : undefined;
    drop = scratch?.drop;
    ts = await createTestServer({
      plugins: [dictServer, mallStub, certificateServer],
      databaseUrl: scratch?.url,
      rateLimits: { scale: 100, limits: { certificateVerifyAddress: 5 } },
    });
    admin = (await ts.signIn('admin', 'admin')).access_token;
    viewer = (await ts.signIn('demo', 'demo')).access_token;
    otherAdmin = (await ts.signIn('admin', 'admin', DEMO_TENANT.tenantId)).access_token;
    // The tenant's issuer and seal, uploaded as the settings screen does.
    const form = new FormData();
    form.append('file', new Blob([SEAL], { type: 'image/png' }), 'seal.png');
    const uploaded = await ts.post('/api/blade-resource/oss/endpoint/put-file', { token: admin, body: form });
    expect(uploaded.body.success).toBe(true);
    await ts.ctx.db.system((tx) =>
      tx.query(
        `insert into xh_pay_setting (id, tenant_id, issuer_name, seal_image, create_time, update_time) values ($1, '000000', $2, $3, now(), now())
         on conflict (tenant_id) do update set issuer_name = excluded.issuer_name, seal_image = excluded.seal_image`,
        [ts.ctx.ids.next(), '上海布雷德职业培训学校', uploaded.body.data.link],
      ),
    );
  }, 120_000);
  afterAll(async () => {
    await ts?.close();
    await drop?.();
  });

  /** An order of the admin's tenant in the given payment state (1 paid by default). */
  async function order(fields: { name?: string; payState?: number; refundAmount?: number; amount?: number; type?: number } = {}): Promise<string> {
    const name = fields.name ?? `证书${Math.random().toString(36).slice(2, 6)}`;
    const amount = fields.amount ?? 19_900;
    const saved = await ts.post(`${BASE}/save`, { token: admin, json: { name, idNumber: ID, mobile: '13912345678', certificateType: fields.type ?? 1, amount } });
    expect(saved.body).toMatchObject({ success: true });
    const row = await ts.ctx.db.system((tx) => tx.one<{ id: string }>(`select id::text as id from xh_certificate_order where tenant_id = '000000' and name = $1 order by id desc limit 1`, [name]));
    await ts.ctx.db.system((tx) =>
      tx.query(`update xh_certificate_order set pay_state = $2, refund_amount = $3, pay_time = now() where id = $1`, [row!.id, fields.payState ?? 1, fields.refundAmount ?? 0]),
    );
    return row!.id;
  }
  const make = (id: string, token = admin, headers?: Record<string, string>) => ts.get(MAKE, { token, query: { id }, headers });
  const stored = async (id: string) => (await ts.ctx.db.system((tx) => tx.one<Row>('select * from xh_certificate_order where id = $1', [id])))!;
  const download = async (link: string) => {
    const res = await ts.app.request(`http://localhost${link}`);
    return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
  };
  const issueDate = async (id: string) =>
    (await ts.ctx.db.system((tx) => tx.one<{ d: string }>(`select to_char(issue_date, 'YYYY-MM-DD') as d from xh_certificate_issue where order_id = $1`, [id])))!.d;
  const verifyAt = (address: string) => {
    const at = new URL(address);
    return { path: at.pathname, query: Object.fromEntries(at.searchParams) };
  };

  test('an A5 PDF with the holder, number, type, date, issuer, the seal and a QR code that answers the check', async () => {
    const id = await order({ name: '张三丰', type: 2 });
    const before = ts.ctx.now();
    const made = await make(id);
    const after = ts.ctx.now();
    // On a refusal, the server's log says why.
    expect(made.status, ts.logged.join('\n')).toBe(200);
    const { certificateNo, link, size } = made.body.data;
    // Issued today by the server's clock (the day it read while making it, should midnight fall meanwhile),
    // numbered in that day's year.
    const issued = await issueDate(id);
    expect([localDay(before), localDay(after)]).toContain(issued);
    const [year, month, day] = issued.split('-');
    expect(certificateNo).toMatch(new RegExp(`^CERT-${year}-\\d{6}$`));
    expect(await stored(id)).toMatchObject({ certificate_no: certificateNo, certificate_file: link });

    const file = await download(link);
    expect(file.status).toBe(200);
    expect(file.bytes.length).toBe(size);
    expect(size).toBeLessThan(300 * 1024);
    const pdf = await readPdf(file.bytes);
    expect(pdf.pages).toBe(1);
    expect(pdf.view).toEqual([0, 0, 419.53, 595.28]); // A5 portrait, in points
    for (const printed of ['张三丰', certificateNo, '培训结业证书', '上海布雷德职业培训学校', `${year}年${Number(month)}月${Number(day)}日`]) expect(pdf.text).toContain(printed);
    // The seal: a picture with its transparency kept (a soft mask), besides the font's subset.
    expect(pdf.raw).toMatch(/\/Subtype \/Image/);
    expect(pdf.raw).toMatch(/\/SMask \d+ 0 R/);
    expect(pdf.raw).toMatch(/\/FontFile2/);

    expect(pdf.qr).toMatch(/^http:\/\/localhost\/api\/certificate\/verify\?t=/);
    const check = verifyAt(pdf.qr!);
    const answer = await ts.get(check.path, { query: check.query, ip: '198.51.100.1' });
    expect(answer.body.data).toEqual({
      valid: true,
      certificateNo,
      name: '张**',
      type: '培训结业证书',
      issueDate: issued,
      issuer: '上海布雷德职业培训学校',
    });
    const english = await ts.get(check.path, { query: check.query, ip: '198.51.100.1', headers: en });
    expect(english.body.data.type).toBe('Training completion');
  });

  test('the check refuses a token it did not sign, in the caller’s language; a phone is shown a page', async () => {
    const forged = await ts.get(VERIFY, { query: { t: 'MDAwMDAwOjEyMw.bm90LXNpZ25lZA' }, ip: '198.51.100.2' });
    expect([forged.status, forged.body.msg]).toEqual([400, '证书校验失败：该二维码不是本系统签发的']);
    const english = await ts.get(VERIFY, { query: { t: 'x' }, ip: '198.51.100.2', headers: en });
    expect(english.body.msg).toBe('The certificate could not be verified: this code was not issued by us');
    const missing = await ts.get(VERIFY, { ip: '198.51.100.2' });
    expect(missing.status).toBe(400);

    const id = await order({ name: '<b>王</b>五' });
    const qr = (await readPdf((await download((await make(id)).body.data.link)).bytes)).qr!;
    const page = await ts.get(verifyAt(qr).path, { query: verifyAt(qr).query, ip: '198.51.100.3', headers: { Accept: 'text/html,application/xhtml+xml' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.body).toContain('证书真实有效');
    expect(page.body).toContain('&#60;*******'); // the masked name, escaped: no markup of the holder's reaches the page
    expect(page.body).not.toContain('<b>');
    const forgedPage = await ts.get(VERIFY, { query: { t: 'x' }, ip: '198.51.100.3', headers: { Accept: 'text/html', ...en } });
    expect(forgedPage.status).toBe(400);
    expect(forgedPage.body).toContain('this code was not issued by us');
  });

  test('the check is rate-limited per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await ts.get(VERIFY, { query: { t: 'x' }, ip: '203.0.113.7' })).status);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.at(-1)).toBe(429);
    expect((await ts.get(VERIFY, { query: { t: 'x' }, ip: '203.0.113.8' })).status).toBe(400); // another address is not held up
  });

  test('no certificate for an order not paid, closed, wholly refunded or being wholly refunded; a partial refund keeps it', async () => {
    const refused = async (fields: Parameters<typeof order>[0], zh: string, english: string) => {
      const id = await order(fields);
      const res = await make(id);
      expect([res.status, res.body.msg]).toEqual([400, zh]);
      expect((await make(id, admin, en)).body.msg).toBe(english);
      expect(await stored(id)).toMatchObject({ certificate_no: null, certificate_file: null });
    };
    await refused({ payState: 0 }, '订单「未支付」，不能生成证书：只有已支付且未全额退款的订单可以生成', 'The order is "Not paid": a certificate is made only for an order paid and not wholly refunded');
    await refused({ payState: 2 }, '订单「已关闭」，不能生成证书：只有已支付且未全额退款的订单可以生成', 'The order is "Closed": a certificate is made only for an order paid and not wholly refunded');
    await refused({ payState: 4, refundAmount: 19_900 }, '订单「已退款」，不能生成证书：只有已支付且未全额退款的订单可以生成', 'The order is "Refunded": a certificate is made only for an order paid and not wholly refunded');
    await refused({ payState: 3, refundAmount: 19_900 }, '订单「退款中」，不能生成证书：只有已支付且未全额退款的订单可以生成', 'The order is "Refunding": a certificate is made only for an order paid and not wholly refunded');
    for (const fields of [{ payState: 1, refundAmount: 4_900 }, { payState: 3, refundAmount: 100 }, { payState: 5, refundAmount: 19_900 - 1 }]) {
      expect((await make(await order(fields))).body.success).toBe(true);
    }
  });

  test('a name the font cannot print is refused before a number is given', async () => {
    const id = await order({ name: '李😀' });
    const res = await make(id);
    expect([res.status, res.body.msg]).toEqual([400, '持证人姓名中的「😀」无法在证书上显示：证书字体没有这些字']);
    expect((await stored(id)).certificate_no).toBeNull();
  });

  test('the file’s link: refused before it is made, answered after; the user role may look but not make; other tenants’ orders do not exist', async () => {
    const id = await order();
    const before = await ts.get(FILE_URL, { token: viewer, query: { id } });
    expect([before.status, before.body.msg]).toEqual([400, '证书文件尚未生成']);
    expect((await ts.get(FILE_URL, { token: viewer, query: { id }, headers: en })).body.msg).toBe('The certificate file has not been made yet');

    const denied = await make(id, viewer);
    expect(denied.status).toBe(403);
    expect((await stored(id)).certificate_no).toBeNull();

    const foreign = await make(id, otherAdmin);
    expect([foreign.status, foreign.body.msg]).toEqual([400, '数据不存在']);
    expect((await ts.get(FILE_URL, { token: otherAdmin, query: { id } })).status).toBe(400);
    expect((await stored(id)).certificate_no).toBeNull();

    const made = await make(id);
    const after = await ts.get(FILE_URL, { token: viewer, query: { id } });
    expect(after.body.data).toEqual({ link: made.body.data.link, certificateNo: made.body.data.certificateNo });
    expect((await ts.get(FILE_URL, { token: admin, query: { id: 'abc' } })).status).toBe(400);
  });

  test('made again: the same number and issue date, a new file, the old one retired; the check stops once the order is wholly refunded', async () => {
    const id = await order();
    const first = (await make(id)).body.data;
    ts.advance(2 * 86_400_000);
    admin = (await ts.signIn('admin', 'admin')).access_token; // the clock moved past the token's life
    const second = (await make(id)).body.data;
    expect(second.certificateNo).toBe(first.certificateNo);
    expect(second.link).not.toBe(first.link);
    expect((await download(first.link)).status).toBe(404);
    const pdf = await readPdf((await download(second.link)).bytes);
    expect(pdf.text).toContain(await issueDate(id));

    const check = verifyAt(pdf.qr!);
    expect((await ts.get(check.path, { query: check.query, ip: '198.51.100.4' })).body.data.valid).toBe(true);
    await ts.ctx.db.system((tx) => tx.query(`update xh_certificate_order set pay_state = 4, refund_amount = amount where id = $1`, [id]));
    expect((await ts.get(check.path, { query: check.query, ip: '198.51.100.4' })).body.data).toEqual({ valid: false, certificateNo: first.certificateNo, reason: '证书已失效' });
  });

  test('twenty makes of one order at once: one number, one live file; twenty orders at once: twenty different numbers', async () => {
    const id = await order();
    const results = await fireTogether(20, () => make(id));
    const answers = results.map((r) => (r.status === 'fulfilled' ? r.value : null));
    expect(answers.every((a) => a?.status === 200 || a?.status === 400)).toBe(true);
    const numbers = new Set(answers.filter((a) => a?.status === 200).map((a) => a!.body.data.certificateNo));
    expect(numbers.size).toBe(1);
    const row = await stored(id);
    expect(numbers.has(row.certificate_no)).toBe(true);
    const live = await ts.ctx.db.system((tx) =>
      tx.query<{ link: string }>(`select link from blade_attach where tenant_id = '000000' and original_name = $1 and is_deleted = 0`, [`${row.certificate_no}.pdf`]),
    );
    expect(live.map((r) => r.link)).toEqual([row.certificate_file]);

    const ids = await Promise.all(Array.from({ length: 20 }, () => order()));
    const many = await fireTogether(20, (i) => make(ids[i]));
    const issued = many.map((r) => (r.status === 'fulfilled' ? r.value.body.data?.certificateNo : null));
    expect(issued.every(Boolean)).toBe(true);
    expect(new Set(issued).size).toBe(20);
    // Forty certificates drawn, each a PDF with its fonts and QR code: it passed 60 s beside the other lanes
    // under the stress run. A limit only catches a hang.
  }, 300_000);

  test('both demo tenants open with certificate files of their own, each a live PDF with a number', async () => {
    for (const tenantId of ['000000', DEMO_TENANT.tenantId]) {
      const filed = await ts.ctx.db.system((tx) =>
        tx.query<{ certificate_no: string; certificate_file: string }>(
          `select o.certificate_no, o.certificate_file from xh_certificate_order o join xh_certificate_issue i on i.order_id = o.id and i.tenant_id = o.tenant_id
            where o.tenant_id = $1 and o.certificate_file is not null`,
          [tenantId],
        ),
      );
      expect(filed.length).toBeGreaterThanOrEqual(1);
      const file = await download(filed[0].certificate_file);
      expect((await readPdf(file.bytes)).text).toContain(filed[0].certificate_no);
    }
  });

  test('the holder’s name is masked to its first character', () => {
    expect([maskName('张三丰'), maskName('李'), maskName(' Anna '), maskName('')]).toEqual(['张**', '李', 'A***', '']);
  });
});
