import { describe, expect, it as baseIt } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, ok, page, renderPlugin, respond, type Handlers } from '../../../../core/sdk/testing';
import dictPlugin from '../../../dict/index';
import { bladeFlow, type BladeFlow } from '../../../../core/sdk/shared';
import flowPlugin from '../../index';
import { formRemark, routesOf } from './form-paths';
import { workFilters, workSearchOf } from './useWorkList';

/** These tests drive whole screens: more time than the default when the machine is busy. */
const it = (name: string, fn: () => Promise<void> | void) => baseIt(name, fn, 60_000);

const FLOW_DICTIONARY = [
  { dictKey: '1', dictValue: '请假流程', remark: 'leave' },
  { dictKey: '2', dictValue: '通用审批', remark: 'general' },
];

const task = (n: number, status: BladeFlow['status'], extra: Partial<BladeFlow> = {}) =>
  bladeFlow({
    taskId: `t${n}`,
    taskName: '审批',
    processInstanceId: `p${n}`,
    processDefinitionId: 'general:1:9',
    processDefinitionName: '通用审批',
    processDefinitionVersion: 1,
    category: 'flow_2',
    categoryName: '通用审批',
    createTime: '2026-03-01 09:00:00',
    businessTable: 'flow_general',
    businessId: `b${n}`,
    status,
    variables: { title: `采购申请 ${n}`, reason: `理由 ${n}`, createUser: 'user' },
    ...extra,
  });

const base: Handlers = {
  'GET /api/blade-system/dict/dictionary': () => ok(FLOW_DICTIONARY),
  'GET /api/blade-flow/process/model-view': () => ok({ flow: [], xml: '', current: [] }),
  // The top bar's message tab counts what waits.
  'GET /api/blade-flow/work/waiting-count': () => ok(0),
};
const users = { 'GET /api/blade-user/user-list': () => ok([{ id: '11', account: 'boss', name: '老板', realName: '王总' }]) };
const toast = (text: string) => waitFor(() => expect([...document.querySelectorAll('.arco-message')].map((e) => e.textContent)).toContain(text), { timeout: 10_000 });
const headers = () => [...document.querySelectorAll('.arco-table-th')].map((th) => th.textContent?.trim());
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('form routes', () => {
  const routes = ['/work/process/leave/form/:processDefinitionId', '/work/process/leave/handle/:taskId/:processInstanceId/:businessId', '/work/process/leave/detail/:processInstanceId/:businessId'];
  it('use the remark of the category’s dictionary entry when its three pages are installed, else the general form', () => {
    expect(formRemark('flow_1', FLOW_DICTIONARY, routes)).toBe('leave');
    expect(formRemark('flow_1', FLOW_DICTIONARY, routes.slice(0, 2))).toBe('general'); // a page missing
    expect(formRemark('flow_1', FLOW_DICTIONARY, [])).toBe('general'); // the leave plugin is off
    expect(formRemark('flow_9', FLOW_DICTIONARY, routes)).toBe('general'); // no entry
    expect(formRemark('other', FLOW_DICTIONARY, routes)).toBe('general'); // not a flow category
    expect(formRemark('flow_3', [{ dictKey: '3', remark: '../x' }], ['/work/process/../x/form/'])).toBe('general'); // not a name
    expect(formRemark('flow_1', FLOW_DICTIONARY, null)).toBe('leave'); // routes unknown: the dictionary's word
  });
  it('build the form, handle and detail addresses, each id a path segment', () => {
    const leave = routesOf('leave');
    expect(leave.form('Leave:1:4')).toBe('/work/process/leave/form/Leave%3A1%3A4');
    expect(leave.handle('7', '8', '9')).toBe('/work/process/leave/handle/7/8/9');
    expect(routesOf('general').detail('8', '')).toBe('/work/process/general/detail/8/0');
  });
  it('filters: whole days, a category and a name; read back from the address', () => {
    const filters = workFilters({ category: 'flow_2', processDefinitionName: ' 通用 ', dates: ['2026-03-01', '2026-03-02'] });
    expect(filters).toEqual({ category: 'flow_2', processDefinitionName: '通用', beginDate: '2026-03-01 00:00:00', endDate: '2026-03-02 23:59:59' });
    expect(workSearchOf(filters)).toEqual({ category: 'flow_2', processDefinitionName: '通用', dates: ['2026-03-01', '2026-03-02'] });
    expect(workFilters({})).toEqual({});
  });
});

