import { describe, expect, it as baseIt } from '@rstest/core';
import { screen, waitFor, within } from '@testing-library/react';
import type { ServerPlugin } from '../../../core/sdk/server';
import { inProcessServer, renderPlugin } from '../../../core/sdk/testing';
import dictPlugin from '../../dict/index';
import dictServer from '../../dict/server';
import certificatePlugin from '../index';
import { ORDER_CODE } from '../order/codes';
import certificateServer from '../server';
import { REFUND_TABLE } from './records';

const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

/**
 * The payment actions against the real server, on the sandbox: a demo order the customer has not paid is
 * paid through 模拟支付, then refunded in part through the dialog (the refund recorded as in progress),
 * and the server's refusal of more than is left (another refund made meanwhile) is shown in the dialog.
 */
const commerceTopMenu: ServerPlugin = {
  manifest: { id: 'mall', name: { zh: '商城管理', en: 'Mall' }, topMenus: [{ code: 'top_mall', name: { zh: '商城业务', en: 'Commerce' }, icon: 'shop', sort: 0, menus: [] }] },
};
const backend = inProcessServer({ plugins: [dictServer, commerceTopMenu, certificateServer] });
const CODES = [ORDER_CODE.menu, ORDER_CODE.view, ORDER_CODE.refund, ORDER_CODE.query, ORDER_CODE.close, ORDER_CODE.ship];

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('payment actions (in-process server)', () => {
  it('an unpaid demo order is paid in the sandbox, then refunded in part; a refund beyond what another left is refused in the dialog', async () => {
    const app = await renderPlugin(certificatePlugin, { backend, route: '/certificate/order', with: [dictPlugin], user: { permissions: CODES } });
    let row = await rowOf('刘洋');
    await app.user.click(await within(row).findByRole('button', { name: '模拟支付' }));
    await app.user.click(await screen.findByRole('button', { name: '确定' }));
    expect(await screen.findByText('模拟支付成功')).toBeTruthy();
    row = await rowOf('刘洋');
    await waitFor(() => expect(within(row).getByText('已支付')).toBeTruthy());

    await app.user.click(await within(row).findByRole('button', { name: '退款' }));
    let dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByDisplayValue('380.00');
    await app.user.clear(amount);
    await app.user.type(amount, '80');
    await app.user.type(within(dialog).getByPlaceholderText('例如：学员未参加考试'), '报名费差额退回');
    await app.user.click(within(dialog).getByTestId('pay-refund-save'));
    expect(await screen.findByText('退款已提交')).toBeTruthy();
    row = await rowOf('刘洋');
    await waitFor(() => expect(within(row).getByText('退款中')).toBeTruthy());
    expect(within(row).getByText('¥80.00')).toBeTruthy();

    const server = await backend.server();
    const refunds = await server.ctx.db.system((tx) =>
      tx.query<{ amount: string; reason: string; status: string }>(
        `select r.amount::text as amount, r.reason, r.status from ${REFUND_TABLE} r join xh_certificate_order o on o.id = r.order_id where o.tenant_id = '000000' and o.name = '刘洋'`,
      ),
    );
    expect(refunds).toEqual([{ amount: '8000', reason: '报名费差额退回', status: 'PROCESSING' }]);

    // What is left, ¥300.00, is what the dialog starts with; someone else refunds ¥250.00 meanwhile: the server refuses, the dialog says so.
    await app.user.click(await within(row).findByRole('button', { name: '退款' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByDisplayValue('300.00')).toBeTruthy();
    const orderId = (await server.ctx.db.system((tx) => tx.one<{ id: string }>(`select id::text as id from xh_certificate_order where tenant_id = '000000' and name = '刘洋'`)))!.id;
    const admin = (await server.signIn('admin', 'admin')).access_token;
    expect((await server.get('/api/xh/pay/refundV3', { token: admin, query: { id: orderId, amount: '25000', reason: '另一位同事退款' } })).body.success).toBe(true);
    await app.user.type(within(dialog).getByPlaceholderText('例如：学员未参加考试'), '再退');
    await app.user.click(within(dialog).getByTestId('pay-refund-save'));
    expect((await within(dialog).findByTestId('pay-refusal')).textContent).toBe('退款金额超过可退金额（可退 ¥50.00）');
    expect(within(dialog).getByDisplayValue('300.00')).toBeTruthy();
    expect(within(dialog).getByDisplayValue('再退')).toBeTruthy();
  });
});
