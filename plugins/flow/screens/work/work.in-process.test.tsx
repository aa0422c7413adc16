import { describe, expect, it as baseIt } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { inProcessServer, renderPlugin } from '../../../../core/sdk/testing';
import dictPlugin from '../../../dict/index';
import dictServer from '../../../dict/server';
import deptServer from '../../../dept/server';
import postServer from '../../../post/server';
import roleServer from '../../../role/server';
import userServer from '../../../user/server';
import flowPlugin from '../../index';
import flowServer from '../../server';

const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 90_000);

/** The work screens against the real server: the engine, its work endpoints, the demo processes and the members to choose an approver among. */
const backend = inProcessServer({ plugins: [dictServer, deptServer, postServer, roleServer, userServer, flowServer] });
/** A row of one list (the tabs keep the lists visited before in the page). */
const rowOf = async (list: string, text: string) => (await within(await screen.findByTestId(`work-${list}`)).findByText(text)).closest('tr') as HTMLElement;

describe('work screens (in-process server)', () => {
  it('a member starts a general approval naming themselves the approver, finds it in 待办, approves it, and sees it move on in 已发事务', async () => {
    const app = await renderPlugin(flowPlugin, { backend, with: [dictPlugin], route: '/work/start' });
    const general = await screen.findAllByText('通用审批');
    const row = general.map((cell) => cell.closest('tr')).find((tr) => tr && within(tr).queryByTestId('work-start')) as HTMLElement;
    await app.user.click(within(row).getByTestId('work-start'));
    await screen.findByTestId('work-general-form');
    await app.user.type(screen.getByPlaceholderText('请输入标题'), '采购一台显示器');
    await app.user.type(screen.getByPlaceholderText('请输入事由'), '屏幕坏了');
    // The approver picker searches the tenant's members: the signed-in tester is one.
    await app.user.click(screen.getByTestId('work-general-form').querySelector('.arco-select-view') as HTMLElement);
    await app.user.keyboard('tester');
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.arco-select-option')].find((e) => /\(tester\d+\)/.test(e.textContent ?? ''));
      if (!found) throw new Error('no tester among the approvers');
      return found as HTMLElement;
    });
    fireEvent.click(option);
    await app.user.click(screen.getByTestId('work-general-submit'));
    await waitFor(() => expect(window.location.pathname).toBe('/work/send'));
    expect(within(await rowOf('send', '采购一台显示器')).getByText('未办结')).toBeTruthy();

    app.navigate('/work/todo');
    const todo = await rowOf('todo', '采购一台显示器');
    await app.user.click(within(todo).getByTestId('work-handle'));
    const handling = await screen.findByTestId('work-general-handle');
    expect(await within(handling).findByText('屏幕坏了')).toBeTruthy();
    await app.user.type(within(handling).getByLabelText('意见'), '同意购买');
    await app.user.click(screen.getByTestId('work-approve'));
    await waitFor(() => expect(window.location.pathname).toBe('/work/todo'));
    await waitFor(() => expect(within(screen.getByTestId('work-todo')).queryByText('采购一台显示器')).toBeNull());

    app.navigate('/work/done');
    expect(within(await rowOf('done', '采购一台显示器')).getByText('部门审批')).toBeTruthy();
  });
});
