import { describe, expect, it as baseIt } from '@rstest/core';
import { screen, waitFor, within } from '@testing-library/react';
import { fail, ok, renderPlugin, respond } from '../../../core/sdk/testing';
import dictPlugin from '../../dict/index';
import certificatePlugin from '../index';
import type { PaySettingView } from './settings-shape';

const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

/**
 * 支付与证书设置 against hand-written answers: the provider's own fields, the secrets never shown (set
 * ones say so and are kept when left empty), WeChat Pay's required credentials, a refused save keeping
 * the form, the load failure with a retry, English.
 */
const DETAIL = 'GET /api/xh/pay/setting/detail';
const SAVE = 'POST /api/xh/pay/setting/submit';

const VIEW: PaySettingView = {
  provider: 'sandbox',
  refundDelaySeconds: 30,
  sandboxRefundOutcome: 'SUCCESS',
  mchId: '1900000109',
  appId: 'wx1234567890abcdef',
  merchantSerialNo: 'ABCDEF0123456789',
  privateKeySet: true,
  apiV3KeySet: true,
  platformCertificate: '-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----',
  appSecretSet: false,
  payApiBase: 'https://api.mch.weixin.qq.com',
  wxApiBase: 'https://api.weixin.qq.com',
  issuerName: '上海博学职业技能培训中心',
  sealImage: '',
  updateTime: '2024-06-01 09:30:15',
};
const user = { permissions: ['certificate', 'certificate_setting'] };

describe('payment and certificate settings', () => {
  it('shows the sandbox’s fields; switched to WeChat Pay, its credentials with the set secrets kept when left empty; the whole form is sent', async () => {
    const app = await renderPlugin(certificatePlugin, { with: [dictPlugin], backend: respond({ [DETAIL]: () => ok(VIEW), [SAVE]: () => ok(null) }), route: '/certificate/setting', user });
    expect(await screen.findByDisplayValue('30')).toBeTruthy();
    expect(screen.getByDisplayValue('上海博学职业技能培训中心')).toBeTruthy();
    expect(screen.queryByText('商户号')).toBeNull();

    await app.user.click(screen.getByText('微信支付 API v3'));
    expect(await screen.findByDisplayValue('1900000109')).toBeTruthy();
    // A set secret is never shown: the box says it is set.
    expect(screen.getAllByPlaceholderText('已设置（留空不修改）').map((box) => box.tagName)).toEqual(['TEXTAREA', 'INPUT']);
    expect(screen.getAllByText('已设置，留空则保持不变')).toHaveLength(2);
    expect(screen.queryByText(/BEGIN PRIVATE KEY/)).toBeNull();

    await app.user.click(screen.getByTestId('pay-setting-save'));
    expect(await screen.findByText('设置已保存')).toBeTruthy();
    const body = app.callsTo(SAVE)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ provider: 'wechatpay-v3', mchId: '1900000109', privateKey: '', apiV3Key: '', appSecret: '', refundDelaySeconds: 30, issuerName: '上海博学职业技能培训中心' });
    expect(body).not.toHaveProperty('privateKeySet');
  });

  it('WeChat Pay without a stored key asks for it; the server’s refusal is shown and the form keeps what was typed', async () => {
    const app = await renderPlugin(certificatePlugin, {
      with: [dictPlugin],
      backend: respond({ [DETAIL]: () => ok({ ...VIEW, privateKeySet: false }), [SAVE]: () => fail('商户私钥不是有效的 RSA 私钥（PEM 格式）') }),
      route: '/certificate/setting',
      user,
    });
    await screen.findByDisplayValue('30');
    await app.user.click(screen.getByText('微信支付 API v3'));
    await app.user.click(await screen.findByTestId('pay-setting-save'));
    expect(await screen.findByText('使用微信支付时请填写商户私钥')).toBeTruthy();
    expect(app.callsTo(SAVE)).toHaveLength(0);

    await app.user.type(screen.getByPlaceholderText('-----BEGIN PRIVATE KEY-----'), 'not a key');
    await app.user.click(screen.getByTestId('pay-setting-save'));
    expect((await screen.findByTestId('pay-setting-refusal')).textContent).toBe('商户私钥不是有效的 RSA 私钥（PEM 格式）');
    expect(screen.getByDisplayValue('not a key')).toBeTruthy();
    expect((app.callsTo(SAVE)[0]!.body as Record<string, unknown>).privateKey).toBe('not a key');
  });

  it('a failed load offers a retry; in English', async () => {
    let failing = true;
    const app = await renderPlugin(certificatePlugin, {
      with: [dictPlugin],
      backend: respond({ [DETAIL]: () => (failing ? fail('busy', 500) : ok(VIEW)) }),
      route: '/certificate/setting',
      user,
      language: 'en',
    });
    const retry = await screen.findByRole('button', { name: 'Retry' });
    failing = false;
    await app.user.click(retry);
    expect(await screen.findByText('Refund delay')).toBeTruthy();
    expect(screen.getByText('Sandbox (simulated payments)')).toBeTruthy();
    await waitFor(() => expect(within(document.body).getByText('Last saved 2024-06-01 09:30:15')).toBeTruthy());
  });
});
