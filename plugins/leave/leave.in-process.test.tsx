import { describe, expect, it as baseIt } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SEED } from '../../core/sdk/server';
import { definePlugin } from '../../core/sdk/shared';
import { inProcessServer, renderPlugin } from '../../core/sdk/testing';
import deptServer from '../dept/server';
import dictServer from '../dict/server';
import flowServer from '../flow/server';
import postServer from '../post/server';
import roleServer from '../role/server';
import userServer from '../user/server';
import leavePlugin from './index';
import leaveServer from './server';
import { itemOf, pickTime } from './testing/form-steps';

/**
 * The form against the real server with the workflow (in-process): what the page sends is a leave the
 * server accepts, stores and starts, waiting for the approver picked from the real user list. The browser
 * side of the workflow is a stand-in: the progress view draws with bpmn-js, which is not this test's.
 */
const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);
// The approvers are read from the user plugin's list, as in the product.
const backend = inProcessServer({ plugins: [dictServer, deptServer, postServer, roleServer, userServer, flowServer, leaveServer] });
const flowStandIn = definePlugin({ id: 'flow', name: { zh: '工作流', en: 'Workflow' }, provides: { workflow: { ProcessProgress: () => null } } });


describe('the leave form (in-process server)', () => {
  it('starts a real leave: the row is stored with its days and its instance waits for the approver', async () => {
    const server = await backend.server();
    const admin = (await server.signIn('admin', 'admin')).access_token;
    const started = await server.get('/api/blade-flow/work/start-list', { token: admin, query: { size: '100' } });
    const definition = (started.body.data.records as { id: string; key: string }[]).find((p) => p.key === 'Leave')!.id;

    const app = await renderPlugin(leavePlugin, { with: [flowStandIn], backend, route: `/work/process/leave/form/${encodeURIComponent(definition)}` });
    fireEvent.click((await waitFor(() => itemOf('审批人'))).querySelector('.arco-select-view') as HTMLElement);
    await waitFor(() => expect(document.querySelectorAll('.arco-select-option').length).toBeGreaterThan(0), { timeout: 10_000 });
    fireEvent.click(await screen.findByText(/^admin \//, { selector: '.arco-select-option, .arco-select-option *' }));
    await pickTime('开始时间', '2031-05-06 09:00:00');
    await pickTime('结束时间', '2031-05-10 18:00:00');
    expect((await screen.findByTestId('leave-days')).textContent).toBe('4 天');
    await app.user.type(within(itemOf('请假理由')).getByRole('textbox'), '在进程内提交的请假');
    await app.user.click(screen.getByTestId('leave-submit'));
    await waitFor(() => expect(window.location.pathname).toBe('/work/send'), { timeout: 10_000 });

    const me = app.kernel.session.userInfo!.user_id;
    const rows = await server.ctx.db.system((tx) =>
      tx.query<{ id: string; days: number; task_user: string; process_instance_id: string }>(
        'select id::text as id, days, task_user::text as task_user, process_instance_id from blade_process_leave where create_user = $1',
        [me],
      ),
    );
    expect(rows).toEqual([expect.objectContaining({ days: 4, task_user: SEED.adminUserId })]);
    const todo = await server.get('/api/blade-flow/work/todo-list', { token: admin, query: { size: '100' } });
    const waiting = (todo.body.data.records as { processInstanceId: string; taskName: string; businessId: string }[]).find((t) => t.processInstanceId === rows[0]!.process_instance_id);
    expect(waiting).toMatchObject({ taskName: '审批人审批', businessId: rows[0]!.id });
  });
});