describe('work lists', () => {
  it('to do: the contract’s columns, the request’s title, filters sent as the contract names them, and 处理 opens the general handling page', async () => {
    const app = await renderPlugin(flowPlugin, {
      with: [dictPlugin],
      route: '/work/todo',
      backend: respond({
        ...base,
        'GET /api/blade-flow/work/todo-list': () => page([task(1, 'todo', { claimTime: '2026-03-01 10:00:00' }), task(2, 'todo')]),
        'GET /api/blade-flow/process/instance': (call) => ok(task(Number(String(call.query.processInstanceId).slice(1)), '')),
      }),
    });
    expect(await screen.findByText('采购申请 1')).toBeTruthy();
    expect(headers()).toEqual(['#', '流程分类', '流程名称', '标题', '当前步骤', '申请人', '流程版本', '申请时间', '签收时间', '操作']);
    expect(within(rowOf('采购申请 1')).getByText('2026-03-01 10:00:00')).toBeTruthy();
    for (const label of ['处理', '详情', '跟踪']) expect(within(rowOf('采购申请 1')).getByRole('button', { name: new RegExp(label) })).toBeTruthy();

    await app.user.type(within(screen.getByRole('search')).getByPlaceholderText('请输入流程名称'), '通用{Enter}');
    await waitFor(() => expect(app.callsTo('GET /api/blade-flow/work/todo-list').at(-1)!.query).toMatchObject({ processDefinitionName: '通用', current: '1' }));

    await app.user.click(within(rowOf('采购申请 1')).getByRole('button', { name: /处理/ }));
    await waitFor(() => expect(window.location.pathname).toBe('/work/process/general/handle/t1/p1/b1'));
    // The page reads the request of the instance it opened.
    expect(await screen.findByText('理由 1')).toBeTruthy();
  });

  it('shows only the actions the user’s codes allow', async () => {
    await renderPlugin(flowPlugin, {
      with: [dictPlugin],
      route: '/work/send',
      user: { permissions: ['work', 'work_send', 'work_send_detail'] },
      backend: respond({ ...base, 'GET /api/blade-flow/work/send-list': () => page([task(3, 'finish', { processIsFinished: 'finished', endTime: '2026-03-02 09:00:00' })]) }),
    });
    expect(await screen.findByText('采购申请 3')).toBeTruthy();
    expect(within(rowOf('采购申请 3')).getByText('已办结')).toBeTruthy();
    expect(within(rowOf('采购申请 3')).getByRole('button', { name: /详情/ })).toBeTruthy();
    expect(within(rowOf('采购申请 3')).queryByRole('button', { name: /跟踪/ })).toBeNull();
  });

  it('claim: 签收 claims the task with the server’s message, and the row leaves the list', async () => {
    let waiting = [task(4, 'claim'), task(5, 'claim')];
    const app = await renderPlugin(flowPlugin, {
      with: [dictPlugin],
      route: '/work/claim',
      backend: respond({
        ...base,
        'GET /api/blade-flow/work/claim-list': () => page(waiting),
        'POST /api/blade-flow/work/claim-task': (call) => {
          waiting = waiting.filter((t) => t.taskId !== call.query.taskId);
          return ok(null, '签收事务成功');
        },
      }),
    });
    await screen.findByText('采购申请 4');
    await app.user.click(within(rowOf('采购申请 4')).getByRole('button', { name: /签收/ }));
    await toast('签收事务成功');
    expect(app.callsTo('POST /api/blade-flow/work/claim-task').map((c) => c.query.taskId)).toEqual(['t4']);
    await waitFor(() => expect(screen.queryByText('采购申请 4')).toBeNull());
    expect(screen.getByText('采购申请 5')).toBeTruthy();
  });

  it('start: the processes with 发起 opening their form', async () => {
    const app = await renderPlugin(flowPlugin, {
      with: [dictPlugin],
      route: '/work/start',
      backend: respond({
        ...base,
        ...users,
        'GET /api/blade-flow/work/start-list': () =>
          page([{ id: 'general:2:7', tenantId: '000000', name: '采购审批', key: 'general', category: 'flow_2', categoryName: '通用审批', version: 2, deploymentId: '7', resourceName: 'general.bpmn', diagramResourceName: '', suspensionState: 1, deploymentTime: '2026-03-01 08:00:00' }]),
      }),
    });
    await screen.findByText('采购审批');
    expect(headers()).toEqual(['#', '流程分类', '流程标识', '流程名称', '流程版本', '部署时间', '操作']);
    await app.user.click(within(rowOf('采购审批')).getByRole('button', { name: /发起/ }));
    await waitFor(() => expect(window.location.pathname).toBe('/work/process/general/form/general%3A2%3A7'));
    expect(await screen.findByText(/发起审批 · 采购审批/)).toBeTruthy();
  });
});

