import { describe, expect, it as baseIt } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { definePlugin, type ProcessProgressProps } from '../../core/sdk/shared';
import { fail, ok, type RecordedCall, renderPlugin, respond } from '../../core/sdk/testing';
import leavePlugin from './index';
import { itemOf, pickTime } from './testing/form-steps';

/**
 * The three leave pages with hand-written answers. The workflow is a stand-in providing the progress view
 * (the real one draws with bpmn-js, which the workflow's own tests cover): the pages must hand it their
 * instance.
 */
const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

function StandInProgress({ processInstanceId }: ProcessProgressProps) {
  return <div data-testid="progress">progress of {processInstanceId}</div>;
}
const flowStandIn = definePlugin({ id: 'flow', name: { zh: '工作流', en: 'Workflow' }, provides: { workflow: { ProcessProgress: StandInProgress } } });

const users = [
  { id: '11', account: 'admin', name: '管理员', realName: '管理员' },
  { id: '12', account: 'boss', name: 'boss', realName: '王经理' },
];
const leave = {
  id: '900',
  processDefinitionId: 'Leave:1:5',
  processInstanceId: '700',
  startTime: '2031-03-03 09:00:00',
  endTime: '2031-03-08 09:00:00',
  days: 5,
  reason: '回老家参加婚礼',
  taskUser: '11',
  taskUserName: '管理员',
  applyTime: '2031-03-01 10:00:00',
  createUser: '13',
  flow: { assigneeName: '演示用户', processIsFinished: 'unfinished', taskName: '审批人审批' },
};
const messages = () => [...document.querySelectorAll('.arco-message')].map((e) => e.textContent);
const toast = (text: string) => waitFor(() => expect(messages()).toContain(text), { timeout: 10_000 });

