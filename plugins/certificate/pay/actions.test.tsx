import { describe, expect, it as baseIt } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, ok, page, renderPlugin, respond, type Handlers } from '../../../core/sdk/testing';
import dictPlugin from '../../dict/index';
import certificatePlugin from '../index';
import { ORDER_CODE } from '../order/codes';
import { listedOrder, ORDERS_PAGE, rowOf } from '../order/screens/test-orders';

const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

/**
 * The payment actions on the orders screen against hand-written answers: which buttons each state and
 * code shows, the refund and shipping dialogs (their rules, the server's refusal shown with what was
 * typed kept, what is sent), the close confirmation, and the sandbox's simulated payment.
 */
const PROVIDER = 'GET /api/xh/pay/provider';
const REFUND = 'GET /api/xh/pay/refundV3';
const SHIP = 'GET /api/xh/pay/uploadShippingInfo';
const CLOSE = 'GET /api/xh/pay/closeOrderV3';
const QUERY = 'GET /api/xh/pay/queryOrderV3';
const SIMULATE = 'POST /api/xh/pay/sandbox/pay';

const ROWS = [listedOrder('1', { name: '张未付' }), listedOrder('2', { name: '王已付', payState: 1, refundAmount: 5_000 }), listedOrder('3', { name: '李关闭', payState: 2 }), listedOrder('4', { name: '赵已发', payState: 1, shipState: 1 })];
const DICTIONARY = 'GET /api/blade-system/dict/dictionary';
const PAY_CODES = [ORDER_CODE.menu, ORDER_CODE.view, ORDER_CODE.refund, ORDER_CODE.query, ORDER_CODE.close, ORDER_CODE.ship];

function backend(extra: Handlers = {}, provider = 'sandbox') {
  return respond({
    [ORDERS_PAGE]: () => page(ROWS),
    [PROVIDER]: () => ok({ provider }),
    [DICTIONARY]: () => ok([{ dictKey: '1', dictValue: '职业技能证书' }]),
    ...extra,
  });
}

const actionsOf = (row: HTMLElement) =>
  within(row)
    .queryAllByTestId(/^pay-/)
    .map((b) => b.getAttribute('data-testid'));

