import { describe, expect, it as baseIt } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, ok, page, renderPlugin, respond, type Handlers } from '../../../../core/sdk/testing';
import dictPlugin from '../../../dict/index';
import flowPlugin from '../../index';

/** These tests drive whole screens: more time than the default when the machine is busy. */
const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

const models = [
  { id: '31', modelKey: 'general_two_step', name: '通用审批（两级）', description: '部门审批后人事审批', version: 3, created: '2024-05-01 10:00:00', lastUpdated: '2024-05-03 09:00:00' },
  { id: '32', modelKey: 'expense', name: '报销审批', description: '', version: 1, created: '2024-05-02 10:00:00', lastUpdated: '2024-05-02 10:00:00' },
];
const definitions = [
  { id: 'general_two_step:2:91', tenantId: '000000', tenantName: '管理组', name: '通用审批（两级）', key: 'general_two_step', description: '', category: 'flow_2', categoryName: '通用审批', version: 2, deploymentId: '91', resourceName: 'general_two_step.bpmn20.xml', diagramResourceName: '', suspensionState: 1, deploymentTime: '2024-05-04 10:00:00' },
  { id: 'general_two_step:1:90', tenantId: '100001', tenantName: '示例租户', name: '通用审批（两级）', key: 'general_two_step', description: '', category: 'flow_2', categoryName: '通用审批', version: 1, deploymentId: '90', resourceName: 'general_two_step.bpmn20.xml', diagramResourceName: '', suspensionState: 2, deploymentTime: '2024-05-03 10:00:00' },
];
const executions = [
  { id: '501', name: '通用审批（两级）', startUserId: '7', startUser: '张三', startTime: '2024-05-05 09:00:00', taskDefinitionId: '601', taskDefinitionKey: 'hr', taskName: '人事审批', category: 'flow_2', categoryName: '通用审批', processInstanceId: '501', processDefinitionId: 'general_two_step:2:91', processDefinitionKey: 'general_two_step', activityId: 'hr', suspensionState: 1, executionId: '501', tenantId: '000000', tenantName: '管理组' },
];
const historyItem = (more: Record<string, unknown>) => ({ taskId: '', historyActivityId: '', historyActivityName: '', assigneeName: '', createTime: '', endTime: '', historyActivityDurationTime: '', comment: '', pass: false, ...more });

const base = (more: Handlers = {}): Handlers => ({
  'GET /api/blade-flow/model/list': (call) => page(models.filter((m) => !call.query.modelKey || m.modelKey.includes(call.query.modelKey))),
  'GET /api/blade-flow/manager/list': (call) => page(definitions.filter((d) => !call.query.tenantId || d.tenantId === call.query.tenantId)),
  'GET /api/blade-flow/follow/list': () => page(executions),
  // the top bar's count of waiting tasks (the flow plugin's message feed)
  'GET /api/blade-flow/work/waiting-count': () => ok(0),
  'GET /api/blade-system/dict/dictionary': () =>
    ok([
      { dictKey: '1', dictValue: '请假流程', remark: 'leave' },
      { dictKey: '2', dictValue: '通用审批', remark: 'general' },
    ]),
  'GET /api/blade-system/tenant/select': () =>
    ok([
      { tenantId: '000000', tenantName: '管理组' },
      { tenantId: '100001', tenantName: '示例租户' },
    ]),
  ...more,
});
const render = (route: string, more: Handlers = {}, user: { permissions?: string[] } = {}) =>
  renderPlugin(flowPlugin, { backend: respond(base(more)), with: [dictPlugin], route, user: { roles: ['administrator'], ...user } });
const rowOf = (text: string) => screen.getAllByText(text)[0]!.closest('tr') as HTMLElement;
const toast = (text: string) => waitFor(() => expect([...document.querySelectorAll('.arco-message')].map((e) => e.textContent)).toContain(text));
const choose = async (select: HTMLElement, text: string) => {
  fireEvent.click(select.closest('.arco-select')!.querySelector('.arco-select-view')!);
  fireEvent.click(await screen.findByText(text, { selector: '.arco-select-option *, .arco-select-option' }));
};
const file = (name: string, text: string) => new File([text], name, { type: 'application/xml' });

