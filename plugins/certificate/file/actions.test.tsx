import { afterEach, describe, expect, it as baseIt, rs } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, ok, page, renderPlugin, reply, respond, type Handlers } from '../../../core/sdk/testing';
import dictPlugin from '../../dict/index';
import certificatePlugin from '../index';
import { ORDER_CODE } from '../order/codes';
import { listedOrder, ORDERS_PAGE, rowOf } from '../order/screens/test-orders';

const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

/**
 * The certificate file's row actions on the orders screen, against hand-written answers: which of 生成证书,
 * 重新生成 and 预览证书 each order and code shows, making a file (what is sent, the list reloaded, a refusal
 * shown), making it again after a confirmation, and the preview with its loading, failure and retry.
 * happy-dom has no canvas to draw a PDF on: the preview is stubbed at the pdf.js boundary (./pdf-page),
 * which records the bytes it was given and the canvas it drew on.
 */
const pdfjs = rs.hoisted(() => ({ loaded: [] as Uint8Array[], drawn: [] as { canvas: HTMLCanvasElement; maxWidth: number; maxHeight: number }[], fail: false, destroyed: 0 }));
rs.mock('./pdf-page', () => ({
  loadPdf: async (bytes: Uint8Array) => {
    if (pdfjs.fail) throw new Error('Invalid PDF structure.');
    pdfjs.loaded.push(bytes);
    return {
      pages: 1,
      drawFirstPage: async (canvas: HTMLCanvasElement, maxWidth: number, maxHeight: number) => {
        pdfjs.drawn.push({ canvas, maxWidth, maxHeight });
        return { width: 300, height: 425 };
      },
      destroy: () => void (pdfjs.destroyed += 1),
    };
  },
}));
afterEach(() => {
  pdfjs.loaded.length = 0;
  pdfjs.drawn.length = 0;
  pdfjs.fail = false;
  pdfjs.destroyed = 0;
});

const MAKE = 'GET /api/xh/certificate/order/updateA5CertificateFile';
const FILE_URL = 'GET /api/certificate/file/url';
const FILE = 'GET /api/blade-resource/oss/endpoint/file/0123456789abcdef0123456789abcdef.pdf';
const LINK = '/api/blade-resource/oss/endpoint/file/0123456789abcdef0123456789abcdef.pdf';

const ROWS = [
  listedOrder('1', { name: '张未付' }),
  listedOrder('2', { name: '王已付', payState: 1 }),
  listedOrder('3', { name: '李有证', payState: 1, certificateNo: 'CERT-2024-000007', certificateFile: LINK }),
  listedOrder('4', { name: '赵全退', payState: 4, refundAmount: 20_000, certificateNo: 'CERT-2024-000008', certificateFile: LINK }),
  listedOrder('5', { name: '钱部分退', payState: 1, refundAmount: 5_000 }),
];
const FILE_CODES = [ORDER_CODE.menu, ORDER_CODE.view, ORDER_CODE.file];

function backend(extra: Handlers = {}) {
  return respond({
    [ORDERS_PAGE]: () => page(ROWS),
    'GET /api/blade-system/dict/dictionary': () => ok([{ dictKey: '1', dictValue: '职业技能证书' }]),
    'GET /api/xh/pay/provider': () => ok({ provider: 'sandbox' }),
    [FILE_URL]: (call) => ok({ link: LINK, certificateNo: call.query.id === '3' ? 'CERT-2024-000007' : 'CERT-2024-000008' }),
    [FILE]: () => reply({ body: '%PDF-1.7 certificate', headers: { 'content-type': 'application/pdf' } }),
    ...extra,
  });
}

const fileActions = (row: HTMLElement) =>
  within(row)
    .queryAllByTestId(/^certificate-file-/)
    .map((b) => b.getAttribute('aria-label'));