describe('payment actions', () => {
  it('each row shows the actions its state allows: unpaid query, simulate, close; paid refund, query, ship; closed none; shipped no ship', async () => {
    await renderPlugin(certificatePlugin, { with: [dictPlugin], backend: backend(), route: '/certificate/order', user: { permissions: PAY_CODES } });
    const unpaid = await rowOf('张未付');
    await waitFor(() => expect(actionsOf(unpaid)).toEqual(['pay-query', 'pay-simulate', 'pay-close']));
    expect(actionsOf(await rowOf('王已付'))).toEqual(['pay-refund', 'pay-query', 'pay-ship']);
    expect(actionsOf(await rowOf('李关闭'))).toEqual([]);
    expect(actionsOf(await rowOf('赵已发'))).toEqual(['pay-refund', 'pay-query']);
    expect(within(unpaid).getByRole('button', { name: '模拟支付' })).toBeTruthy();
  });

  it('on WeChat Pay there is no simulated payment', async () => {
    await renderPlugin(certificatePlugin, { with: [dictPlugin], backend: backend({}, 'wechatpay-v3'), route: '/certificate/order', user: { permissions: PAY_CODES } });
    const unpaid = await rowOf('张未付');
    await waitFor(() => expect(actionsOf(unpaid)).toEqual(['pay-query', 'pay-close']));
  });

  it('a viewer without the payment codes sees none of the actions', async () => {
    await renderPlugin(certificatePlugin, { with: [dictPlugin], backend: backend(), route: '/certificate/order', user: { permissions: [ORDER_CODE.menu, ORDER_CODE.view] } });
    expect(actionsOf(await rowOf('张未付'))).toEqual([]);
    expect(actionsOf(await rowOf('王已付'))).toEqual([]);
  });

  it('the refund dialog: the rest by default, the most shown, a reason required; a refusal is shown and what was typed stays; then fen are sent and the list reloads', async () => {
    let refuse = true;
    const app = await renderPlugin(certificatePlugin, {
      with: [dictPlugin],
      backend: backend({ [REFUND]: () => (refuse ? fail('退款金额超过可退金额（可退 ¥1.00）') : ok({ id: '2', outRefundNo: 'RF1', status: 'PROCESSING', payState: 3 })) }),
      route: '/certificate/order',
      user: { permissions: PAY_CODES },
    });
    await app.user.click(within(await rowOf('王已付')).getByRole('button', { name: '退款' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('退款 · CO20240601093015000002')).toBeTruthy();
    expect(within(dialog).getByText('最多可退 ¥150.00')).toBeTruthy();
    const amount = within(dialog).getByDisplayValue('150.00');

    // Nothing goes without a reason; more than is left is refused in the form.
    await app.user.click(within(dialog).getByTestId('pay-refund-save'));
    expect(await within(dialog).findByText('请输入退款原因')).toBeTruthy();
    await app.user.clear(amount);
    await app.user.type(amount, '150.01');
    fireEvent.blur(amount);
    expect(await within(dialog).findByText('退款金额不能大于 ¥150.00')).toBeTruthy();
    await app.user.clear(amount);
    await app.user.type(amount, '50.5');
    await app.user.type(within(dialog).getByPlaceholderText('例如：学员未参加考试'), '加急费退回');
    await app.user.click(within(dialog).getByTestId('pay-refund-save'));

    // The server's refusal, in the dialog, with everything typed still there.
    expect((await within(dialog).findByTestId('pay-refusal')).textContent).toBe('退款金额超过可退金额（可退 ¥1.00）');
    expect(within(dialog).getByDisplayValue('50.50')).toBeTruthy();
    expect(within(dialog).getByDisplayValue('加急费退回')).toBeTruthy();
    expect(app.callsTo(REFUND)[0]!.query).toEqual({ id: '2', amount: '5050', reason: '加急费退回' });

    refuse = false;
    const pages = app.callsTo(ORDERS_PAGE).length;
    await app.user.keyboard('{Enter}');
    expect(await screen.findByText('退款已提交')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.callsTo(REFUND)).toHaveLength(2);
    await waitFor(() => expect(app.callsTo(ORDERS_PAGE).length).toBeGreaterThan(pages));
  });

  it('the shipping dialog: carrier and number required, a bad number refused in the form, the server refusal shown; then sent', async () => {
    let refuse = true;
    const app = await renderPlugin(certificatePlugin, {
      with: [dictPlugin],
      backend: backend({ [SHIP]: () => (refuse ? fail('支付平台：支付单不存在（10060001）') : ok(null)) }),
      route: '/certificate/order',
      user: { permissions: PAY_CODES },
    });
    await app.user.click(within(await rowOf('王已付')).getByRole('button', { name: '上传发货' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.click(within(dialog).getByTestId('pay-ship-save'));
    const message = { selector: '.arco-form-message, .arco-form-message *' };
    expect(await within(dialog).findByText('请选择物流公司', message)).toBeTruthy();
    expect(await within(dialog).findByText('请输入物流单号', message)).toBeTruthy();
    fireEvent.click(dialog.querySelector('.arco-select-view') as HTMLElement);
    fireEvent.click(await screen.findByText('顺丰速运', { selector: '.arco-select-popup .arco-select-option, .arco-select-popup .arco-select-option *' }));
    const number = within(dialog).getByPlaceholderText('请输入物流单号');
    await app.user.type(number, 'SF<1>');
    fireEvent.blur(number);
    expect(await within(dialog).findByText('物流单号须为 6–32 位字母、数字或 -')).toBeTruthy();
    await app.user.clear(number);
    await app.user.type(number, 'SF1403829475120');
    await app.user.click(within(dialog).getByTestId('pay-ship-save'));
    expect((await within(dialog).findByTestId('pay-refusal')).textContent).toBe('支付平台：支付单不存在（10060001）');
    expect(within(dialog).getByDisplayValue('SF1403829475120')).toBeTruthy();
    refuse = false;
    await app.user.click(within(dialog).getByTestId('pay-ship-save'));
    expect(await screen.findByText('发货信息已上传')).toBeTruthy();
    expect(app.callsTo(SHIP).at(-1)!.query).toEqual({ id: '2', logisticsCompany: 'SF', logisticsNo: 'SF1403829475120' });
  });

  it('closing asks first; querying and the simulated payment say what came of them', async () => {
    const app = await renderPlugin(certificatePlugin, {
      with: [dictPlugin],
      backend: backend({
        [CLOSE]: () => ok(null),
        [QUERY]: () => ok({ id: '1', payState: 0, tradeState: '', refunds: [] }),
        [SIMULATE]: () => ok({ id: '1', payState: 1, tradeState: 'SUCCESS', refunds: [] }),
      }),
      route: '/certificate/order',
      user: { permissions: PAY_CODES },
    });
    const row = await rowOf('张未付');
    await app.user.click(within(row).getByRole('button', { name: '关闭订单' }));
    expect(await screen.findByText('确定关闭订单 CO20240601093015000001？关闭后客户将无法再支付。')).toBeTruthy();
    expect(app.callsTo(CLOSE)).toHaveLength(0);
    await app.user.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('订单已关闭')).toBeTruthy();
    expect(app.callsTo(CLOSE)[0]!.query).toEqual({ id: '1' });

    await app.user.click(within(row).getByRole('button', { name: '查询支付' }));
    expect(await screen.findByText('已查询：客户尚未支付')).toBeTruthy();

    await app.user.click(within(row).getByRole('button', { name: '模拟支付' }));
    expect(await screen.findByText('在沙箱中模拟客户支付订单 CO20240601093015000001（¥200.00）？')).toBeTruthy();
    await app.user.click(screen.getAllByRole('button', { name: '确定' }).at(-1)!);
    expect(await screen.findByText('模拟支付成功')).toBeTruthy();
    expect(app.callsTo(SIMULATE)[0]!.query).toEqual({ id: '1' });
  });

  it('in English', async () => {
    const app = await renderPlugin(certificatePlugin, { with: [dictPlugin], backend: backend(), route: '/certificate/order', user: { permissions: PAY_CODES }, language: 'en' });
    await app.user.click(within(await rowOf('王已付')).getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('At most ¥150.00')).toBeTruthy();
    expect(within(dialog).getByText('Refund · CO20240601093015000002')).toBeTruthy();
    await app.user.click(within(dialog).getByTestId('pay-refund-save'));
    expect(await within(dialog).findByText('Please enter the reason')).toBeTruthy();
  });
});
