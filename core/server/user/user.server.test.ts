import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { md5 } from '../auth/password';
import { SEED } from '../seed/kernel-seed';
import { createTestServer, type TestServer } from '../test-server';

let ts: TestServer;
let token: string;
beforeAll(async () => {
  ts = await createTestServer();
  await ts.addUser({ tenantId: '000000', account: 'profile', password: 'pw', roleId: SEED.userRoleId, realName: '档案' });
  token = (await ts.signIn('profile', 'pw')).access_token;
});
afterAll(() => ts.close());

const update = (json: unknown) => ts.post('/api/blade-user/update-info', { token, json });
const info = async () => (await ts.get('/api/blade-user/info', { token })).body.data;

describe('GET /blade-user/info', () => {
  test('the UserVO of the caller, ids as strings, dates formatted, no password', async () => {
    const admin = await ts.signIn('admin', 'admin');
    const res = await ts.get('/api/blade-user/info', { token: admin.access_token });
    expect(res.body).toMatchObject({
      code: 200,
      success: true,
      msg: '操作成功',
      data: {
        id: SEED.adminUserId,
        tenantId: '000000',
        account: 'admin',
        name: '管理员',
        realName: '管理员',
        email: 'admin@bladex.vip',
        roleName: '超级管理员',
        // Department and post names come from the plugins that provide them; the kernel alone has none.
        deptName: '',
        postName: '',
        tenantName: '管理组',
        avatar: '',
      },
    });
    expect(res.body.data.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(res.body.data).not.toHaveProperty('password');
  });
});

describe('POST /blade-user/update-info', () => {
  test('changes the profile fields and ignores the rest', async () => {
    const res = await update({ realName: '新名字', name: 'nick', phone: '13912345678', email: 'a@b.cn', avatar: '/api/x.png', roleId: SEED.administratorRoleId, account: 'root', password: 'x', deptId: '1' });
    expect(res.body).toEqual({ code: 200, success: true, data: null, msg: '操作成功' });
    const me = await info();
    expect(me).toMatchObject({ realName: '新名字', name: 'nick', phone: '13912345678', email: 'a@b.cn', avatar: '/api/x.png', account: 'profile', roleId: SEED.userRoleId });
    expect((await ts.signIn('profile', 'pw')).role_name).toBe('user');
  });

  test('phone rules answer the spec messages', async () => {
    expect((await update({ phone: '1391234567' })).body.msg).toBe('手机号码长度不为11位');
    expect((await update({ phone: '23912345678' })).body.msg).toBe('手机号码格式不正确');
    expect((await update({ phone: '1391234567a' })).body.msg).toBe('手机号码格式不正确');
    expect((await update({ phone: '' })).body.msg).toBe('手机号码不能为空');
    expect((await update({ phone: 13912345678 })).body.msg).toBe('请求参数格式错误: phone');
  });

  test('bad input answers 400 with a message, never a stack', async () => {
    const cases: [unknown, string][] = [
      [{ email: 'not-an-email' }, '邮箱格式不正确'],
      [{ realName: 'x'.repeat(21) }, 'realName: 长度不能超过20个字符'],
      [{ realName: '' }, '缺少必要的请求参数: realName'],
      [{ name: 42 }, '请求参数格式错误: name'],
      [{ avatar: 'javascript:alert(1)' }, '头像地址格式不正确'],
      [{ avatar: 'x'.repeat(10_000) }, 'avatar: 长度不能超过500个字符'],
      [[1, 2], '请求参数格式错误: body'],
    ];
    for (const [json, msg] of cases) {
      const res = await update(json);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, success: false, data: null, msg });
    }
    const broken = await ts.post('/api/blade-user/update-info', { token, body: '{"realName": ', headers: { 'Content-Type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect(broken.body.msg).toMatch(/消息不能读取/);
    const empty = await ts.post('/api/blade-user/update-info', { token });
    expect(empty.body.msg).toBe('缺少必要的请求体');
    const huge = await ts.post('/api/blade-user/update-info', { token, json: { realName: 'x'.repeat(2 * 1024 * 1024) } });
    expect(huge.status).toBe(400);
    expect(huge.body.msg).toBe('请求内容过大');
  });

  test('SQL and HTML in strings are stored as plain text', async () => {
    const evil = `'); drop table blade_user; --`;
    const html = '<img src=x onerror=alert(1)>';
    expect((await update({ realName: evil.slice(0, 20), name: html.slice(0, 20) })).status).toBe(200);
    const me = await info();
    expect(me.realName).toBe(evil.slice(0, 20));
    expect(me.name).toBe(html.slice(0, 20));
    expect((await ts.signIn('admin', 'admin')).account).toBe('admin');
  });
});

describe('POST /blade-user/update-password', () => {
  /** The contract's md5 values in the query; the typed new password in the form body, where the rule is checked. */
  const change = (t: string, q: Record<string, string>, plain?: string) =>
    ts.post('/api/blade-user/update-password', {
      token: t,
      query: q,
      body: plain === undefined ? undefined : new URLSearchParams({ newPasswordPlain: plain }),
      headers: plain === undefined ? undefined : { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
  const NEW = 'New-pass1';
  const hashed = (old: string, next: string, again = next) => ({ oldPassword: md5(old), newPassword: md5(next), newPassword1: md5(again) });

  test('checks the confirmation and the old password, then changes it and ends other sessions', async () => {
    await ts.addUser({ tenantId: '000000', account: 'pwuser', password: 'old', roleId: SEED.userRoleId });
    const here = await ts.signIn('pwuser', 'old');
    const elsewhere = await ts.signIn('pwuser', 'old');
    expect((await change(here.access_token, hashed('old', NEW, 'other'), NEW)).body.msg).toBe('请输入正确的确认密码!');
    expect((await change(here.access_token, hashed('bad', NEW), NEW)).body.msg).toBe('原密码不正确!');
    expect((await change(here.access_token, { oldPassword: md5('old'), newPassword: md5(NEW) }, NEW)).body.msg).toBe('缺少必要的请求参数: newPassword1');
    expect((await change(here.access_token, { ...hashed('old', NEW), oldPassword: 'x' }, NEW)).body.msg).toBe('请求参数格式错误: oldPassword');
    const ok = await change(here.access_token, hashed('old', NEW), NEW);
    expect(ok.body).toMatchObject({ code: 200, success: true });
    expect((await ts.token({ username: 'pwuser', password: md5('old'), grant_type: 'password' })).status).toBe(400);
    expect((await ts.signIn('pwuser', NEW)).account).toBe('pwuser');
    const refresh = (t: string) => ts.token({ refresh_token: t, grant_type: 'refresh_token' });
    expect((await refresh(elsewhere.refresh_token)).body.error_description).toBe('令牌授权已过期');
    expect((await refresh(here.refresh_token)).status).toBe(200);
    // The other session's access token ends with it; this one goes on.
    expect((await ts.get('/api/blade-user/info', { token: elsewhere.access_token })).status).toBe(401);
    expect((await ts.get('/api/blade-user/info', { token: here.access_token })).status).toBe(200);
    const stored = await ts.ctx.db.system((tx) => tx.one<{ password: string }>(`select password from blade_user where account = 'pwuser'`));
    expect(stored!.password).toMatch(/^scrypt\$/);
    expect(stored!.password).not.toContain(md5(NEW));
  });

  test('the new password follows the rule: 8 characters, 2 kinds by default; its typed text must come with its md5', async () => {
    await ts.addUser({ tenantId: '000000', account: 'ruled', password: 'old', roleId: SEED.userRoleId });
    const { access_token: token } = await ts.signIn('ruled', 'old');
    const RULE = '密码至少8位,且包含小写字母、大写字母、数字、符号中的至少2种';
    for (const weak of ['1', 'abcdefgh', '12345678', 'Ab1']) {
      const res = await change(token, hashed('old', weak), weak);
      expect([weak, res.status, res.body.msg]).toEqual([weak, 400, RULE]);
    }
    // The md5 alone (the BladeX flavour) cannot be judged, and a typed text that is not the md5's is refused.
    expect((await change(token, hashed('old', NEW))).body.msg).toBe('缺少必要的请求参数: newPasswordPlain');
    expect((await change(token, hashed('old', NEW), 'New-pass2')).body.msg).toBe('请求参数格式错误: newPasswordPlain');
    const en = await ts.post('/api/blade-user/update-password', {
      token,
      query: hashed('old', '1'),
      body: new URLSearchParams({ newPasswordPlain: '1' }),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Accept-Language': 'en' },
    });
    expect(en.body.msg).toBe('A password has at least 8 characters and at least 2 of: lower case letters, upper case letters, digits, symbols');
    expect((await ts.signIn('ruled', 'old')).account).toBe('ruled'); // nothing changed
    expect((await change(token, hashed('old', 'longer than eight'), 'longer than eight')).body.success).toBe(true);
  });

  test('GET /blade-user/password-rule: the rule of the caller\'s tenant', async () => {
    expect((await ts.get('/api/blade-user/password-rule', { token })).body.data).toEqual({ minLength: 8, classes: 2 });
    expect((await ts.get('/api/blade-user/password-rule')).status).toBe(401);
  });
});
