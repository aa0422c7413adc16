import { afterAll, afterEach, beforeAll, describe, expect, it, rs } from '@rstest/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Message } from '@arco-design/web-react';
import { runInAction } from 'mobx';
import { MemoryRouter } from 'react-router-dom';
import { setTestSite } from '../../testing/site';
import { http, type R } from '../../http';
import { i18n } from '../../i18n';
import { md5 } from '../../session/hash';
import { session, type UserInfo } from '../../session/session';
import { RegisterPage, registerError } from './RegisterPage';

const guest = { user_id: '9', user_name: 'gh_octo', nick_name: 'Octo', real_name: 'Octo', role_name: 'guest', avatar: '', account: 'gh_octo', tenant_id: '000000', oauth_id: 'oauth-42', dept_id: '' } satisfies UserInfo;
const ok = <T,>(data: T): R<T> => ({ code: 200, success: true, data, msg: '操作成功' });

beforeAll(() => {
  setTestSite();
  runInAction(() => {
    session.userInfo = guest;
  });
});
afterEach(() => {
  rs.restoreAllMocks();
  Message.clear();
});
afterAll(() => {
  runInAction(() => (session.userInfo = null));
});

/** Text of the newest toast. */
async function lastToast(): Promise<string> {
  let text = '';
  await waitFor(() => {
    const all = document.querySelectorAll('.arco-message-content');
    expect(all.length).toBeGreaterThan(0);
    text = all[all.length - 1].textContent ?? '';
  });
  return text;
}

async function clickSubmit(): Promise<string> {
  Message.clear();
  await waitFor(() => expect(document.querySelectorAll('.arco-message-content').length).toBe(0));
  fireEvent.click(screen.getByRole('button', { name: /提交|Submit/ }));
  return lastToast();
}

const type = (placeholder: string, value: string) => fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });

describe('registerError', () => {
  it('checks tenant, account, password, then the match, in that order', () => {
    expect(registerError({})).toBe('register.tenantRequired');
    expect(registerError({ tenantId: ' ', account: 'a', password: 'p', password2: 'p' })).toBe('register.tenantRequired');
    expect(registerError({ tenantId: 't', password: 'p', password2: 'q' })).toBe('register.accountRequired');
    expect(registerError({ tenantId: 't', account: 'a', password: 'p' })).toBe('register.passwordRequired');
    expect(registerError({ tenantId: 't', account: 'a', password2: 'p' })).toBe('register.passwordRequired');
    expect(registerError({ tenantId: 't', account: 'a', password: 'p', password2: 'q' })).toBe('register.passwordMismatch');
    expect(registerError({ tenantId: 't', account: 'a', password: 'p', password2: 'p' })).toBeNull();
  });

  it('has the exact English messages of the spec', async () => {
    await import('../locales/shellui');
    const en = i18n.getFixedT('en');
    expect(en('register.tenantRequired')).toBe('please enter tenant number first');
    expect(en('register.accountRequired')).toBe('please enter account name first');
    expect(en('register.passwordRequired')).toBe('please enter password first');
    expect(en('register.passwordMismatch')).toBe('the two passwords do not match');
    expect(en('register.success')).toBe('registration request submitted, please wait for admin approval');
  });
});

