import { describe, expect, it as baseIt } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { definePlugin } from '../../core/sdk/shared';
import { fail, type Handlers, ok, page, renderPlugin, reply, respond } from '../../core/sdk/testing';
import userPlugin from './index';

/** These tests drive whole screens: more time than the default when the machine is busy. */
const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

// The plugins this one requires, as stand-ins: the screen talks to them over HTTP only.
const required = ['dept', 'post', 'role'].map((id) => definePlugin({ id, name: { zh: id, en: id } }));

const deptTree = [
  {
    id: '1', parentId: '0', title: '布雷德科技', key: '1', value: '1',
    children: [
      { id: '2', parentId: '1', title: '研发部', key: '2', value: '2', children: [{ id: '4', parentId: '2', title: '前端组', key: '4', value: '4' }] },
      { id: '3', parentId: '1', title: '市场部', key: '3', value: '3' },
    ],
  },
];
const roleTree = [
  { id: '11', parentId: '0', title: '管理员', key: '11', value: '11' },
  { id: '12', parentId: '0', title: '用户', key: '12', value: '12' },
];
const posts = [
  { id: '21', postCode: 'ceo', postName: '首席执行官' },
  { id: '22', postCode: 'staff', postName: '普通员工' },
];
const users = [
  { id: '101', account: 'zhang', name: '张', realName: '张三', roleId: '12', roleName: '用户', deptId: '2', deptName: '研发部', postId: '21', phone: '13811112222', status: 1, userType: 1, sex: 1, birthday: '1990-01-02 00:00:00' },
  { id: '102', account: 'li', name: '李', realName: '李四', roleId: '11,12', roleName: '管理员,用户', deptId: '4', deptName: '前端组', postId: '', phone: '', status: 2, userType: 1, sex: -1, birthday: '' },
];

/** The screen's calls, answered; `extra` adds or replaces handlers. */
const backend = (extra: Handlers = {}) =>
  respond({
    'GET /api/blade-user/page': (call) => page(users.filter((u) => !call.query.deptId || u.deptId === call.query.deptId)),
    'GET /api/blade-system/dept/tree': () => ok(deptTree),
    'GET /api/blade-system/role/tree': () => ok(roleTree),
    'GET /api/blade-system/post/select': () => ok(posts),
    'GET /api/blade-user/detail': (call) => ok(users.find((u) => u.id === call.query.id) ?? null),
    'GET /api/blade-user/password-rule': () => ok({ minLength: 8, classes: 2 }),
    ...extra,
  });

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const treeNode = (title: string) => screen.getByText(title, { selector: '.ba-user-depts .arco-tree-node-title-text' });
const fieldError = (dialog: HTMLElement, text: string) => within(dialog).findByText(text, { selector: '.arco-form-message *, .arco-form-message' });
const formItem = (dialog: HTMLElement, label: string) => within(dialog).getByText(label, { selector: 'label, label *' }).closest('.arco-form-item') as HTMLElement;

/** Opens a TreeSelect / Select of a form item and picks the options by their titles. */
async function pick(app: Awaited<ReturnType<typeof renderPlugin>>, item: HTMLElement, titles: string[]) {
  await app.user.click(item.querySelector('.arco-select-view, .arco-tree-select-view') as HTMLElement);
  for (const title of titles) {
    const option = await screen.findByText(title, { selector: '.arco-tree-select-popup .arco-tree-node-title-text, .arco-select-popup .arco-select-option, .arco-select-popup .arco-select-option *' });
    fireEvent.click(option);
  }
}

