import { describe, expect, it as baseIt } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, ok, page, renderPlugin, respond, type Handlers } from '../../core/sdk/testing';
import datasourcePlugin from './index';

/** These tests drive whole screens: more time than the default when the machine is busy. */
const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

const rows = [
  { id: '1', name: 'postgresql', driverClass: 'org.postgresql.Driver', url: 'jdbc:postgresql://127.0.0.1:5432/blade_demo', username: 'demo', password: '', remark: '' },
  { id: '2', name: '<b>mysql</b>', driverClass: 'com.mysql.cj.jdbc.Driver', url: 'jdbc:mysql://localhost:3306/blade', username: 'root', password: '', remark: '' },
];
/** The line above the list asks what the embedded database runs on. */
const EMBEDDED: Handlers = { 'POST /api/blade-develop/datasource/test': (call) => ((call.body as { id?: string }).id === '0' ? ok({ product: 'PGlite (PostgreSQL 17.4)', ms: 1 }) : fail('unexpected test')) };
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const fieldMessage = (dialog: HTMLElement, text: string) => within(dialog).findByText(text, { selector: '.arco-form-message *, .arco-form-message' });
const toast = (text: string) => waitFor(() => expect([...document.querySelectorAll('.arco-message')].map((e) => e.textContent)).toContain(text), { timeout: 10_000 });

describe('datasource screen', () => {
  it('lists name, driver, url and user name (never a password), as text; searches by name', async () => {
    const app = await renderPlugin(datasourcePlugin, {
      backend: respond({ ...EMBEDDED, 'GET /api/blade-develop/datasource/list': (call) => page(rows.filter((r) => r.name.includes(call.query.name ?? ''))) }),
    });
    expect(await screen.findByText('postgresql')).toBeTruthy();
    expect(screen.getByText('<b>mysql</b>')).toBeTruthy(); // HTML shown as text
    const headers = [...document.querySelectorAll('.arco-table-th')].map((th) => th.textContent?.trim());
    expect(headers).toEqual(['', '#', '名称', '驱动类', '连接地址', '用户名', '操作']);
    await app.user.type(within(screen.getByRole('search')).getByPlaceholderText('请输入名称'), 'post{Enter}');
    await waitFor(() => expect(app.callsTo('GET /api/blade-develop/datasource/list').at(-1)!.query).toMatchObject({ name: 'post' }));
    await waitFor(() => expect(screen.queryByText('<b>mysql</b>')).toBeNull());
  });

  it('add: every rule blocks an empty save, the url must start with jdbc:, then the row with its password is sent', async () => {
    const saved: Record<string, unknown>[] = [];
    const app = await renderPlugin(datasourcePlugin, {
      backend: respond({
        ...EMBEDDED,
        'GET /api/blade-develop/datasource/list': () => page(rows),
        'POST /api/blade-develop/datasource/submit': (call) => {
          saved.push(call.body as Record<string, unknown>);
          return ok(null);
        },
      }),
    });
    await screen.findByText('postgresql');
    await app.user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    await app.user.click(within(dialog).getByTestId('crud-save'));
    for (const message of ['请输入名称', '请选择驱动类', '请输入连接地址', '请输入用户名', '请输入密码']) expect(await fieldMessage(dialog, message)).toBeTruthy();

    await app.user.type(within(dialog).getByPlaceholderText('请输入名称'), 'oracle');
    await app.user.click(dialog.querySelector('.arco-select-view') as HTMLElement);
    fireEvent.click(await screen.findByText('oracle.jdbc.OracleDriver', { selector: '.arco-select-option, .arco-select-option *' }));
    await app.user.type(within(dialog).getByPlaceholderText('请输入连接地址'), 'oracle:thin:@localhost:1521:orcl');
    await app.user.type(within(dialog).getByPlaceholderText('请输入用户名'), 'BLADE');
    const password = within(dialog).getByPlaceholderText('请输入密码') as HTMLInputElement;
    expect(password.type).toBe('password');
    await app.user.type(password, 'blade');
    await app.user.click(within(dialog).getByTestId('crud-save'));
    expect(await fieldMessage(dialog, '连接地址须以 jdbc: 开头')).toBeTruthy();
    expect(saved).toHaveLength(0);

    const url = within(dialog).getByPlaceholderText('请输入连接地址');
    await app.user.clear(url);
    await app.user.type(url, 'jdbc:oracle:thin:@localhost:1521:orcl');
    await app.user.click(within(dialog).getByTestId('crud-save'));
    await toast('新增成功');
    expect(saved).toEqual([
      expect.objectContaining({ name: 'oracle', driverClass: 'oracle.jdbc.OracleDriver', url: 'jdbc:oracle:thin:@localhost:1521:orcl', username: 'BLADE', password: 'blade' }),
    ]);
  });

  it('edit: the password field is empty and optional (empty keeps the stored one); view never shows it', async () => {
    const saved: Record<string, unknown>[] = [];
    const app = await renderPlugin(datasourcePlugin, {
      backend: respond({
        ...EMBEDDED,
        'GET /api/blade-develop/datasource/list': () => page(rows),
        'GET /api/blade-develop/datasource/detail': (call) => ok(rows.find((r) => r.id === call.query.id)),
        'POST /api/blade-develop/datasource/submit': (call) => {
          saved.push(call.body as Record<string, unknown>);
          return ok(null);
        },
      }),
    });
    await screen.findByText('postgresql');
    await app.user.click(within(rowOf('postgresql')).getByRole('button', { name: /修\s*改/ }));
    const dialog = await screen.findByRole('dialog', { name: /修改数据源/ });
    const password = (await within(dialog).findByPlaceholderText('留空则不修改密码')) as HTMLInputElement;
    expect(password.value).toBe('');
    const name = within(dialog).getByDisplayValue('postgresql');
    await app.user.clear(name);
    await app.user.type(name, 'pg');
    await app.user.click(within(dialog).getByTestId('crud-save'));
    await toast('更新成功');
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ id: '1', name: 'pg', driverClass: 'org.postgresql.Driver', username: 'demo' });
    expect(saved[0]!.password ?? '').toBe('');
    await waitFor(() => expect(app.callsTo('GET /api/blade-develop/datasource/list').length).toBeGreaterThan(1));

    await app.user.click(within(rowOf('postgresql')).getByRole('button', { name: /查\s*看/ }));
    const view = await screen.findByRole('dialog', { name: /查看数据源/ });
    await within(view).findByText('demo', { selector: '.ba-view-value' });
    expect(within(view).queryByText('密码')).toBeNull();
  });

  it('datasource and datasource_view only: no add, edit or delete', async () => {
    await renderPlugin(datasourcePlugin, {
      backend: respond({ ...EMBEDDED, 'GET /api/blade-develop/datasource/list': () => page(rows) }),
      user: { permissions: ['datasource', 'datasource_view'] },
    });
    expect(await screen.findByText('postgresql')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /修\s*改/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: /查\s*看/ })).toHaveLength(2);
  });
});
