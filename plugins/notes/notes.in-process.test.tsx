import { screen, waitFor, within } from '@testing-library/react';
import { inProcessServer, renderPlugin } from '../../core/sdk/testing';
import notesPlugin from './index';
import notesServer from './server';

// The list screen against the real server (kernel + this plugin's server part, in-memory database):
// one server for the file, a fresh user per test holding exactly the permissions given.
const backend = inProcessServer({ plugins: [notesServer] });

describe('notes list screen (in-process server)', () => {
  it('shows the seeded notes, adds one through the dialog, and the server has it', async () => {
    const app = await renderPlugin(notesPlugin, { backend, user: { permissions: ['note', 'note_add', 'note_view'] } });
    expect(await screen.findByText('欢迎使用便签')).toBeTruthy();

    await app.user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.type(within(dialog).getByPlaceholderText('请输入标题'), '买牛奶');
    await app.user.click(within(dialog).getByTestId('crud-save'));
    expect(await screen.findByText('新增成功')).toBeTruthy();
    expect(await screen.findByText('买牛奶')).toBeTruthy();

    const server = await backend.server();
    const rows = await server.ctx.db.system((tx) => tx.query<{ create_user: string }>("select create_user from blade_note where title = '买牛奶'"));
    expect(rows).toEqual([{ create_user: app.kernel.session.userInfo!.user_id }]); // the audit columns are filled
  });

  it('gets a refusal from the server for what the role lacks', async () => {
    // The screen hides the delete buttons without note_delete; the server refuses the call all the same.
    const app = await renderPlugin(notesPlugin, { backend, user: { permissions: ['note', 'note_view'] } });
    expect(await screen.findByText('周会')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /删除/ })).toBeNull();
    const server = await backend.server();
    const res = await server.post('/api/blade-desk/note/remove', { token: app.kernel.session.token, query: { ids: '1' } });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('没有权限执行此操作');
  });

  it('starts empty in another tenant', async () => {
    await renderPlugin(notesPlugin, { backend, user: { tenantId: '200002' } });
    await waitFor(() => expect(document.querySelector('.arco-table-no-data, .arco-empty')).toBeTruthy());
    expect(screen.queryByText('周会')).toBeNull();
  });
});
