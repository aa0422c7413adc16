import { describe, expect, it as baseIt } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { drawerOpened, fail, ok, page, renderPlugin, respond, type RecordedCall } from '../../../core/sdk/testing';
import cardPlugin from '../../card/index';
import dictPlugin from '../../dict/index';
import visitPlugin from '../index';
import type { Grant } from './screens/grants';

/** These tests drive a whole screen: more time than the default when the machine is busy. */
const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

const STAFF = [
  { id: '11', name: '张伟', companyId: '1', position: '销售经理', avatar: '' },
  { id: '12', name: '李娜', companyId: '1', position: '顾问', avatar: '' },
];

const ATTACHMENTS = [
  { id: '101', name: '2026 产品价目表', staffId: '11', fileLink: '/api/blade-resource/oss/endpoint/file/aa.xlsx', fileType: 'xlsx', fileSize: 20480, requestedCount: 1, grantedCount: 1, refusedCount: 1, expiredCount: 1, grantSummary: '' },
  { id: '102', name: '企业宣传册', staffId: '11', fileLink: '/api/blade-resource/oss/endpoint/file/bb.pdf', fileType: 'pdf', fileSize: 1536, requestedCount: 0, grantedCount: 0, refusedCount: 0, expiredCount: 0, grantSummary: '' },
];

const grant = (id: string, state: Grant['state'], extra: Partial<Grant> = {}): Grant => ({
  id,
  attachId: '101',
  attachName: '2026 产品价目表',
  fileType: 'xlsx',
  staffId: '11',
  visitorId: `wx_visitor_${id}`,
  visitorNick: `访客${id}`,
  state,
  days: null,
  requestedAt: '2026-11-20 10:00:00',
  decidedAt: state === 0 ? '' : '2026-11-20 12:00:00',
  decidedBy: state === 0 ? '' : '1',
  decidedByName: state === 0 ? '' : '管理员',
  expiresAt: '',
  secondsLeft: null,
  ...extra,
});

const GRANTS: Grant[] = [
  grant('201', 0),
  grant('202', 1, { days: 7, expiresAt: '2026-11-27 12:00:00', secondsLeft: 3 * 86_400 + 100 }),
  grant('203', 2),
  grant('204', 3, { days: 3, expiresAt: '2026-11-18 12:00:00' }),
];

function backend(decisions: RecordedCall[] = [], options: { grants?: () => unknown } = {}) {
  return respond({
    'GET /api/visit/attach/info/page': () => page(ATTACHMENTS),
    'GET /api/staff/info/list': () => ok(STAFF),
    'GET /api/visit/attach/get/authorizationVisit': (call) => options.grants?.() ?? ok(GRANTS.filter((g) => !call.query.attachId || g.attachId === call.query.attachId)),
    'POST /api/visit/attach/save/authorizationVisit': (call) => {
      decisions.push(call);
      return ok(null);
    },
    'POST /api/visit/attach/save/multiFile/authorizationVisit': (call) => {
      decisions.push(call);
      return ok(null);
    },
  });
}

const render = (b: ReturnType<typeof backend>, permissions?: string[]) =>
  renderPlugin(visitPlugin, { backend: b, route: '/visit/attach', with: [dictPlugin, cardPlugin], user: permissions ? { permissions } : undefined });

async function openGrants(app: Awaited<ReturnType<typeof render>>, name: string) {
  const row = (await screen.findByText(name)).closest('tr') as HTMLElement;
  await app.user.click(within(row).getByTestId('attach-grants'));
  return drawerOpened((await screen.findByText(`「${name}」的授权`)).closest('.arco-drawer') as HTMLElement);
}

const rowOf = (drawer: HTMLElement, nick: string) => within(drawer).getByText(nick).closest('tr') as HTMLElement;