describe('the general form', () => {

  it('requires a title; a refusal keeps the values and says why; a start goes to 已发事务', async () => {
    const sent: Record<string, unknown>[] = [];
    let refuse = true;
    const app = await renderPlugin(flowPlugin, {
      with: [dictPlugin],
      route: '/work/process/general/form/general%3A2%3A7',
      backend: respond({
        ...base,
        ...users,
        'GET /api/blade-flow/work/send-list': () => page([]),
        'POST /api/blade-flow/work/start-process': (call) => {
          sent.push(call.body as Record<string, unknown>);
          return refuse ? fail('流程已挂起') : ok({ processInstanceId: 'p9', businessId: 'b9' });
        },
      }),
    });
    const submit = await screen.findByTestId('work-general-submit');
    await app.user.click(submit);
    expect(await screen.findByText('请输入标题')).toBeTruthy();
    expect(sent).toHaveLength(0);

    await app.user.type(screen.getByPlaceholderText('请输入标题'), '买一台笔记本');
    await app.user.type(screen.getByPlaceholderText('请输入事由'), '旧的坏了');
    await app.user.click(submit);
    expect((await screen.findByTestId('work-general-refusal')).textContent).toContain('流程已挂起');
    expect(within(screen.getByTestId('work-general-refusal')).getByRole('alert')).toBeTruthy();
    expect((screen.getByPlaceholderText('请输入标题') as HTMLInputElement).value).toBe('买一台笔记本');
    expect(sent[0]).toEqual({ processDefinitionId: 'general:2:7', title: '买一台笔记本', reason: '旧的坏了' });
    // What was typed and not sent marks the page's tab: closing it would ask first.
    expect(document.querySelector('.ba-tab-title.is-unsaved')?.textContent).toBe('发起审批');

    // The approver is chosen among the tenant's members, by name and account.
    refuse = false;
    await app.user.click(screen.getByTestId('work-general-form').querySelector('.arco-select-view') as HTMLElement);
    fireEvent.click(await screen.findByText('王总 (boss)', { selector: '.arco-select-option, .arco-select-option *' }));
    await app.user.click(submit);
    await waitFor(() => expect(window.location.pathname).toBe('/work/send'));
    expect(sent[1]).toEqual({ processDefinitionId: 'general:2:7', title: '买一台笔记本', reason: '旧的坏了', taskUser: '11' });
    await toast('审批已提交');
    expect(document.querySelector('.ba-tab-title.is-unsaved')).toBeNull();
  });

  it('starts one process however often Enter and 提交 are pressed while the start is on its way', async () => {
    let starts = 0;
    let answer: (value: unknown) => void = () => undefined;
    const app = await renderPlugin(flowPlugin, {
      with: [dictPlugin],
      route: '/work/process/general/form/general%3A2%3A7',
      backend: respond({
        ...base,
        ...users,
        'GET /api/blade-flow/work/send-list': () => page([]),
        'POST /api/blade-flow/work/start-process': () => {
          starts++;
          return new Promise((resolve) => (answer = resolve));
        },
      }),
    });
    const title = await screen.findByPlaceholderText('请输入标题');
    await app.user.type(title, '买一台笔记本{Enter}');
    await waitFor(() => expect(starts).toBe(1));
    await app.user.type(title, '{Enter}{Enter}');
    await app.user.click(screen.getByTestId('work-general-submit'));
    answer(ok({ processInstanceId: 'p9', businessId: 'b9' }));
    await waitFor(() => expect(window.location.pathname).toBe('/work/send'));
    expect(starts).toBe(1);
  });
});