describe('the leave pages', () => {
  it('请假流程: the days are counted as the times are chosen; 提交 starts the leave and opens the sent list', async () => {
    const started: RecordedCall[] = [];
    const app = await renderPlugin(leavePlugin, {
      with: [flowStandIn],
      route: '/work/process/leave/form/Leave%3A1%3A5',
      backend: respond({
        'GET /api/blade-user/user-list': () => ok(users),
        'POST /api/blade-desk/process/leave/start-process': (call) => {
          started.push(call);
          return ok(null);
        },
      }),
    });
    expect(await screen.findByText('请假流程', { selector: '.arco-card-header-title, .arco-card-header-title *' })).toBeTruthy();
    // Nothing chosen: the rules speak, nothing is sent.
    await app.user.click(screen.getByTestId('leave-submit'));
    expect(await screen.findByText('请选择审批人', { selector: '.arco-form-message *, .arco-form-message' })).toBeTruthy();
    expect(screen.getByText('请输入请假理由', { selector: '.arco-form-message *, .arco-form-message' })).toBeTruthy();
    expect(started).toEqual([]);

    fireEvent.click(itemOf('审批人').querySelector('.arco-select-view') as HTMLElement);
    fireEvent.click(await screen.findByText('boss / 王经理', { selector: '.arco-select-option, .arco-select-option *' }));
    await pickTime('开始时间', '2031-03-03 09:00:00');
    await pickTime('结束时间', '2031-03-01 09:00:00');
    await app.user.click(screen.getByTestId('leave-submit'));
    expect(await screen.findByText('结束时间必须晚于开始时间')).toBeTruthy();
    await pickTime('结束时间', '2031-03-08 18:00:00');
    expect((await screen.findByTestId('leave-days')).textContent).toBe('5 天');
    await app.user.type(within(itemOf('请假理由')).getByRole('textbox'), '回老家参加婚礼');
    await app.user.click(screen.getByTestId('leave-submit'));

    await toast('请假申请已提交');
    expect(started.map((c) => c.body)).toEqual([
      { processDefinitionId: 'Leave:1:5', taskUser: '12', startTime: '2031-03-03 09:00:00', endTime: '2031-03-08 18:00:00', reason: '回老家参加婚礼' },
    ]);
    await waitFor(() => expect(window.location.pathname).toBe('/work/send'));
  });

  it('a refused start is shown and the form stays filled', async () => {
    const app = await renderPlugin(leavePlugin, {
      with: [flowStandIn],
      route: '/work/process/leave/form/Leave%3A1%3A5',
      language: 'en',
      backend: respond({
        'GET /api/blade-user/user-list': () => ok(users),
        'POST /api/blade-desk/process/leave/start-process': () => fail('Failed to start the process: The process is suspended', 400),
      }),
    });
    await screen.findByText('Leave request', { selector: '.arco-card-header-title, .arco-card-header-title *' });
    fireEvent.click(itemOf('Approver').querySelector('.arco-select-view') as HTMLElement);
    fireEvent.click(await screen.findByText('admin / 管理员', { selector: '.arco-select-option, .arco-select-option *' }));
    await pickTime('Start', '2031-03-03 09:00:00');
    await pickTime('End', '2031-03-04 09:00:00');
    expect((await screen.findByTestId('leave-days')).textContent).toBe('1 day(s)');
    await app.user.type(within(itemOf('Reason')).getByRole('textbox'), 'A wedding');
    await app.user.click(screen.getByTestId('leave-submit'));

    expect((await screen.findByTestId('leave-refusal')).textContent).toContain('Failed to start the process: The process is suspended');
    expect(window.location.pathname).toBe('/work/process/leave/form/Leave%3A1%3A5');
    expect((within(itemOf('Reason')).getByRole('textbox') as HTMLTextAreaElement).value).toBe('A wedding');
    expect((itemOf('Start').querySelector('input') as HTMLInputElement).value).toBe('2031-03-03 09:00:00');
  });

  it('处理请假流程: the request read-only, its progress, and 驳回 with a comment completes the task and opens the to-do list', async () => {
    const completed: RecordedCall[] = [];
    const app = await renderPlugin(leavePlugin, {
      with: [flowStandIn],
      route: '/work/process/leave/handle/501/700/900',
      backend: respond({
        'GET /api/blade-desk/process/leave/detail': (call) => (call.query.businessId === '900' ? ok(leave) : fail('请假申请不存在', 400)),
        'POST /api/blade-flow/work/complete-task': (call) => {
          completed.push(call);
          return ok(null);
        },
      }),
    });
    const fields = await screen.findByTestId('leave-fields');
    for (const text of ['演示用户', '管理员', '2031-03-03 09:00:00', '2031-03-08 09:00:00', '5 天', '回老家参加婚礼', '审批中', '审批人审批']) expect(within(fields).getByText(text)).toBeTruthy();
    expect((await screen.findByTestId('progress')).textContent).toBe('progress of 700');
    expect(screen.queryByRole('textbox', { name: '请假理由' })).toBeNull();

    await app.user.type(screen.getByTestId('leave-comment'), '本周项目上线，请改期');
    await app.user.click(screen.getByTestId('leave-reject'));
    await toast('已驳回');
    expect(completed.map((c) => c.body)).toEqual([{ taskId: '501', processInstanceId: '700', flag: '', comment: '本周项目上线，请改期' }]);
    await waitFor(() => expect(window.location.pathname).toBe('/work/todo'));
  });

  it('同意 sends the flag ok; a refusal keeps the comment', async () => {
    let refuse = true;
    const completed: RecordedCall[] = [];
    const app = await renderPlugin(leavePlugin, {
      with: [flowStandIn],
      route: '/work/process/leave/handle/501/700/900',
      backend: respond({
        'GET /api/blade-desk/process/leave/detail': () => ok(leave),
        'POST /api/blade-flow/work/complete-task': (call) => {
          completed.push(call);
          return refuse ? fail('任务不存在或已被处理', 400) : ok(null);
        },
      }),
    });
    await screen.findByTestId('leave-fields');
    await app.user.type(screen.getByTestId('leave-comment'), '同意，注意交接');
    await app.user.click(screen.getByTestId('leave-approve'));
    expect((await screen.findByTestId('leave-refusal')).textContent).toContain('任务不存在或已被处理');
    expect((screen.getByTestId('leave-comment') as HTMLTextAreaElement).value).toBe('同意，注意交接');
    refuse = false;
    await app.user.click(screen.getByTestId('leave-approve'));
    await toast('已同意');
    expect(completed.map((c) => (c.body as { flag: string }).flag)).toEqual(['ok', 'ok']);
  });

  it('请假流程详情: the request and its progress, in English too; an unknown request offers a retry', async () => {
    await renderPlugin(leavePlugin, {
      with: [flowStandIn],
      route: '/work/process/leave/detail/700/900',
      language: 'en',
      backend: respond({ 'GET /api/blade-desk/process/leave/detail': () => ok({ ...leave, flow: { ...leave.flow, processIsFinished: 'finished', taskName: '' } }) }),
    });
    const fields = await screen.findByTestId('leave-fields');
    for (const text of ['Applicant', 'Approver', '5 day(s)', 'Finished']) expect(within(fields).getByText(text)).toBeTruthy();
    expect((await screen.findByTestId('progress')).textContent).toBe('progress of 700');

    await renderPlugin(leavePlugin, {
      with: [flowStandIn],
      route: '/work/process/leave/detail/700/901',
      backend: respond({ 'GET /api/blade-desk/process/leave/detail': () => fail('请假申请不存在', 400) }),
    });
    expect(await screen.findByRole('button', { name: '重试' })).toBeTruthy();
    expect(screen.queryByTestId('leave-fields')).toBeNull();
  });
});