describe('users screen', () => {
  it('lists users with their role, department and status; the columns of BladeX', async () => {
    await renderPlugin(userPlugin, { with: required, backend: backend() });
    expect(await screen.findByText('zhang')).toBeTruthy();
    const headers = [...document.querySelectorAll('.ba-user-list .arco-table-th')].map((th) => th.textContent?.trim());
    expect(headers).toEqual(['', '#', '登录账号', '用户姓名', '所属角色', '所属部门', '手机号码', '用户状态', '操作']);
    expect(within(rowOf('li')).getByText('管理员,用户')).toBeTruthy();
    expect(within(rowOf('li')).getByText('停用')).toBeTruthy();
    expect(within(rowOf('zhang')).getByText('正常')).toBeTruthy();
    expect(within(rowOf('zhang')).getByRole('button', { name: /平台配置/ })).toBeTruthy();
    expect(treeNode('全部')).toBeTruthy();
  });

  it('a click in the department tree sends deptId; "all" sends none; search on account, name and mobile', async () => {
    const app = await renderPlugin(userPlugin, { with: required, backend: backend() });
    expect(await screen.findByText('zhang')).toBeTruthy();
    await app.user.click(await screen.findByText('研发部', { selector: '.arco-tree-node-title-text' }));
    await waitFor(() => expect(app.callsTo('GET /api/blade-user/page').at(-1)!.query).toMatchObject({ deptId: '2', current: '1' }));
    await waitFor(() => expect(screen.queryByText('li')).toBeNull());
    await app.user.click(treeNode('全部'));
    await waitFor(() => expect(app.callsTo('GET /api/blade-user/page').at(-1)!.query.deptId).toBeUndefined());

    const search = screen.getByRole('search');
    await app.user.type(within(search).getByPlaceholderText('请输入登录账号'), 'zh');
    await app.user.type(within(search).getByPlaceholderText('请输入手机号码'), '138{Enter}');
    await waitFor(() => expect(app.callsTo('GET /api/blade-user/page').at(-1)!.query).toMatchObject({ account: 'zh', phone: '138' }));
    // The filters stay when the department changes.
    await app.user.click(treeNode('市场部'));
    await waitFor(() => expect(app.callsTo('GET /api/blade-user/page').at(-1)!.query).toMatchObject({ account: 'zh', phone: '138', deptId: '3' }));
  });

  it('add: the rules block an empty save; a mobile number has 11 digits and starts with 1; the password follows the rule shown; passwords must match; a refused save keeps the form; then the body is sent', async () => {
    const saved: unknown[] = [];
    let refuse = true;
    const app = await renderPlugin(userPlugin, {
      with: required,
      backend: backend({
        'POST /api/blade-user/submit': (call) => {
          saved.push(call.body);
          if (refuse) {
            refuse = false;
            return fail('当前账号已被使用!');
          }
          return ok(null);
        },
      }),
    });
    await app.user.click(await screen.findByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('新增用户')).toBeTruthy();
    await app.user.click(within(dialog).getByTestId('user-save'));
    for (const message of ['请输入登录账号', '请输入密码', '请再次输入密码', '请输入用户昵称', '请输入用户姓名', '请选择所属角色', '请选择所属部门']) {
      expect(await fieldError(dialog, message)).toBeTruthy();
    }
    expect(app.callsTo('POST /api/blade-user/submit')).toHaveLength(0);

    const phone = within(dialog).getByPlaceholderText('请输入手机号码');
    await app.user.type(phone, '1381111');
    await app.user.tab();
    expect(await fieldError(dialog, '手机号码长度不为11位')).toBeTruthy();
    await app.user.clear(phone);
    await app.user.type(phone, '23811112222');
    await app.user.tab();
    expect(await fieldError(dialog, '手机号码格式不正确')).toBeTruthy();
    expect(within(dialog).queryByText('手机号码不能为空')).toBeNull();
    await app.user.clear(phone);
    await app.user.type(phone, '13811112222');

    await app.user.type(within(dialog).getByPlaceholderText('请输入登录账号'), 'wang');
    // The rule is shown under the field and checked as it is left.
    const RULE = '密码至少8位,且包含小写字母、大写字母、数字、符号中的至少2种';
    expect(await within(formItem(dialog, '密码')).findByText(RULE)).toBeTruthy();
    await app.user.type(within(dialog).getByPlaceholderText('请输入密码'), 'secretpw');
    await app.user.tab();
    expect(await fieldError(dialog, RULE)).toBeTruthy();
    await app.user.clear(within(dialog).getByPlaceholderText('请输入密码'));
    await app.user.type(within(dialog).getByPlaceholderText('请输入密码'), 'secret1');
    await app.user.tab();
    expect(await fieldError(dialog, RULE)).toBeTruthy(); // 7 characters
    await app.user.type(within(dialog).getByPlaceholderText('请输入密码'), '2');
    await app.user.tab();
    await waitFor(() => expect(within(dialog).queryByText(RULE, { selector: '.arco-form-message *, .arco-form-message' })).toBeNull());
    await app.user.type(within(dialog).getByPlaceholderText('请再次输入密码'), 'secret2');
    await app.user.tab();
    expect(await fieldError(dialog, '两次密码输入不一致')).toBeTruthy();
    await app.user.clear(within(dialog).getByPlaceholderText('请再次输入密码'));
    await app.user.type(within(dialog).getByPlaceholderText('请再次输入密码'), 'secret12');
    await app.user.tab();
    await waitFor(() => expect(within(dialog).queryByText('两次密码输入不一致')).toBeNull());
    await app.user.type(within(dialog).getByPlaceholderText('请输入用户昵称'), '小王');
    await app.user.type(within(dialog).getByPlaceholderText('请输入用户姓名'), '王五');
    await pick(app, formItem(dialog, '所属角色'), ['用户']);
    await pick(app, formItem(dialog, '所属部门'), ['研发部', '市场部']);
    await pick(app, formItem(dialog, '所属岗位'), ['普通员工']);
    await app.user.click(within(dialog).getByTestId('user-save'));
    // The server refuses: its message is shown and the form keeps everything typed.
    expect(await screen.findByText('当前账号已被使用!')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect((within(dialog).getByPlaceholderText('请输入登录账号') as HTMLInputElement).value).toBe('wang');
    expect((within(dialog).getByPlaceholderText('请输入密码') as HTMLInputElement).value).toBe('secret12');
    await app.user.click(within(dialog).getByTestId('user-save'));
    expect(await screen.findByText('新增成功')).toBeTruthy();
    const body = expect.objectContaining({ account: 'wang', password: 'secret12', password2: 'secret12', name: '小王', realName: '王五', phone: '13811112222', roleId: '12', deptId: '2,3', postId: '22', userType: 1, status: 1 });
    expect(saved).toEqual([body, body]);
  });

  it('edit loads the user (lists as choices) and sends update without a password', async () => {
    const sent: unknown[] = [];
    const app = await renderPlugin(userPlugin, {
      with: required,
      backend: backend({
        'POST /api/blade-user/update': (call) => {
          sent.push(call.body);
          return ok(null);
        },
      }),
    });
    expect(await screen.findByText('zhang')).toBeTruthy();
    await app.user.click(within(rowOf('zhang')).getByRole('button', { name: /修\s*改/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByDisplayValue('张三')).toBeTruthy();
    expect(within(dialog).queryByPlaceholderText('请输入密码')).toBeNull();
    const name = within(dialog).getByDisplayValue('张三');
    await app.user.clear(name);
    await app.user.type(name, '张三丰{Enter}');
    expect(await screen.findByText('更新成功')).toBeTruthy();
    expect(sent).toEqual([expect.objectContaining({ id: '101', realName: '张三丰', roleId: '12', deptId: '2', postId: '21', birthday: '1990-01-02', sex: 1 })]);
    expect(sent[0]).not.toHaveProperty('password');
  });

  it('角色配置 sends the selected users and the chosen roles; 密码重置 confirms then sends userIds', async () => {
    const app = await renderPlugin(userPlugin, {
      with: required,
      backend: backend({
        'POST /api/blade-user/grant': () => ok(null),
        'POST /api/blade-user/reset-password': () => ok(null),
      }),
    });
    expect(await screen.findByText('zhang')).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: /角色配置/ }));
    expect(await screen.findByText('请选择至少一条数据')).toBeTruthy();

    await app.user.click(within(rowOf('zhang')).getByRole('checkbox'));
    await app.user.click(within(rowOf('li')).getByRole('checkbox'));
    await app.user.click(screen.getByRole('button', { name: /角色配置/ }));
    const dialog = await screen.findByRole('dialog');
    await app.user.click(within(dialog).getByTestId('grant-save'));
    expect(await fieldError(dialog, '请选择角色')).toBeTruthy();
    await pick(app, dialog.querySelector('.arco-form-item') as HTMLElement, ['管理员']);
    await app.user.click(within(dialog).getByTestId('grant-save'));
    await waitFor(() => expect(app.callsTo('POST /api/blade-user/grant')).toHaveLength(1));
    expect(app.callsTo('POST /api/blade-user/grant')[0]!.query).toEqual({ userIds: '101,102', roleIds: '11' });
    expect(await screen.findByText('操作成功')).toBeTruthy();

    await app.user.click(screen.getByRole('button', { name: /密码重置/ }));
    const confirm = await screen.findByText('确定将选择账号密码重置为初始密码(参数 account.initPassword)?');
    await app.user.click(within(confirm.closest('.arco-modal') as HTMLElement).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(app.callsTo('POST /api/blade-user/reset-password')).toHaveLength(1));
    expect(app.callsTo('POST /api/blade-user/reset-password')[0]!.query).toEqual({ userIds: '101,102' });
  });

  it('平台配置 shows the stored text per platform and saves userId, userType, userExt', async () => {
    const app = await renderPlugin(userPlugin, {
      with: required,
      backend: backend({
        'GET /api/blade-user/platform-detail': () => ok({ id: '101', account: 'zhang', realName: '张三', userType: 1, userExt: 'web', userExts: { '1': 'web', '2': 'app', '3': '' } }),
        'POST /api/blade-user/update-platform': () => ok(null),
      }),
    });
    expect(await screen.findByText('zhang')).toBeTruthy();
    await app.user.click(within(rowOf('zhang')).getByRole('button', { name: /平台配置/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByDisplayValue('web')).toBeTruthy();
    const ext = within(dialog).getByDisplayValue('web');
    await app.user.clear(ext);
    await app.user.type(ext, '<b>x</b>');
    await app.user.click(within(dialog).getByTestId('platform-save'));
    await waitFor(() => expect(app.callsTo('POST /api/blade-user/update-platform')).toHaveLength(1));
    expect(app.callsTo('POST /api/blade-user/update-platform')[0]!.query).toEqual({ userId: '101', userType: '1', userExt: '<b>x</b>' });
  });

  it('导入 uploads the file with the cover switch and shows the per-row report; 导出 sends the filters', async () => {
    const app = await renderPlugin(userPlugin, {
      with: required,
      backend: backend({
        'POST /api/blade-user/import-user': () => ok({ total: 3, created: 1, updated: 0, rejected: [{ row: 3, account: 'dup', reason: '当前账号已被使用!' }, { row: 4, account: '<i>x</i>', reason: '角色不存在: 老板' }] }),
        'GET /api/blade-user/export-user': () => reply({ body: 'PK-bytes', headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } }),
      }),
    });
    expect(await screen.findByText('zhang')).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: /导\s*入/ }));
    const dialog = await screen.findByRole('dialog');
    await app.user.click(within(dialog).getByTestId('import-upload'));
    expect(await screen.findByText('请选择要上传的文件')).toBeTruthy();
    // The picker offers .xlsx only; a file given anyway (dropped, say) is refused too.
    await userEvent.setup({ applyAccept: false }).upload(within(dialog).getByTestId('import-file'), new File(['x'], 'users.csv', { type: 'text/csv' }));
    expect(await screen.findByText('只能上传 .xlsx 文件')).toBeTruthy();
    await app.user.upload(within(dialog).getByTestId('import-file'), new File(['PK'], 'users.xlsx'));
    expect(within(dialog).getByText('users.xlsx')).toBeTruthy();
    await app.user.click(within(dialog).getByRole('switch', { name: '覆盖已有账号' }));
    await app.user.click(within(dialog).getByTestId('import-upload'));
    expect(await within(dialog).findByText('共 3 行:新增 1 行,更新 0 行,拒绝 2 行')).toBeTruthy();
    expect(within(dialog).getByText('角色不存在: 老板')).toBeTruthy();
    expect(within(dialog).getByText('<i>x</i>')).toBeTruthy(); // text, not markup
    const body = app.callsTo('POST /api/blade-user/import-user')[0]!.body as FormData;
    expect(body.get('isCovered')).toBe('1');
    expect((body.get('file') as File).name).toBe('users.xlsx');
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('用户数据导入')).toBeNull());

    await app.user.click(treeNode('研发部'));
    await app.user.type(within(screen.getByRole('search')).getByPlaceholderText('请输入登录账号'), 'zh{Enter}');
    await waitFor(() => expect(app.callsTo('GET /api/blade-user/page').at(-1)!.query).toMatchObject({ account: 'zh', deptId: '2' }));
    // The file is handed to the browser through a link with `download` (happy-dom would navigate to it).
    const saved: { href: string; download: string }[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    };
    try {
      await app.user.click(screen.getByRole('button', { name: /导\s*出/ }));
      const confirm = await screen.findByText('是否导出当前筛选条件下的用户数据?');
      await app.user.click(within(confirm.closest('.arco-modal') as HTMLElement).getByRole('button', { name: /确\s*定/ }));
      await waitFor(() => expect(saved).toHaveLength(1));
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
    expect(saved[0]!.download).toMatch(/^用户数据-\d{8}\.xlsx$/);
    expect(saved[0]!.href).toMatch(/^blob:/);
    const call = app.callsTo('GET /api/blade-user/export-user')[0]!;
    expect(call.query).toMatchObject({ account: 'zh', deptId: '2', language: 'zh' });
    expect(call.headers.get('blade-auth')).toMatch(/^bearer /);
  });

  it('user and user_view only: no add, delete, roles, reset, import, export, edit or platform', async () => {
    await renderPlugin(userPlugin, { with: required, backend: backend(), user: { permissions: ['user', 'user_view'] } });
    expect(await screen.findByText('zhang')).toBeTruthy();
    for (const name of [/新\s*增/, /删\s*除/, /角色配置/, /密码重置/, /导\s*入/, /导\s*出/, /修\s*改/, /平台配置/]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.getAllByRole('button', { name: /查\s*看/ })).toHaveLength(2);
  });

  it('a department tree the user may not read is a note, not a broken screen; English texts', async () => {
    await renderPlugin(userPlugin, {
      with: required,
      language: 'en',
      backend: backend({ 'GET /api/blade-system/dept/tree': () => fail('没有权限执行此操作', 403) }),
    });
    expect(await screen.findByText('zhang')).toBeTruthy();
    expect(await screen.findByText('The departments could not be loaded')).toBeTruthy();
    expect(screen.queryByText('没有权限执行此操作')).toBeNull(); // no toast for it
    expect(screen.getByRole('button', { name: /Reset password/ })).toBeTruthy();
    const headers = [...document.querySelectorAll('.ba-user-list .arco-table-th')].map((th) => th.textContent?.trim());
    expect(headers).toEqual(['', '#', 'Account', 'Real name', 'Roles', 'Departments', 'Mobile', 'Status', 'Actions']);
  });
});
