import { describe, expect, it as baseIt } from '@rstest/core';
import { screen, waitFor, within } from '@testing-library/react';
import { inProcessServer, page, renderPlugin, reply, respond } from '../../core/sdk/testing';
import logPlugin from './index';
import logServer from './server';

/** These tests drive whole screens: more time than the default when the machine is busy. */
const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

const backend = inProcessServer({ plugins: [logServer] });
const READ = ['monitor', 'log_api', 'log_api_view', 'log_error', 'log_error_view', 'log_usual', 'log_usual_view'];

const rowOf = (text: string) => screen.getAllByText(text)[0]!.closest('tr')!;

describe('log screens (in-process server)', () => {
  it('API log: status tags by class, errors only, a call’s parameters as JSON, and from a failed call to its error and its stack', async () => {
    const app = await renderPlugin(logPlugin, { backend, route: '/monitor/log/api', user: { permissions: READ } });
    const failed = await screen.findByText('/api/mall/order/summary?date=2024-06-01');
    const failedRow = failed.closest('tr')!;
    expect(within(failedRow).getByText('500').closest('.arco-tag')!.className).toMatch(/red/);
    expect(within(failedRow).getByText('73 ms')).toBeTruthy();
    // Read only: nothing to add or remove.
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();

    await app.user.click(screen.getByTestId('log-status-errors'));
    await waitFor(() => expect(app.callsTo('GET /api/blade-log/api/list').at(-1)?.query).toMatchObject({ status_ge: '400' }));
    await waitFor(() => {
      const statuses = [...document.querySelectorAll('tbody .ba-log-status')].map((tag) => Number(tag.getAttribute('data-status')));
      expect(statuses.length).toBeGreaterThan(3);
      expect(statuses.every((s) => s >= 400)).toBe(true);
    });
    await app.user.click(screen.getByTestId('log-status-all'));

    await app.user.type(screen.getByPlaceholderText('请输入请求地址'), 'role/grant{Enter}');
    await app.user.click((await screen.findAllByText('/api/blade-system/role/grant'))[0]!);
    const drawer = await screen.findByTestId('log-detail');
    expect(within(drawer).getByTestId('log-params').textContent).toBe(JSON.stringify({ roleIds: ['1123598816738675202'], menuIds: ['1', '2', '3'] }, null, 2));
    await app.user.click(document.querySelector('.ba-log-drawer .arco-drawer-close-icon') as HTMLElement);
    await waitFor(() => expect(screen.queryByTestId('log-detail')).toBeNull());

    await app.user.click(screen.getByText('清空').closest('button')!);
    await app.user.click(await screen.findByText('/api/mall/order/summary?date=2024-06-01'));
    await app.user.click(await screen.findByTestId('log-to-errors'));
    await waitFor(() => expect(app.callsTo('GET /api/blade-log/error/list').at(-1)?.query).toMatchObject({ requestId_equal: expect.stringMatching(/^[0-9a-f-]{36}$/) }));
    await app.user.click(await screen.findByText('TypeError'));
    const error = await screen.findByTestId('log-detail');
    expect(within(error).getByTestId('log-stack').textContent).toMatch(/^TypeError: Cannot read properties of undefined \(reading 'amount'\)\n\s+at dayFigures/);
    expect(within(error).getByText('服务端')).toBeTruthy();
    // The stack and the request id, each with its copy button.
    expect(within(error).getAllByRole('button', { name: '复制' })).toHaveLength(2);
  });

  it('error log in English: browser and server entries told apart, the browser’s with no way to an API call', async () => {
    const app = await renderPlugin(logPlugin, { backend, route: '/monitor/log/error', language: 'en', user: { permissions: READ } });
    const browser = rowOf(await screen.findByText("Cannot read properties of null (reading 'map')").then((el) => el.textContent!));
    expect(within(browser).getByText('Browser')).toBeTruthy();
    expect(within(rowOf("Cannot read properties of undefined (reading 'amount')")).getByText('Server')).toBeTruthy();
    // Without its button, the test error is not offered.
    expect(screen.queryByTestId('log-test-error')).toBeNull();
    await app.user.click(within(browser).getByTestId('log-open'));
    const drawer = await screen.findByTestId('log-detail');
    expect(within(drawer).getByTestId('log-stack').textContent).toMatch(/at ProductCells/);
    expect(within(drawer).queryByTestId('log-to-request')).toBeNull();
    expect(within(drawer).getByText('render')).toBeTruthy();
  });

  it('event log: levels as tags, an event’s data as indented JSON', async () => {
    const app = await renderPlugin(logPlugin, { backend, route: '/monitor/log/usual', user: { permissions: READ } });
    const row = (await screen.findByText('plugin.switched')).closest('tr')!;
    expect(within(row).getByText('警告').closest('.arco-tag')).toBeTruthy();
    await app.user.click(within(row).getByText('plugin.switched'));
    const drawer = await screen.findByTestId('log-detail');
    expect(JSON.parse(within(drawer).getByTestId('log-data').textContent!)).toEqual({ tenantId: '100001', plugins: ['dict', 'param', 'card', 'visit'] });
  });
});

describe('the test error', () => {
  it('asks the server to fail, waits for the error to be logged, then lists it', async () => {
    let looks = 0;
    const ERROR_ROW = { id: '9001', tenantId: '000000', requestId: 'req-test-1', serviceId: 'blade-api', exceptionName: 'LogCheckError', message: 'Test error raised on purpose by admin', method: 'POST', requestUri: '/api/blade-log/error/test', createBy: 'admin', createTime: '2026-01-01 10:00:00' };
    const app = await renderPlugin(logPlugin, {
      route: '/monitor/log/error',
      user: { permissions: [...READ, 'log_error_test'] },
      backend: respond({
        'POST /api/blade-log/error/test': () => reply({ status: 500, body: { code: 500, success: false, data: null, msg: '服务器异常，请联系管理员', requestId: 'req-test-1' } }),
        // Written off the request path, a moment later: not there at the screen's first look for it, there at the next.
        'GET /api/blade-log/error/list': (call) => {
          if (call.query.requestId_equal === 'req-test-1') looks += 1;
          return page(looks > 1 ? [ERROR_ROW] : []);
        },
      }),
    });
    await app.user.click(await screen.findByTestId('log-test-error'));
    expect(await screen.findByText('已记录测试错误，请求ID：req-test-1')).toBeTruthy();
    expect(await screen.findByText('LogCheckError')).toBeTruthy();
    expect(app.callsTo('GET /api/blade-log/error/list').some((call) => call.query.requestId_equal === 'req-test-1')).toBe(true);
  });
});
