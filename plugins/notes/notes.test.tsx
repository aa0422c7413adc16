import { screen, waitFor, within } from '@testing-library/react';
import { ok, page, renderPlugin, respond } from '../../core/sdk/testing';
import notesPlugin from './index';

// The list screen against hand-written responses: only the notes API is written here (the kernel's own
// calls are answered by the harness), and any other call fails the test.
const rows = [
  { id: '11', title: '欢迎使用便签', content: '示例', category: 'idea', pinned: 1, createTime: '2024-05-01 10:00:00' },
  { id: '12', title: '周会', content: '周一上午十点', category: 'work', pinned: 0, createTime: '2024-05-02 10:00:00' },
];

describe('notes list screen (hand-written responses)', () => {
  it('lists the notes with their choices as labels and pinned ones tagged', async () => {
    const app = await renderPlugin(notesPlugin, {
      backend: respond({ 'GET /api/blade-desk/note/page': () => page(rows) }),
    });
    expect(await screen.findByText('欢迎使用便签')).toBeTruthy();
    expect(screen.getByText('想法')).toBeTruthy(); // category 'idea'
    expect(screen.getByText('是').closest('.arco-tag')).toBeTruthy(); // pinned, tagged
    expect(app.callsTo('GET /api/blade-desk/note/page')[0]!.query).toMatchObject({ current: '1', size: '10' });
  });

  it('adds a note: the title is required, then the row is sent and the list reloads', async () => {
    const saved: unknown[] = [];
    const app = await renderPlugin(notesPlugin, {
      backend: respond({
        'GET /api/blade-desk/note/page': () => page(saved.length ? rows : []),
        'POST /api/blade-desk/note/submit': (call) => {
          saved.push(call.body);
          return ok(null);
        },
      }),
    });
    await app.user.click(await screen.findByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.click(within(dialog).getByTestId('crud-save'));
    expect(await within(dialog).findByText('请输入标题')).toBeTruthy();

    await app.user.type(within(dialog).getByPlaceholderText('请输入标题'), '买牛奶');
    await app.user.click(within(dialog).getByTestId('crud-save'));
    expect(await screen.findByText('新增成功')).toBeTruthy();
    expect(saved).toEqual([expect.objectContaining({ title: '买牛奶', category: 'work', pinned: 0 })]);
    expect(await screen.findByText('周会')).toBeTruthy(); // reloaded
  });

  it('shows only what the permissions grant', async () => {
    await renderPlugin(notesPlugin, {
      backend: respond({ 'GET /api/blade-desk/note/page': () => page(rows) }),
      user: { permissions: ['note', 'note_view'] },
    });
    expect(await screen.findByText('周会')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
    expect(screen.queryByRole('button', { name: /删除/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: /查看/ })).toHaveLength(2);
  });

  it('filters pinned notes with the toolbar switch', async () => {
    const app = await renderPlugin(notesPlugin, {
      backend: respond({ 'GET /api/blade-desk/note/page': (call) => page(call.query.pinned_equal === '1' ? rows.slice(0, 1) : rows) }),
    });
    expect(await screen.findByText('周会')).toBeTruthy();
    await app.user.click(screen.getByRole('switch', { name: '只看置顶' }));
    await waitFor(() => expect(screen.queryByText('周会')).toBeNull());
    expect(app.callsTo('GET /api/blade-desk/note/page').at(-1)!.query).toMatchObject({ current: '1', pinned_equal: '1' });
  });
});