describe('certificate file actions', () => {
  it('each order shows what it allows: make for a paid one, make again and preview once filed, preview only when wholly refunded, nothing unpaid', async () => {
    await renderPlugin(certificatePlugin, { with: [dictPlugin], backend: backend(), route: '/certificate/order', user: { permissions: FILE_CODES } });
    await waitFor(async () => expect(fileActions(await rowOf('王已付'))).toEqual(['生成证书']));
    expect(fileActions(await rowOf('张未付'))).toEqual([]);
    expect(fileActions(await rowOf('李有证'))).toEqual(['重新生成', '预览证书']);
    expect(fileActions(await rowOf('赵全退'))).toEqual(['预览证书']);
    expect(fileActions(await rowOf('钱部分退'))).toEqual(['生成证书']);
  });

  it('a viewer without the file code may only preview', async () => {
    await renderPlugin(certificatePlugin, { with: [dictPlugin], backend: backend(), route: '/certificate/order', user: { permissions: [ORDER_CODE.menu, ORDER_CODE.view] } });
    await waitFor(async () => expect(fileActions(await rowOf('李有证'))).toEqual(['预览证书']));
    expect(fileActions(await rowOf('王已付'))).toEqual([]);
  });

  it('making a file sends the order, says it is made and reloads the list; a refusal is the server’s message', async () => {
    let refuse = true;
    const app = await renderPlugin(certificatePlugin, {
      with: [dictPlugin],
      backend: backend({ [MAKE]: () => (refuse ? fail('服务器没有可用的中文字体，无法生成证书') : ok({ certificateNo: 'CERT-2024-000009', link: LINK, size: 60_000 })) }),
      route: '/certificate/order',
      user: { permissions: FILE_CODES },
    });
    const row = await rowOf('王已付');
    fireEvent.click(within(row).getByRole('button', { name: '生成证书' }));
    expect(await screen.findByText('服务器没有可用的中文字体，无法生成证书')).toBeTruthy();
    await waitFor(() => expect(within(row).getByRole('button', { name: '生成证书' }).getAttribute('aria-busy')).toBe('false'));

    refuse = false;
    const listed = app.callsTo(ORDERS_PAGE).length;
    fireEvent.click(within(row).getByRole('button', { name: '生成证书' }));
    expect(await screen.findByText('证书已生成')).toBeTruthy();
    expect(app.callsTo(MAKE).map((c) => c.query.id)).toEqual(['2', '2']);
    await waitFor(() => expect(app.callsTo(ORDERS_PAGE).length).toBeGreaterThan(listed));
  });

  it('making it again asks first; cancelled, nothing is sent', async () => {
    const app = await renderPlugin(certificatePlugin, {
      with: [dictPlugin],
      backend: backend({ [MAKE]: () => ok({ certificateNo: 'CERT-2024-000007', link: LINK, size: 60_000 }) }),
      route: '/certificate/order',
      user: { permissions: FILE_CODES },
    });
    const row = await rowOf('李有证');
    fireEvent.click(within(row).getByRole('button', { name: '重新生成' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('重新生成会替换现有的证书文件（证书编号与发证日期不变），继续吗？')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.callsTo(MAKE)).toEqual([]);

    fireEvent.click(within(row).getByRole('button', { name: '重新生成' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('证书已生成')).toBeTruthy();
    expect(app.callsTo(MAKE).map((c) => c.query.id)).toEqual(['3']);
  });

  it('the preview asks the file’s link, draws its first page to fit, and offers download and open', async () => {
    const app = await renderPlugin(certificatePlugin, { with: [dictPlugin], backend: backend(), route: '/certificate/order', user: { permissions: FILE_CODES } });
    fireEvent.click(within(await rowOf('李有证')).getByRole('button', { name: '预览证书' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('证书预览 · CERT-2024-000007')).toBeTruthy();
    await waitFor(() => expect(pdfjs.drawn.length).toBe(1));
    expect(app.callsTo(FILE_URL).map((c) => c.query.id)).toEqual(['3']);
    expect(new TextDecoder().decode(pdfjs.loaded[0])).toBe('%PDF-1.7 certificate');
    expect(pdfjs.drawn[0].canvas).toBe(within(dialog).getByRole('img', { name: '证书第一页的预览' }));
    expect(pdfjs.drawn[0].maxWidth).toBeGreaterThan(0);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '下载' }).hasAttribute('disabled')).toBe(false));
    expect(within(dialog).getByRole('button', { name: '打开' }).hasAttribute('disabled')).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(pdfjs.destroyed).toBe(1);
  });

  it('a preview that fails says why and tries again', async () => {
    let missing = true;
    await renderPlugin(certificatePlugin, {
      with: [dictPlugin],
      backend: backend({ [FILE_URL]: () => (missing ? fail('证书文件尚未生成') : ok({ link: LINK, certificateNo: 'CERT-2024-000007' })) }),
      route: '/certificate/order',
      user: { permissions: FILE_CODES },
    });
    fireEvent.click(within(await rowOf('李有证')).getByRole('button', { name: '预览证书' }));
    const dialog = await screen.findByRole('dialog');
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('证书加载失败')).toBeTruthy();
    expect(within(alert).getByText('证书文件尚未生成')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '下载' }).hasAttribute('disabled')).toBe(true);

    missing = false;
    fireEvent.click(within(alert).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(pdfjs.drawn.length).toBe(1));
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
  });

  it('in English', async () => {
    await renderPlugin(certificatePlugin, { with: [dictPlugin], backend: backend(), route: '/certificate/order', user: { permissions: FILE_CODES }, language: 'en' });
    await waitFor(async () => expect(fileActions(await rowOf('李有证'))).toEqual(['Make again', 'Preview']));
    expect(fileActions(await rowOf('王已付'))).toEqual(['Make certificate']);
  });
});