describe('模型管理', () => {
  it('lists the models with their version and times, searches by key, and shows each button only to the holder of its code', async () => {
    const app = await render('/flow/model');
    const row = rowOf(await screen.findByText('通用审批（两级）').then((e) => e.textContent!));
    expect(within(row).getByText('general_two_step')).toBeTruthy();
    expect(within(row).getByText('2024-05-03 09:00:00')).toBeTruthy();
    for (const id of ['design', 'deploy', 'download', 'delete']) expect(within(row).getByTestId(`flow-model-${id}`)).toBeTruthy();
    expect(screen.getByTestId('flow-model-create')).toBeTruthy();

    await app.user.type(within(screen.getByRole('search')).getByPlaceholderText('请输入模型标识'), 'expense{Enter}');
    await waitFor(() => expect(app.callsTo('GET /api/blade-flow/model/list').at(-1)!.query).toMatchObject({ modelKey: 'expense' }));
    await waitFor(() => expect(screen.queryByText('通用审批（两级）')).toBeNull());
  });

  it('without the model codes the list has no create, design, deploy or delete', async () => {
    await render('/flow/model', {}, { permissions: ['flow', 'flow_model', 'flow_model_download'] });
    const row = rowOf(await screen.findByText('报销审批').then((e) => e.textContent!));
    expect(within(row).getByTestId('flow-model-download')).toBeTruthy();
    expect(within(row).queryByTestId('flow-model-design')).toBeNull();
    expect(within(row).queryByTestId('flow-model-deploy')).toBeNull();
    expect(within(row).queryByTestId('flow-model-delete')).toBeNull();
    expect(screen.queryByTestId('flow-model-create')).toBeNull();
  });

  it('部署 asks for a category and tenants; a refusal stays in the dialog with the choices, then the definitions made are listed', async () => {
    let refuse = true;
    const app = await render('/flow/model', {
      'POST /api/blade-flow/model/deploy': () => {
        if (refuse) {
          refuse = false;
          return fail('租户「100001」不存在');
        }
        return ok({ deploymentId: '92', definitions: [{ id: 'expense:1:92', tenantId: '100001', key: 'expense', name: '报销审批', version: 1, category: 'flow_2' }] });
      },
    });
    fireEvent.click(within(rowOf(await screen.findByText('报销审批').then((e) => e.textContent!))).getByTestId('flow-model-deploy'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('部署「报销审批」')).toBeTruthy();
    await app.user.click(within(dialog).getByTestId('flow-deploy-submit'));
    expect(await within(dialog).findByText('请选择流程分类')).toBeTruthy();
    expect(app.callsTo('POST /api/blade-flow/model/deploy')).toHaveLength(0);

    await choose(within(dialog).getByTestId('flow-deploy-category'), '通用审批');
    await choose(within(dialog).getByTestId('flow-deploy-tenants'), '示例租户 (100001)');
    await app.user.click(within(dialog).getByTestId('flow-deploy-submit'));
    expect((await within(dialog).findByTestId('flow-deploy-error')).textContent).toContain('租户「100001」不存在');
    expect(app.callsTo('POST /api/blade-flow/model/deploy')[0]!.query).toEqual({ modelId: '32', category: 'flow_2', tenantIds: '100001' });

    await app.user.click(within(dialog).getByTestId('flow-deploy-submit'));
    expect((await within(dialog).findByTestId('flow-deployed')).textContent).toContain('100001：expense 第 1 版');
  });
});

describe('流程部署', () => {
  it('checks each file as it is chosen (a wrong type refused at once, the server judging the rest), deploys only when every file passed, and lists what was made', async () => {
    const app = await render('/flow/deploy', {
      'POST /api/blade-flow/manager/check-upload': (call) => {
        const sent = (call.body as FormData).get('file') as File;
        return sent.name === 'picture.bpmn' ? ok({ name: sent.name, success: false, msg: '文件不是 UTF-8 编码的 BPMN 2.0 XML' }) : ok({ name: sent.name, success: true, msg: '可以部署' });
      },
      'POST /api/blade-flow/manager/deploy-upload': () => ok([{ deploymentId: '93', definitions: [{ id: 'car:1:93', tenantId: '000000', key: 'car', name: '用车申请', version: 1, category: 'flow_2' }] }]),
    });
    const input = await screen.findByTestId('flow-deploy-files');
    // As a drop of any file would give them (the picker's own filter left aside).
    fireEvent.change(input, { target: { files: [file('car.bpmn20.xml', '<definitions/>'), file('picture.bpmn', 'PNG'), file('notes.txt', 'x')] } });
    const list = await screen.findByTestId('flow-deploy-list');
    await waitFor(() => expect(list.querySelectorAll('[data-state="checking"]')).toHaveLength(0));
    expect(within(list).getByText('只能选择 .bpmn、.bpmn20.xml 或 .xml 文件')).toBeTruthy();
    expect(within(list).getByText('文件不是 UTF-8 编码的 BPMN 2.0 XML')).toBeTruthy();
    expect(within(list).getByText('可以部署')).toBeTruthy();
    expect(app.callsTo('POST /api/blade-flow/manager/check-upload')).toHaveLength(2); // the .txt never left the browser
    expect((screen.getByTestId('flow-deploy-upload') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(list).getByRole('button', { name: '移除 picture.bpmn' }));
    fireEvent.click(within(list).getByRole('button', { name: '移除 notes.txt' }));
    await choose(screen.getByTestId('flow-deploy-category'), '通用审批');
    await choose(screen.getByTestId('flow-deploy-tenants'), '管理组 (000000)');
    await waitFor(() => expect((screen.getByTestId('flow-deploy-upload') as HTMLButtonElement).disabled).toBe(false));
    await app.user.click(screen.getByTestId('flow-deploy-upload'));
    expect((await screen.findByTestId('flow-deployed')).textContent).toContain('000000：car 第 1 版');
    const sent = app.callsTo('POST /api/blade-flow/manager/deploy-upload')[0]!.body as FormData;
    expect((sent.getAll('files') as File[]).map((f) => f.name)).toEqual(['car.bpmn20.xml']);
    expect([sent.get('category'), sent.get('tenantIds')]).toEqual(['flow_2', '000000']);
  });
});

describe('流程管理', () => {
  it('lists every tenant’s definitions with their state, filters by tenant, suspends one after a confirm and deletes a deployment after a confirm naming it', async () => {
    const app = await render('/flow/manager', {
      'POST /api/blade-flow/manager/change-state': () => ({ code: 200, success: true, data: null, msg: '操作成功' }),
      'POST /api/blade-flow/manager/delete-deployment': () => ({ code: 200, success: true, data: null, msg: '删除成功' }),
    });
    const active = rowOf(await screen.findByText('管理组 (000000)').then((e) => e.textContent!));
    expect(within(active).getByText('激活')).toBeTruthy();
    expect(within(rowOf('示例租户 (100001)')).getByText('挂起')).toBeTruthy();

    fireEvent.click(within(active).getByTestId('flow-manager-state'));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('确定挂起「通用审批（两级）」（general_two_step:2:91）');
    await app.user.click(within(confirm).getByRole('button', { name: /挂\s*起/ }));
    await toast('操作成功');
    expect(app.callsTo('POST /api/blade-flow/manager/change-state')[0]!.query).toEqual({ processId: 'general_two_step:2:91', state: 'suspend' });

    fireEvent.click(within(rowOf('示例租户 (100001)')).getByTestId('flow-manager-delete'));
    await waitFor(() => expect(screen.getAllByRole('dialog').some((d) => d.textContent?.includes('第 1 版（租户 100001）'))).toBe(true));
    const remove = screen.getAllByRole('dialog').find((d) => d.textContent?.includes('删除部署'))!;
    await app.user.click(within(remove).getByRole('button', { name: /删\s*除/ }));
    await toast('删除成功');
    expect(app.callsTo('POST /api/blade-flow/manager/delete-deployment')[0]!.query).toEqual({ deploymentIds: '90' });

    await choose(screen.getByTestId('flow-filter-tenant'), '示例租户 (100001)');
    await app.user.click(screen.getByTestId('flow-filter-search'));
    await waitFor(() => expect(app.callsTo('GET /api/blade-flow/manager/list').at(-1)!.query).toMatchObject({ tenantId: '100001' }));
  });
});

describe('流程跟踪', () => {
  it('跟踪 shows the history with who, when, how long and the outcome; a failed read says why and retries', async () => {
    let failOnce = true;
    const app = await render('/flow/follow', {
      'GET /api/blade-flow/process/model-view': () => {
        if (failOnce) {
          failOnce = false;
          return fail('数据不存在');
        }
        return ok({
          xml: '',
          current: ['hr'],
          flow: [
            historyItem({ historyActivityId: 'start', historyActivityName: '开始', assigneeName: '张三', createTime: '2024-05-05 09:00:00', endTime: '2024-05-05 09:00:00', historyActivityDurationTime: '0秒' }),
            historyItem({ taskId: '600', historyActivityId: 'manager', historyActivityName: '部门审批', assigneeName: '李四', createTime: '2024-05-05 09:00:00', endTime: '2024-05-05 10:01:02', historyActivityDurationTime: '1小时1分2秒', comment: '同意', pass: true }),
            historyItem({ taskId: '601', historyActivityId: 'hr', historyActivityName: '人事审批', createTime: '2024-05-05 10:01:02' }),
          ],
        });
      },
    });
    fireEvent.click(within(rowOf(await screen.findByText('张三').then((e) => e.textContent!))).getByTestId('flow-follow-follow'));
    const failed = await screen.findByTestId('flow-progress-failed');
    expect(failed.textContent).toContain('数据不存在');
    await app.user.click(within(failed).getByRole('button', { name: /重\s*试/ }));
    const history = await screen.findByTestId('flow-history');
    const approved = within(history).getByText('部门审批').closest('tr')!;
    expect(approved.textContent).toContain('李四');
    expect(approved.textContent).toContain('1小时1分2秒');
    expect(within(approved as HTMLElement).getByText('同意', { selector: '.arco-tag *, .arco-tag' })).toBeTruthy();
    expect(within(within(history).getByText('人事审批').closest('tr') as HTMLElement).getByText('处理中')).toBeTruthy();
    expect(app.callsTo('GET /api/blade-flow/process/model-view').at(-1)!.query).toEqual({ processInstanceId: '501' });
  });

  it('删除 needs a reason; a refusal stays in the dialog with the reason typed; then the instance is deleted', async () => {
    let refuse = true;
    const app = await render('/flow/follow', {
      'POST /api/blade-flow/follow/delete-process-instance': () => {
        if (refuse) {
          refuse = false;
          return fail('流程实例不存在或已结束');
        }
        return { code: 200, success: true, data: null, msg: '删除成功' };
      },
    });
    fireEvent.click(within(rowOf(await screen.findByText('张三').then((e) => e.textContent!))).getByTestId('flow-follow-delete'));
    const dialog = await screen.findByRole('dialog');
    await app.user.click(within(dialog).getByRole('button', { name: /删\s*除/ }));
    expect(await within(dialog).findByText('请输入删除原因')).toBeTruthy();
    expect(app.callsTo('POST /api/blade-flow/follow/delete-process-instance')).toHaveLength(0);

    await app.user.type(within(dialog).getByTestId('flow-follow-reason'), '申请人撤回');
    await app.user.click(within(dialog).getByRole('button', { name: /删\s*除/ }));
    expect((await within(dialog).findByTestId('flow-follow-delete-error')).textContent).toContain('流程实例不存在或已结束');
    expect((within(dialog).getByTestId('flow-follow-reason') as HTMLTextAreaElement).value).toBe('申请人撤回');

    await app.user.click(within(dialog).getByRole('button', { name: /删\s*除/ }));
    await toast('删除成功');
    expect(app.callsTo('POST /api/blade-flow/follow/delete-process-instance').at(-1)!.query).toEqual({ processInstanceId: '501', deleteReason: '申请人撤回' });
  });
});
