import { describe, expect, it as baseIt } from '@rstest/core';
import { screen, waitFor, within } from '@testing-library/react';
import { definePlugin } from '../../core/sdk/shared';
import { inProcessServer, renderPlugin } from '../../core/sdk/testing';
import dictPlugin from '../dict/index';
import dictServer from '../dict/server';
import coursePlugin from './index';
import courseServer from './server';
import { commerceTopMenu } from './test-plugins';

const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

/**
 * The course screens against the real server: the list's seats and tags, the registrations' moves
 * confirmed then refused past capacity with the server's message, the batch approval's answer, and a
 * viewer who sees no action.
 */
const backend = inProcessServer({ plugins: [dictServer, commerceTopMenu, courseServer] });
/** The commerce top menu, as the mall declares it in the browser. */
const mallStub = definePlugin({ id: 'mall', name: { zh: '商城管理', en: 'Mall' }, topMenus: [{ code: 'top_mall', name: { zh: '商城业务', en: 'Commerce' }, sort: 0, menus: [] }] });
const WITH = [dictPlugin, mallStub];

const ALL = ['course_manage', 'course', 'course_view', 'course_status', 'course_register', 'course_register_view', 'course_register_add', 'course_register_status'];
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const confirmModal = async (question: string | RegExp) => (await screen.findByText(question)).closest('.arco-modal') as HTMLElement;

/** The nearly full demo course's id (9 of its 10 seats taken), read from the server. */
async function nearlyFull(): Promise<string> {
  const server = await backend.server();
  const row = await server.ctx.db.system((tx) => tx.one<{ id: string }>("select id::text as id from course where tenant_id = '000000' and title = '高效团队管理实战'"));
  return row!.id;
}

describe('course screens (in-process server)', () => {
  it('课程列表 shows the time, place or online tag, price, seats with a bar, and the state as a tag with its moves', async () => {
    await renderPlugin(coursePlugin, { backend, with: WITH, route: '/course/list', user: { permissions: ALL } });
    const open = (await screen.findByText('高效团队管理实战')).closest('tr') as HTMLElement;
    expect(within(open).getByText('9/10')).toBeTruthy();
    expect(within(open).getByText('报名中').closest('.arco-tag')).toBeTruthy();
    expect(within(open).getByText('¥1,999.00')).toBeTruthy();
    expect(within(open).getByText('09:00–17:00')).toBeTruthy();
    expect(within(open).getByText('王建国 · 管理')).toBeTruthy();
    expect(within(open).getByRole('button', { name: '截止报名' })).toBeTruthy();
    expect(within(open).getByRole('button', { name: '退回草稿' })).toBeTruthy();
    const online = rowOf('TypeScript 工程化进阶');
    expect(within(online).getByText('线上')).toBeTruthy();
    expect(within(online).getByText('免费')).toBeTruthy();
    const draft = rowOf('新任经理领导力');
    expect(within(draft).getByRole('button', { name: '开放报名' })).toBeTruthy();
    expect(within(draft).queryByRole('button', { name: '结束课程' })).toBeNull();
    expect(within(rowOf('大客户销售谈判技巧')).queryByRole('button', { name: /报名|草稿|结束/ })).toBeNull();
  });

  it('报名管理: approving fills the last seat, the next approval is refused with the server’s message, and the list says 10/10', async () => {
    const courseId = await nearlyFull();
    const app = await renderPlugin(coursePlugin, { backend, with: WITH, route: `/course/register?list.f.courseId_equal=${courseId}&list.f.status_equal=0`, user: { permissions: ALL } });
    await waitFor(() => expect(screen.getAllByTestId('register-move-1').length).toBeGreaterThanOrEqual(2));
    const rows = screen.getAllByTestId('register-move-1');

    await app.user.click(rows[0]!);
    let modal = await confirmModal(/^确定通过「.+」（1\d{10}）的报名吗？$/);
    await app.user.click(within(modal).getByRole('button', { name: '通过' }));
    expect(await screen.findByText('报名已变为「已通过」')).toBeTruthy();

    await waitFor(() => expect(screen.getAllByTestId('register-move-1').length).toBe(rows.length - 1));
    await app.user.click(screen.getAllByTestId('register-move-1')[0]!);
    modal = await confirmModal(/^确定通过「.+」（1\d{10}）的报名吗？$/);
    await app.user.click(within(modal).getByRole('button', { name: '通过' }));
    expect(await screen.findByText('课程「高效团队管理实战」名额已满（10/10）')).toBeTruthy();

    app.navigate('/course/list');
    // The course's row on the list (the registrations' screen stays open in its tab and names the course too).
    await waitFor(() => {
      const full = screen.getAllByTestId('course-seats').find((cell) => cell.closest('tr')?.textContent?.includes('高效团队管理实战'));
      expect(full?.textContent).toBe('10/10已满');
    });
  });

  it('批量通过 judges the selected pending registrations and lists those that did not pass with the reason', async () => {
    const server = await backend.server();
    const admin = (await server.signIn('admin', 'admin')).access_token;
    await server.post('/api/course/submit', { token: admin, json: { title: '批量审核课', teacher: '钱老师', startTime: '2030-08-01 09:00:00', endTime: '2030-08-01 11:00:00', place: '二号厅', capacity: 1 } });
    const courseId = (await server.get('/api/course/page', { token: admin, query: { title: '批量审核课' } })).body.data.records[0].id as string;
    await server.post('/api/course/update/status', { token: admin, query: { id: courseId, status: 1 } });
    for (const [name, mobile] of [['先到', '18612340001'], ['后到', '18612340002']]) await server.post('/api/course/register/submit', { token: admin, json: { courseId, name, mobile } });

    const app = await renderPlugin(coursePlugin, { backend, with: WITH, route: `/course/register?list.f.courseId_equal=${courseId}`, user: { permissions: ALL } });
    await screen.findByText('先到');
    const batch = screen.getByTestId('register-batch-approve');
    expect(batch.hasAttribute('disabled')).toBe(true);
    await app.user.click(within(rowOf('先到')).getByRole('checkbox'));
    await app.user.click(within(rowOf('后到')).getByRole('checkbox'));
    await waitFor(() => expect(batch.textContent).toContain('批量通过 (2)'));
    await app.user.click(batch);
    const modal = await confirmModal(/逐条审核所选的 2 条待审核报名/);
    await app.user.click(within(modal).getByRole('button', { name: '批量通过' }));
    const result = await screen.findByTestId('register-batch-result');
    expect(within(result).getByText('通过 1 条')).toBeTruthy();
    expect(within(result).getByText('后到')).toBeTruthy();
    expect(within(result).getByText('课程「批量审核课」名额已满（1/1）')).toBeTruthy();
  });

  it('a viewer sees the registrations and the courses without any move or batch button', async () => {
    await renderPlugin(coursePlugin, { backend, with: WITH, route: '/course/register', user: { permissions: ['course_manage', 'course_register', 'course_register_view', 'course', 'course_view'] } });
    expect((await screen.findAllByText('待审核')).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('register-batch-approve')).toBeNull();
    expect(screen.queryAllByTestId(/^register-move-/)).toEqual([]);
  });
});