describe('attachments screen', () => {
  it('lists the attachments with their grants as tags, the staff member by name and the size as people read it', async () => {
    await render(backend());
    const row = (await screen.findByText('2026 产品价目表')).closest('tr') as HTMLElement;
    expect(within(row).getByText('待授权 1')).toBeTruthy();
    expect(within(row).getByText('已授权 1')).toBeTruthy();
    expect(within(row).getByText('已拒绝 1')).toBeTruthy();
    expect(within(row).getByText('已过期 1')).toBeTruthy();
    expect(within(row).getByText('20 KB')).toBeTruthy();
    expect(await within(row).findByText('张伟')).toBeTruthy();
  });

  it('the drawer shows each grant with its state and time left; 同意 sends the days chosen, 拒绝 and 撤销 ask first', async () => {
    const decisions: RecordedCall[] = [];
    const app = await render(backend(decisions));
    const drawer = await openGrants(app, '2026 产品价目表');
    expect(await within(drawer).findByText('访客202')).toBeTruthy();
    expect(within(rowOf(drawer, '访客202')).getByText('还剩 3 天')).toBeTruthy();
    expect(within(rowOf(drawer, '访客204')).getByText('已过期')).toBeTruthy();

    // 同意 with 30 days.
    await app.user.click(within(rowOf(drawer, '访客201')).getByRole('button', { name: /同意/ }));
    const dialog = await screen.findByRole('dialog', { name: '同意「访客201」查看' });
    await app.user.click(within(dialog).getByText('30 天'));
    await app.user.click(within(dialog).getByTestId('grant-days-save'));
    await waitFor(() => expect(decisions.map((d) => d.body)).toEqual([{ id: '201', state: 1, days: 30 }]));

    // 拒绝: a confirm, then the refusal.
    await app.user.click(within(rowOf(drawer, '访客201')).getByRole('button', { name: /拒绝/ }));
    await app.user.click(within(await screen.findByRole('dialog', { name: '拒绝' })).getByRole('button', { name: '拒绝' }));
    await waitFor(() => expect(decisions.at(-1)!.body).toEqual({ id: '201', state: 2 }));

    // 撤销 a live grant.
    await app.user.click(within(rowOf(drawer, '访客202')).getByRole('button', { name: /撤销/ }));
    await app.user.click(within(await screen.findByRole('dialog', { name: '撤销' })).getByRole('button', { name: '撤销' }));
    await waitFor(() => expect(decisions.at(-1)!.body).toEqual({ id: '202', state: 2 }));
  });

  it('续期 an expired grant for a number of days typed; no number is refused before anything is sent', async () => {
    const decisions: RecordedCall[] = [];
    const app = await render(backend(decisions));
    const drawer = await openGrants(app, '2026 产品价目表');
    await app.user.click(within(rowOf(drawer, await within(drawer).findByText('访客204').then(() => '访客204'))).getByRole('button', { name: /续期/ }));
    const dialog = await screen.findByRole('dialog', { name: '为「访客204」续期' });
    await app.user.click(within(dialog).getByText('自定义'));
    await app.user.click(within(dialog).getByTestId('grant-days-save'));
    expect(await within(dialog).findByText('请输入 1 到 365 之间的天数')).toBeTruthy();
    expect(decisions).toEqual([]);
    await app.user.type(within(dialog).getByPlaceholderText('1–365 天'), '45');
    await app.user.click(within(dialog).getByTestId('grant-days-save'));
    await waitFor(() => expect(decisions.map((d) => d.body)).toEqual([{ id: '204', state: 1, days: 45 }]));
  });

  it('批量授权: the visitor who asked is chosen with the files they asked for; the staff member’s other files can be added', async () => {
    const decisions: RecordedCall[] = [];
    const app = await render(backend(decisions));
    const drawer = await openGrants(app, '2026 产品价目表');
    await app.user.click(await within(drawer).findByTestId('multi-grant'));
    const dialog = await screen.findByRole('dialog', { name: '为一位访客授权多个附件' });
    await within(dialog).findByText('企业宣传册');
    await app.user.click(within(dialog).getByText('企业宣传册'));
    await app.user.click(within(dialog).getByTestId('multi-grant-save'));
    await waitFor(() => expect(decisions.map((d) => d.body)).toEqual([{ visitorId: 'wx_visitor_201', attachIds: ['101', '102'], state: 1, days: 7 }]));
    expect(decisions[0]!.path).toBe('/api/visit/attach/save/multiFile/authorizationVisit');
  });

  it('a user without the authorise code sees the grants but no decision; no grants and a failed read are said', async () => {
    let answer: 'none' | 'fail' = 'none';
    const app = await render(backend([], { grants: () => (answer === 'none' ? ok([]) : fail('服务器异常', 500)) }), ['visit_attach', 'visit_attach_view']);
    const drawer = await openGrants(app, '企业宣传册');
    expect(await within(drawer).findByText('还没有访客申请查看此附件')).toBeTruthy();
    expect(within(drawer).queryByTestId('multi-grant')).toBeNull();
    await app.user.click(drawer.querySelector('.arco-drawer-close-icon') as HTMLElement);
    await waitFor(() => expect(screen.queryByText('「企业宣传册」的授权')).toBeNull());
    answer = 'fail';
    const again = await openGrants(app, '2026 产品价目表');
    expect(await within(again).findByText('数据加载失败')).toBeTruthy();
    expect(within(again).queryByRole('button', { name: /同意/ })).toBeNull();
  });

  it('the dialog’s file control uploads the file and fills the name and the file; the save sends the link', async () => {
    const saved: unknown[] = [];
    const uploads: RecordedCall[] = [];
    const b = respond({
      'GET /api/visit/attach/info/page': () => page(ATTACHMENTS),
      'GET /api/staff/info/list': () => ok(STAFF),
      'POST /api/blade-resource/oss/endpoint/put-file-attach': (call) => {
        uploads.push(call);
        return ok({ link: '/api/blade-resource/oss/endpoint/file/cc.pdf', originalName: '合作方案.pdf', size: 4096, extension: 'pdf', name: 'cc.pdf', attachId: '9' });
      },
      'POST /api/visit/attach/info/submit': (call) => {
        saved.push(call.body);
        return ok(null);
      },
    });
    const app = await render(b);
    await app.user.click(await screen.findByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    await app.user.upload(input, new File(['%PDF-1.4'], '合作方案.pdf', { type: 'application/pdf' }));
    // The file's name shows while it is sent too (beside its bar): the name field is filled once it is in.
    await waitFor(() => expect((within(dialog).getByPlaceholderText('请输入附件名称') as HTMLInputElement).value).toBe('合作方案'));
    expect(within(dialog).getByText('合作方案.pdf')).toBeTruthy();
    expect(uploads).toHaveLength(1);

    await app.user.click(within(dialog).getByPlaceholderText('请选择所属员工'));
    fireEvent.click(await screen.findByText('李娜', { selector: '.arco-select-popup .arco-select-option, .arco-select-popup .arco-select-option *' }));
    await app.user.click(within(dialog).getByTestId('crud-save'));
    await waitFor(() => expect(saved).toEqual([expect.objectContaining({ name: '合作方案', staffId: '12', fileLink: '/api/blade-resource/oss/endpoint/file/cc.pdf' })]));
  });

  it('the file control shows how much is sent with a cancel button; a cancelled upload leaves the form as it was, a refused one says why', async () => {
    const holds: (() => void)[] = [];
    let refuse = false;
    const b = respond({
      'GET /api/visit/attach/info/page': () => page(ATTACHMENTS),
      'GET /api/staff/info/list': () => ok(STAFF),
      'POST /api/blade-resource/oss/endpoint/put-file-attach': () =>
        refuse ? fail('只能上传 PDF、Word、Excel、PPT 或 JPG/PNG 文件', 400) : new Promise((resolve) => holds.push(() => resolve(ok({ link: '/api/blade-resource/oss/endpoint/file/late.pdf', originalName: 'late.pdf', size: 1 })))),
    });
    const app = await render(b);
    await app.user.click(await screen.findByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    await app.user.upload(input, new File([new Uint8Array(4000)], '报价单.pdf', { type: 'application/pdf' }));
    const sending = await within(dialog).findByRole('group', { name: '报价单.pdf' });
    await waitFor(() => expect(within(sending).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50'));
    expect(within(sending).getByText('已上传 50%')).toBeTruthy();
    const cancel = within(sending).getByRole('button', { name: '取消上传报价单.pdf' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(within(dialog).queryByRole('group', { name: '报价单.pdf' })).toBeNull());
    holds.forEach((release) => release());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((within(dialog).getByPlaceholderText('请输入附件名称') as HTMLInputElement).value).toBe('');
    expect(dialog.querySelector('.ba-attach-error')).toBeNull();
    expect(document.activeElement).toBe(within(dialog).getByTestId('attach-upload'));

    refuse = true;
    await app.user.upload(input, new File(['MZ'], '报价单.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(dialog.querySelector('.ba-attach-error')?.textContent).toBe('只能上传 PDF、Word、Excel、PPT 或 JPG/PNG 文件'));
  });
});