describe('the general handling page', () => {
  const open = (decide: (body: Record<string, unknown>) => unknown) =>
    renderPlugin(flowPlugin, {
      with: [dictPlugin],
      route: '/work/process/general/handle/t6/p6/b6',
      backend: respond({
        ...base,
        // Opened by its address: the request is read from its instance, in one call.
        'GET /api/blade-flow/process/instance': (call) => (call.query.processInstanceId === 'p6' ? ok(task(6, '', { assigneeName: '张三', processIsFinished: 'unfinished' })) : fail('数据不存在')),
        'POST /api/blade-flow/work/complete-task': (call) => decide(call.body as Record<string, unknown>),
      }),
    });

  it('approves with flag ok and the comment, then goes back to 待办', async () => {
    const bodies: Record<string, unknown>[] = [];
    const app = await open((body) => (bodies.push(body), ok(true)));
    expect(await screen.findByText('采购申请 6')).toBeTruthy();
    expect(screen.getByText('理由 6')).toBeTruthy();
    expect(screen.getByText('张三')).toBeTruthy();
    expect(screen.getByTestId('work-request-state').textContent).toBe('未办结 审批');
    expect(app.callsTo('GET /api/blade-flow/process/instance').map((c) => c.query)).toEqual([{ processInstanceId: 'p6' }]);
    expect(app.callsTo('GET /api/blade-flow/work/todo-list')).toEqual([]);
    await app.user.type(screen.getByLabelText('意见'), '可以');
    await app.user.click(screen.getByTestId('work-approve'));
    await waitFor(() => expect(window.location.pathname).toBe('/work/todo'));
    expect(bodies).toEqual([{ taskId: 't6', processInstanceId: 'p6', flag: 'ok', comment: '可以' }]);
  });

  it('rejects without the flag; a refusal keeps the comment on the page', async () => {
    const bodies: Record<string, unknown>[] = [];
    const app = await open((body) => (bodies.push(body), fail('任务不存在或已被处理')));
    await screen.findByText('采购申请 6');
    await app.user.type(screen.getByLabelText('意见'), '预算不够');
    await app.user.click(screen.getByTestId('work-reject'));
    await toast('任务不存在或已被处理');
    expect(bodies).toEqual([{ taskId: 't6', processInstanceId: 'p6', comment: '预算不够' }]);
    expect(window.location.pathname).toBe('/work/process/general/handle/t6/p6/b6');
    expect((screen.getByLabelText('意见') as HTMLTextAreaElement).value).toBe('预算不够');
  });
});

describe('the general details page', () => {
  const open = (answer: () => unknown) =>
    renderPlugin(flowPlugin, {
      with: [dictPlugin],
      route: '/work/process/general/detail/p7/b7',
      backend: respond({ ...base, 'GET /api/blade-flow/process/instance': answer }),
    });

  it('opened by its address, reads the request from its instance: title, reason, applicant, finished with its end', async () => {
    const app = await open(() => ok(task(7, '', { taskName: '', assigneeName: '李四', processIsFinished: 'finished', endTime: '2026-03-02 09:00:00' })));
    expect(await screen.findByText('采购申请 7')).toBeTruthy();
    expect(screen.getByText('理由 7')).toBeTruthy();
    expect(screen.getByText('李四')).toBeTruthy();
    expect(screen.getByTestId('work-request-state').textContent).toBe('已办结 2026-03-02 09:00:00');
    expect(app.callsTo('GET /api/blade-flow/process/instance').map((c) => c.query)).toEqual([{ processInstanceId: 'p7' }]);
  });

  it('a refusal (not one of the caller’s) says why where the request would be, with a retry', async () => {
    let refuse = true;
    const app = await open(() => (refuse ? fail('数据不存在') : ok(task(7, ''))));
    const card = await screen.findByTestId('work-request');
    expect(await within(card).findByText('数据不存在')).toBeTruthy();
    refuse = false;
    await app.user.click(within(card).getByRole('button'));
    expect(await within(card).findByText('采购申请 7')).toBeTruthy();
  });
});
