import { describe, expect, it as baseIt } from '@rstest/core';
import { screen, waitFor, within } from '@testing-library/react';
import { fail, ok, page, renderPlugin, respond } from '../../core/sdk/testing';
import clientPlugin from './index';

/** These tests drive whole screens: more time than the default when the machine is busy. */
const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

const rows = [
  { id: '1', clientId: 'saber', clientSecret: '******', scope: 'all', authorizedGrantTypes: 'refresh_token,password,captcha,social', accessTokenValidity: 3600, refreshTokenValidity: 604800, status: 1 },
  { id: '2', clientId: 'app1', clientSecret: 'leaked-if-shown', scope: '<i>all</i>', authorizedGrantTypes: 'password', accessTokenValidity: 120, refreshTokenValidity: 3600, status: 0 },
];
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const fieldMessage = (dialog: HTMLElement, text: string) => within(dialog).findByText(text, { selector: '.arco-form-message *, .arco-form-message' });
const toast = (text: string) => waitFor(() => expect([...document.querySelectorAll('.arco-message')].map((e) => e.textContent)).toContain(text), { timeout: 10_000 });

describe('client screen', () => {
  it('lists the clients: secrets masked, grant types by name, a disabled client tagged, HTML as text', async () => {
    const app = await renderPlugin(clientPlugin, { backend: respond({ 'GET /api/blade-system/client/list': () => page(rows) }) });
    expect(await screen.findByText('saber')).toBeTruthy();
    const headers = [...document.querySelectorAll('.arco-table-th')].map((th) => th.textContent?.trim());
    expect(headers).toEqual(['', '#', '客户端id', '客户端密钥', '授权范围', '授权类型', '令牌过期秒数', '刷新令牌过期秒数', '操作']);
    expect(screen.queryByText('leaked-if-shown')).toBeNull();
    expect(within(rowOf('app1')).getByText('******')).toBeTruthy();
    expect(within(rowOf('saber')).getByText('刷新令牌, 密码, 验证码, 第三方登录')).toBeTruthy();
    expect(within(rowOf('app1')).getByText('已停用')).toBeTruthy();
    expect(within(rowOf('saber')).queryByText('已停用')).toBeNull();
    expect(within(rowOf('app1')).getByText('<i>all</i>')).toBeTruthy();
    expect(app.callsTo('GET /api/blade-system/client/list')[0]!.query).toEqual({ current: '1', size: '10' });
  });

  it('add: the rules block the save (id pattern, at least one grant type, http(s) redirect); then the row goes comma-joined', async () => {
    const saved: Record<string, unknown>[] = [];
    const app = await renderPlugin(clientPlugin, {
      backend: respond({
        'GET /api/blade-system/client/list': () => page(rows),
        'POST /api/blade-system/client/submit': (call) => {
          saved.push(call.body as Record<string, unknown>);
          return ok(null);
        },
      }),
    });
    await screen.findByText('saber');
    await app.user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog', { name: /新增客户端/ });
    // Defaults: scope all, three grant types, one hour and a week.
    expect(within(dialog).getByDisplayValue('all')).toBeTruthy();
    const box = (name: RegExp) => within(dialog).getByRole('checkbox', { name }) as HTMLInputElement;
    expect([box(/刷新令牌/).checked, box(/^密码/).checked, box(/验证码/).checked, box(/第三方登录/).checked, box(/授权码/).checked]).toEqual([true, true, true, false, false]);
    expect(within(dialog).getByDisplayValue('3600')).toBeTruthy();

    for (const name of [/刷新令牌/, /^密码/, /验证码/]) await app.user.click(box(name));
    await app.user.click(within(dialog).getByTestId('crud-save'));
    for (const message of ['请输入客户端id', '请输入客户端密钥', '请选择授权类型']) expect(await fieldMessage(dialog, message)).toBeTruthy();

    await app.user.type(within(dialog).getByPlaceholderText('请输入客户端id'), 'app 2');
    await app.user.type(within(dialog).getByPlaceholderText('请输入客户端密钥'), 's3cret');
    await app.user.click(box(/授权码/));
    await app.user.click(box(/^密码/));
    await app.user.type(within(dialog).getByPlaceholderText('请输入回调地址'), 'javascript:alert(1)');
    await app.user.click(within(dialog).getByTestId('crud-save'));
    expect(await fieldMessage(dialog, '客户端id只能包含字母、数字、下划线和短横线')).toBeTruthy();
    expect(await fieldMessage(dialog, '回调地址须为 http(s) 地址')).toBeTruthy();
    expect(saved).toHaveLength(0);

    const id = within(dialog).getByPlaceholderText('请输入客户端id');
    await app.user.clear(id);
    await app.user.type(id, 'app2');
    const uri = within(dialog).getByPlaceholderText('请输入回调地址');
    await app.user.clear(uri);
    await app.user.type(uri, 'https://app2.example.com/cb');
    await app.user.click(within(dialog).getByTestId('crud-save'));
    await toast('新增成功');
    expect(saved).toEqual([
      expect.objectContaining({
        clientId: 'app2',
        clientSecret: 's3cret',
        scope: 'all',
        authorizedGrantTypes: 'password,authorization_code',
        accessTokenValidity: 3600,
        refreshTokenValidity: 604800,
        webServerRedirectUri: 'https://app2.example.com/cb',
      }),
    ]);
  });

  it('edit: the client id is fixed; 停用 / 启用 send the id and the status only; a refusal is shown', async () => {
    const saved: Record<string, unknown>[] = [];
    const app = await renderPlugin(clientPlugin, {
      backend: respond({
        'GET /api/blade-system/client/list': () => page(rows),
        'GET /api/blade-system/client/detail': (call) => ok({ ...rows.find((r) => r.id === call.query.id), clientSecret: 'saber_secret' }),
        'POST /api/blade-system/client/submit': (call) => {
          const body = call.body as Record<string, unknown>;
          saved.push(body);
          return body.id === '1' && body.status === 0 ? fail('不能停用当前使用的客户端') : ok(null);
        },
      }),
    });
    await screen.findByText('saber');
    await app.user.click(within(rowOf('saber')).getByRole('button', { name: /修\s*改/ }));
    const dialog = await screen.findByRole('dialog', { name: /修改客户端/ });
    expect(((await within(dialog).findByDisplayValue('saber')) as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByDisplayValue('saber_secret') as HTMLInputElement).type).toBe('password');
    await app.user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));

    await app.user.click(within(rowOf('app1')).getByRole('button', { name: /启\s*用/ }));
    await toast('已启用');
    expect(saved.at(-1)).toEqual({ id: '2', status: 1 });
    await app.user.click(within(rowOf('saber')).getByRole('button', { name: /停\s*用/ }));
    await toast('不能停用当前使用的客户端');
    expect(saved.at(-1)).toEqual({ id: '1', status: 0 });
  });

  it('client and client_view only: no add, edit, delete or status buttons', async () => {
    await renderPlugin(clientPlugin, {
      backend: respond({ 'GET /api/blade-system/client/list': () => page(rows) }),
      user: { permissions: ['client', 'client_view'] },
    });
    expect(await screen.findByText('saber')).toBeTruthy();
    for (const name of [/新\s*增/, /修\s*改/, /删\s*除/, /停\s*用/, /启\s*用/]) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.getAllByRole('button', { name: /查\s*看/ })).toHaveLength(2);
  });
});
