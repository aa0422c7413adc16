import { describe, expect, it as baseIt } from '@rstest/core';
import { screen, waitFor, within } from '@testing-library/react';
import { fail, ok, page, renderPlugin, respond } from '../../../../core/sdk/testing';
import dictPlugin from '../../../dict/index';
import resourcePlugin from '../../index';

/** These tests drive whole screens: more time than the default when the machine is busy. */
const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

const configs = [
  { id: '11', category: 1, smsCode: 'verify-code', templateId: '', templateContent: '【布雷德科技】您的验证码为${code}，5分钟内有效。', signName: '布雷德科技', accessKey: '', secretKey: '', status: 2 },
  { id: '12', category: 2, smsCode: 'aliyun-notice', templateId: 'SMS_1', templateContent: '${name}您好，订单${order}已发货', signName: '布雷德科技', accessKey: 'LTAIkey', secretKey: '******', status: 1 },
];
const providers = [
  { dictKey: '1', dictValue: '沙箱' },
  { dictKey: '2', dictValue: '阿里云' },
];
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('SMS configurations screen', () => {
  it('the test-message dialog: one input per variable, pre-filled where it can be, refusals shown with the form kept, then the result per phone', async () => {
    let attempts = 0;
    const app = await renderPlugin(resourcePlugin, {
      route: '/resource/sms',
      with: [dictPlugin],
      backend: respond({
        'GET /api/blade-system/dict/dictionary': () => ok(providers),
        'GET /api/blade-resource/sms/list': () => page(configs),
        'POST /api/blade-resource/sms/endpoint/send-message': () =>
          ++attempts === 1
            ? fail('手机号码格式不正确：23900000000')
            : ok(
                {
                  smsCode: 'aliyun-notice',
                  category: 2,
                  bizId: '9^0',
                  content: '王先生您好，订单SO1已发货',
                  results: [
                    { phone: '13900000001', state: 'sent', message: '发送成功' },
                    { phone: '13900000002', state: 'limited', message: '发送过于频繁，未发送' },
                  ],
                },
                '已发送1条；发送过于频繁，以下号码未发送：13900000002',
              ),
      }),
    });
    expect(await screen.findByText('verify-code')).toBeTruthy();
    expect(within(rowOf('aliyun-notice')).getByText('阿里云')).toBeTruthy();
    expect(within(rowOf('aliyun-notice')).getByText('已设置')).toBeTruthy();
    expect(within(rowOf('verify-code')).getByText('未设置')).toBeTruthy();

    // A code-like variable starts with a sample; the preview follows what is typed.
    await app.user.click(screen.getByTestId('sms-send-verify-code'));
    let dialog = await screen.findByTestId('sms-send-dialog');
    expect((within(dialog).getByLabelText('code') as HTMLInputElement).value).toBe('123456');
    expect(within(dialog).getByTestId('sms-send-preview').textContent).toBe('【布雷德科技】您的验证码为123456，5分钟内有效。');
    expect(within(dialog).getByText('沙箱不会实际发送，短信可在「短信记录」中查看')).toBeTruthy();
    await app.user.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByTestId('sms-send-dialog')).toBeNull());

    await app.user.click(screen.getByTestId('sms-send-aliyun-notice'));
    dialog = await screen.findByTestId('sms-send-dialog');
    expect((within(dialog).getByLabelText('name') as HTMLInputElement).value).toBe('');
    await app.user.click(within(dialog).getByTestId('sms-send-submit'));
    expect(await within(dialog).findByText('请输入手机号')).toBeTruthy();
    expect(within(dialog).getByText('请输入模板参数 name')).toBeTruthy();
    expect(app.callsTo('POST /api/blade-resource/sms/endpoint/send-message')).toHaveLength(0);

    await app.user.type(within(dialog).getByLabelText('手机号'), '23900000000');
    await app.user.type(within(dialog).getByLabelText('name'), '王先生');
    await app.user.type(within(dialog).getByLabelText('order'), 'SO1');
    expect(within(dialog).getByTestId('sms-send-preview').textContent).toBe('王先生您好，订单SO1已发货');
    await app.user.click(within(dialog).getByTestId('sms-send-submit'));
    expect((await within(dialog).findByTestId('sms-send-error')).textContent).toContain('手机号码格式不正确：23900000000');
    // The failed send keeps everything typed.
    expect((within(dialog).getByLabelText('手机号') as HTMLInputElement).value).toBe('23900000000');
    expect((within(dialog).getByLabelText('name') as HTMLInputElement).value).toBe('王先生');
    expect(app.callsTo('POST /api/blade-resource/sms/endpoint/send-message')[0]!.body).toEqual({ code: 'aliyun-notice', phones: '23900000000', params: { name: '王先生', order: 'SO1' } });

    const phones = within(dialog).getByLabelText('手机号');
    await app.user.clear(phones);
    await app.user.type(phones, '13900000001,13900000002{Enter}');
    await waitFor(() => expect(app.callsTo('POST /api/blade-resource/sms/endpoint/send-message')).toHaveLength(2));
    const results = await within(dialog).findByTestId('sms-send-results');
    expect(within(results).getByText('已发送1条；发送过于频繁，以下号码未发送：13900000002')).toBeTruthy();
    const items = within(results).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['13900000001已发送发送成功', '13900000002未发送发送过于频繁，未发送']);
    expect(within(dialog).queryByTestId('sms-send-error')).toBeNull();
  });

  it('the enabled switch enables through the server and the list reloads; without the codes there is no switch to move and no test message', async () => {
    let rows = configs;
    const app = await renderPlugin(resourcePlugin, {
      route: '/resource/sms',
      with: [dictPlugin],
      backend: respond({
        'GET /api/blade-system/dict/dictionary': () => ok(providers),
        'GET /api/blade-resource/sms/list': () => page(rows),
        'POST /api/blade-resource/sms/enable': (call) => {
          rows = configs.map((r) => ({ ...r, status: r.id === call.query.id ? 2 : 1 }));
          return ok({ id: call.query.id, status: 2 });
        },
      }),
    });
    expect(await screen.findByText('aliyun-notice')).toBeTruthy();
    const lists = app.callsTo('GET /api/blade-resource/sms/list').length;
    await app.user.click(screen.getByTestId('sms-enabled-aliyun-notice'));
    await waitFor(() => expect(app.callsTo('POST /api/blade-resource/sms/enable')).toHaveLength(1));
    expect(app.callsTo('POST /api/blade-resource/sms/enable')[0]!.query).toEqual({ id: '12' });
    await waitFor(() => expect(app.callsTo('GET /api/blade-resource/sms/list').length).toBeGreaterThan(lists));
    await waitFor(() => expect(screen.getByTestId('sms-enabled-aliyun-notice').getAttribute('aria-checked')).toBe('true'));
    expect(screen.getByTestId('sms-enabled-verify-code').getAttribute('aria-checked')).toBe('false');
  });

  it('a reader of the configurations sees the switch disabled and no send button', async () => {
    await renderPlugin(resourcePlugin, {
      route: '/resource/sms',
      with: [dictPlugin],
      backend: respond({ 'GET /api/blade-system/dict/dictionary': () => ok(providers), 'GET /api/blade-resource/sms/list': () => page(configs) }),
      user: { permissions: ['resource', 'sms', 'sms_view'], roles: ['user'] },
    });
    expect(await screen.findByText('aliyun-notice')).toBeTruthy();
    expect(screen.getByTestId('sms-enabled-aliyun-notice').hasAttribute('disabled')).toBe(true);
    expect(screen.queryByTestId('sms-send-aliyun-notice')).toBeNull();
  });
});