describe('RegisterPage', () => {
  it('says who signed in and why they cannot go on, and offers the tenant they signed in to', async () => {
    rs.spyOn(http, 'get').mockResolvedValue(ok({}));
    render(<MemoryRouter><RegisterPage /></MemoryRouter>);
    expect(screen.getByRole('heading', { name: '用户信息注册' })).toBeTruthy();
    expect(screen.getByText(/你用第三方账号「Octo」登录了，但它还没有关联本系统的账号/)).toBeTruthy();
    expect(((await screen.findByPlaceholderText('租户编号')) as HTMLInputElement).value).toBe('000000');
  });

  it('runs the four checks in order with warning toasts, then registers and signs out', async () => {
    const get = rs.spyOn(http, 'get').mockResolvedValue(ok({}));
    const post = rs.spyOn(http, 'post').mockResolvedValue(ok(null));
    const logout = rs.spyOn(http, 'request').mockResolvedValue(ok(null));
    runInAction(() => (session.token = 'tok'));
    render(<MemoryRouter><RegisterPage /></MemoryRouter>);
    // No tenant behind this site address: the tenant field is shown.
    await screen.findByPlaceholderText('租户编号');
    expect(get).toHaveBeenCalledWith('/api/blade-system/tenant/info', expect.objectContaining({ params: { domain: window.location.origin } }));

    type('租户编号', '');
    expect(await clickSubmit()).toBe('请先输入租户编号');
    expect(document.querySelector('.arco-message-warning')).not.toBeNull();
    type('租户编号', '000000');
    expect(await clickSubmit()).toBe('请先输入账号名称');
    type('账号名称', 'octo');
    expect(await clickSubmit()).toBe('请先输入密码');
    type('密码', 'secret');
    expect(await clickSubmit()).toBe('请先输入密码'); // the confirmation is empty
    type('确认密码', 'secreT');
    expect(await clickSubmit()).toBe('两次密码输入不一致');
    expect(post).not.toHaveBeenCalled();

    type('用户姓名', 'Octo Cat');
    type('确认密码', 'secret');
    expect(await clickSubmit()).toBe('注册申请已提交,请耐心等待管理员审核');
    expect(post).toHaveBeenCalledWith('/api/blade-user/register-guest', expect.any(URLSearchParams), {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      params: { tenantId: '000000', name: 'Octo Cat', account: 'octo', password: await md5('secret'), oauthId: 'oauth-42' },
    });
    // The typed password goes in the body, for the server to hold it to the password rule.
    expect(String(post.mock.calls[0][1])).toBe('passwordPlain=secret');
    await waitFor(() => expect(logout).toHaveBeenCalledWith('GET', '/api/blade-auth/oauth/logout', undefined, { silent: true }));
    await waitFor(() => expect(session.userInfo).toBeNull());
    expect(session.token).toBe('');
    runInAction(() => (session.userInfo = guest));
  });

  it('shows the password rule and warns before sending a password that breaks it', async () => {
    rs.spyOn(http, 'get').mockImplementation(async (url: string) => ok(url.endsWith('/password-rule') ? { minLength: 8, classes: 2 } : {}) as never);
    const post = rs.spyOn(http, 'post').mockResolvedValue(ok(null));
    runInAction(() => (session.token = 'tok'));
    render(<MemoryRouter><RegisterPage /></MemoryRouter>);
    const RULE = '密码至少8位,且包含小写字母、大写字母、数字、符号中的至少2种';
    expect(await screen.findByText(RULE)).toBeTruthy();
    type('租户编号', '000000');
    type('账号名称', 'octo');
    type('密码', 'secretpw');
    type('确认密码', 'secretpw');
    expect(await clickSubmit()).toBe(RULE);
    expect(post).not.toHaveBeenCalled();
    runInAction(() => (session.token = ''));
  });

  it('hides the tenant field when the site address names a tenant, and reports success false', async () => {
    runInAction(() => {
      session.userInfo = guest;
      session.token = 'tok';
    });
    rs.spyOn(http, 'get').mockResolvedValue(ok({ tenantId: '123456', domain: window.location.origin }));
    const post = rs.spyOn(http, 'post').mockResolvedValue({ code: 200, success: false, data: null, msg: '' });
    render(<MemoryRouter><RegisterPage /></MemoryRouter>);
    await waitFor(() => expect(screen.getByRole('button', { name: /提交/ }).className).not.toContain('loading'));
    expect(screen.queryByPlaceholderText('租户编号')).toBeNull();
    type('账号名称', 'octo');
    type('密码', 'pw');
    type('确认密码', 'pw');
    expect(await clickSubmit()).toBe('提交失败');
    expect(post.mock.calls[0][2]?.params?.tenantId).toBe('123456');
    runInAction(() => (session.token = ''));
  });

  it('speaks English after a language switch', async () => {
    rs.spyOn(http, 'get').mockResolvedValue(ok({}));
    await act(() => i18n.changeLanguage('en'));
    try {
      render(<MemoryRouter><RegisterPage /></MemoryRouter>);
      expect(screen.getByText(/You signed in with the third-party account “Octo”/)).toBeTruthy();
      await screen.findByPlaceholderText('Tenant number');
      type('Tenant number', '');
      expect(await clickSubmit()).toBe('please enter tenant number first');
      type('Tenant number', '000000');
      expect(await clickSubmit()).toBe('please enter account name first');
      type('Account name', 'a');
      expect(await clickSubmit()).toBe('please enter password first');
      type('Password', 'x');
      type('Confirm password', 'y');
      expect(await clickSubmit()).toBe('the two passwords do not match');
    } finally {
      await act(() => i18n.changeLanguage('zh'));
    }
  });
});
