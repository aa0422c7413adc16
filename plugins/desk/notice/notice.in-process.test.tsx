import { describe, expect, it as baseIt } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { inProcessServer, renderPlugin } from '../../../core/sdk/testing';
import dictPlugin from '../../dict/index';
import dictServer from '../../dict/server';
import deskPlugin from '../index';
import deskServer from '../server';

const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

/** The notice screen and the top bar's popover against the real server. */
const backend = inProcessServer({ plugins: [dictServer, deskServer] });
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('notice screen (in-process server)', () => {
  it('lists the notices with their category and state tags (a future one scheduled), and publishes a draft after confirming', async () => {
    const app = await renderPlugin(deskPlugin, { backend, route: '/desk/notice', with: [dictPlugin], user: { permissions: ['notice', 'notice_view', 'notice_edit'] } });
    const upgrade = await rowOf('系统升级维护通知');
    await waitFor(() => expect(within(upgrade).getByText('事务通知').closest('.arco-tag')).toBeTruthy());
    expect(within(upgrade).getByText('已发布').closest('.arco-tag')?.className).toContain('green');
    expect(within(await rowOf('第一季度客户回访工作安排')).getByText('定时发布').closest('.arco-tag')?.className).toContain('purple');
    expect(within(await rowOf('关于启用新版电子名片模板的通知')).getByText('1')).toBeTruthy(); // read by the administrator
    const draft = await rowOf('年度优秀员工评选办法（征求意见稿）');
    expect(within(draft).getByText('草稿').closest('.arco-tag')?.className).toContain('gray');
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull(); // no notice_add

    await app.user.click(within(draft).getByTestId('notice-publish'));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(/发布后本租户的成员都能在通知中看到它/)).toBeTruthy();
    await app.user.click(within(confirm).getByRole('button', { name: '发布' }));
    expect(await screen.findByText('已发布', { selector: '.arco-message *' })).toBeTruthy();
    await waitFor(async () => expect(within(await rowOf('年度优秀员工评选办法（征求意见稿）')).getByText('已发布')).toBeTruthy());
    expect(app.callsTo('POST /api/blade-desk/notice/status').at(-1)!.url).toMatch(/status=1/);
    // Withdrawn again, for the other tests of this file.
    await app.user.click(within(await rowOf('年度优秀员工评选办法（征求意见稿）')).getByTestId('notice-withdraw'));
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '撤回' }));
    await waitFor(async () => expect(within(await rowOf('年度优秀员工评选办法（征求意见稿）')).getByText('草稿')).toBeTruthy());
  });

  it('the add dialog is the kit’s 880-wide one with the rich-text editor, a new notice released now by default', async () => {
    const app = await renderPlugin(deskPlugin, { backend, route: '/desk/notice', with: [dictPlugin], user: { permissions: ['notice', 'notice_view', 'notice_add'] } });
    await app.user.click(await screen.findByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    expect((dialog.closest('.arco-modal') as HTMLElement).style.width).toBe('880px');
    expect(await within(dialog).findByRole('textbox', { name: '通知内容' })).toBeTruthy();
    expect((within(dialog).getByPlaceholderText('请选择发布时间') as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await app.user.click(within(dialog).getByTestId('crud-save'));
    expect(await within(dialog).findByText('请输入通知标题')).toBeTruthy();
  });
});

describe('the top bar’s notice popover on the desk feed (in-process server)', () => {
  it('shows the published notices unread with the count on the bell; opening one shows it and marks it read on the server', async () => {
    const app = await renderPlugin(deskPlugin, { backend, route: '/desk/notice', with: [dictPlugin], user: { permissions: ['notice', 'notice_view'] } });
    const bell = await screen.findByRole('button', { name: /^通知 \(/ });
    await waitFor(() => expect(app.callsTo('GET /api/blade-desk/notice/my/unread-count').length).toBeGreaterThan(0));
    await app.user.click(bell);
    const popup = await waitFor(() => document.querySelector('.ba-notice') as HTMLElement);
    await waitFor(() => expect(within(popup).getAllByTestId('notice-feed-item').length).toBeGreaterThan(0));
    // A fresh user: every published, released notice unread; no draft, no scheduled one.
    expect(within(popup).getByRole('tab', { selected: true }).textContent).toBe('通知 (4)');
    const titles = within(popup).getAllByTestId('notice-feed-item').map((item) => item.textContent ?? '');
    expect(titles.some((t) => t.includes('征求意见稿') || t.includes('客户回访'))).toBe(false);
    const count = () => Number(/\((\d+)\)/.exec(screen.getByRole('button', { name: /^通知 \(/ }).getAttribute('aria-label') ?? '')?.[1]);
    const before = count();
    // Clicked as it is (the popup may still be fading in, which keeps pointer events off it).
    fireEvent.click(within(popup).getAllByTestId('notice-feed-item')[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/为提升名片访问速度/)).toBeTruthy();
    await waitFor(() => expect(app.callsTo('POST /api/blade-desk/notice/read')).toHaveLength(1));
    const server = await backend.server();
    const marks = await server.ctx.db.system((tx) => tx.query<{ user_id: string }>(`select user_id::text as user_id from blade_notice_read where user_id = $1`, [app.kernel.session.userInfo!.user_id]));
    expect(marks).toHaveLength(1);
    // The bell counts one fewer.
    await waitFor(() => expect(count()).toBe(before - 1));
  });
});
