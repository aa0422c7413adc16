import { describe, expect, test } from '@rstest/core';
import type { Locator, Page } from 'playwright-core';
import { apiToken } from './api';
import { openPage } from './browser';
import { formItem } from './selectors';
import { ADMIN, DEMO, UNTIL_TEST_LIMIT, signIn, toast } from './session-helpers';
import { serverAndBrowser, SHOTS } from './suite';
import { HR, flowApi, historyOf, markedElements, rowOfInstance, toastsGone, workList, type WorkItem } from './work-helpers';

/**
 * The leave request, as its three people live it in the browser: the demo user asks for five days (请假流程
 * form, admin as the approver); admin approves it in 待办 → 处理请假流程; hr claims it in 待签 and approves
 * it; the demo user finds it finished, with its four steps and the diagram marked, on its detail page. A
 * two-day leave the approver rejects ends there, never reaching hr.
 */
const e2e = serverAndBrowser();
const url = () => e2e.server.url;

/** The classes the viewer marks finished and waiting steps with. */
const DONE = 'flow-done';

const pad = (n: number) => String(n).padStart(2, '0');
/** `yyyy-MM-dd HH:mm:ss` of a day from today at a given hour. */
function dayAt(daysFromToday: number, hour: number): string {
  const d = new Date();
  d.setDate(d.getDate() + daysFromToday);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(hour)}:00:00`;
}

interface LeaveDefinition {
  id: string;
  key: string;
  name: string;
}

/** The tenant's startable leave process, as the start list answers it. */
async function leaveDefinition(token: string): Promise<LeaveDefinition> {
  const page = await flowApi<{ records: (LeaveDefinition & { category: string })[] }>(url(), token, 'GET', '/api/blade-flow/work/start-list', { query: { size: '100' } });
  const found = page.records.find((p) => p.key === 'Leave');
  if (!found) throw new Error(`no leave process to start: ${page.records.map((p) => p.key).join(', ')}`);
  expect(found.category).toBe('flow_1');
  return found;
}

/** Types a date-time into the picker of a form item and confirms it with Enter. */
async function pickDateTime(page: Page, item: Locator, value: string): Promise<void> {
  const input = item.locator('input').first();
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await page.locator('.arco-picker-container:visible').waitFor({ state: 'hidden', timeout: 5000 }).catch(() => undefined);
  await expect(input.inputValue()).resolves.toBe(value);
}

/**
 * The demo user asks for leave on the 请假流程 form, approver admin, and lands on 已发事务; answers the new
 * instance's id (the one of the send list that was not there before).
 */
async function askForLeave(page: Page, definition: LeaveDefinition, leave: { start: string; end: string; days: number; reason: string }, shot?: string): Promise<string> {
  const demoToken = await apiToken(url(), DEMO.tenantId, DEMO.username, DEMO.password);
  const before = new Set((await workList(url(), demoToken, 'send')).map((item) => item.processInstanceId));
  await page.goto(`${url()}/work/start`);
  await page.locator('tbody .arco-table-tr', { hasText: definition.name }).first().getByTestId('work-start').click();
  await page.waitForURL(`**/work/process/leave/form/${encodeURIComponent(definition.id)}`);
  const form = page.locator('.arco-form', { has: page.locator('.arco-form-label-item', { hasText: '请假理由' }) });
  await formItem(form, '审批人').locator('.arco-select').click();
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: 'admin' }).first().click();
  await pickDateTime(page, formItem(form, '开始时间'), leave.start);
  await pickDateTime(page, formItem(form, '结束时间'), leave.end);
  await formItem(form, '请假理由').locator('textarea').fill(leave.reason);
  // The days, as the server will count them, shown while the form is filled.
  await formItem(form, '请假天数').getByText(`${leave.days} 天`).first().waitFor();
  if (shot) await page.screenshot({ path: `${SHOTS}/${shot}` });
  await page.getByTestId('leave-submit').click();
  await page.waitForURL(/\/work\/send$/, UNTIL_TEST_LIMIT);
  const added = (await workList(url(), demoToken, 'send')).filter((item) => !before.has(item.processInstanceId));
  expect(added.map((item) => item.processDefinitionName)).toEqual([definition.name]);
  return added[0]!.processInstanceId;
}

/** Opens the instance's task from a work list with 处理 and decides it on 处理请假流程 with a comment. */
async function handle(page: Page, token: string, processInstanceId: string, decision: '同意' | '驳回', comment: string, shot?: string): Promise<void> {
  await page.goto(`${url()}/work/todo`);
  const items = await workList(url(), token, 'todo');
  const task = items.find((item) => item.processInstanceId === processInstanceId);
  if (!task) throw new Error(`the task of ${processInstanceId} is not in the to-do list`);
  const row = await rowOfInstance(page, items, processInstanceId);
  await row.getByTestId('work-handle').click();
  await page.waitForURL(`**/work/process/leave/handle/${task.taskId}/${processInstanceId}/${task.businessId}`);
  await page.getByText('处理请假流程').first().waitFor(UNTIL_TEST_LIMIT);
  await page.getByTestId('leave-fields').waitFor(UNTIL_TEST_LIMIT);
  await page.getByTestId('leave-comment').fill(comment);
  if (shot) {
    await page.locator('[data-testid="flow-diagram"][data-state="ready"] .djs-element.flow-current').first().waitFor({ timeout: 30_000 });
    await page.screenshot({ path: `${SHOTS}/${shot}`, fullPage: true });
  }
  await page.getByTestId(decision === '同意' ? 'leave-approve' : 'leave-reject').click();
  await page.waitForURL(/\/work\/todo$/, UNTIL_TEST_LIMIT);
  expect((await workList(url(), token, 'todo')).some((item) => item.processInstanceId === processInstanceId)).toBe(false);
}

/** The demo user's sent item of the instance. */
async function sentItem(processInstanceId: string): Promise<WorkItem | undefined> {
  const demoToken = await apiToken(url(), DEMO.tenantId, DEMO.username, DEMO.password);
  return (await workList(url(), demoToken, 'send')).find((item) => item.processInstanceId === processInstanceId);
}

describe('the leave request, in the browser', () => {
  test('five days: the approver (admin) approves, hr claims and approves; the applicant sees four steps and the marked diagram', async () => {
    const demo = await openPage(e2e.browser, { viewport: { width: 1440, height: 900 } });
    await signIn(demo.page, url(), DEMO);
    const demoToken = await apiToken(url(), DEMO.tenantId, DEMO.username, DEMO.password);
    const definition = await leaveDefinition(demoToken);
    const reason = 'E2E 回老家参加婚礼，往返需要五天';
    const processInstanceId = await askForLeave(demo.page, definition, { start: dayAt(1, 9), end: dayAt(6, 9), days: 5, reason }, 'leave-form-zh-light.png');

    const admin = await openPage(e2e.browser, { viewport: { width: 1440, height: 900 } });
    await signIn(admin.page, url(), ADMIN);
    const adminToken = await apiToken(url(), ADMIN.tenantId, ADMIN.username, ADMIN.password);
    await handle(admin.page, adminToken, processInstanceId, '同意', '同意，注意交接工作', 'leave-handle-approver-zh-light.png');

    // More than three days: hr must claim it.
    const hr = await openPage(e2e.browser, { viewport: { width: 1440, height: 900 } });
    await signIn(hr.page, url(), HR);
    const hrToken = await apiToken(url(), HR.tenantId, HR.username, HR.password);
    await hr.page.goto(`${url()}/work/claim`);
    const claimable = await workList(url(), hrToken, 'claim');
    expect(claimable.find((item) => item.processInstanceId === processInstanceId)).toMatchObject({ taskName: '人事审批', status: 'claim' });
    const row = await rowOfInstance(hr.page, claimable, processInstanceId);
    await row.getByTestId('work-claim').click();
    await toast(hr.page, '签收事务成功').waitFor();
    await handle(hr.page, hrToken, processInstanceId, '同意', '人事已备案', 'leave-handle-hr-zh-light.png');

    // The applicant: finished, four steps, the diagram marked, on the detail page.
    const sent = await sentItem(processInstanceId);
    expect(sent).toMatchObject({ processIsFinished: 'finished' });
    const history = await historyOf(url(), demoToken, processInstanceId);
    expect(history.map((h) => [h.historyActivityName, h.comment])).toEqual([
      [expect.any(String), ''],
      ['审批人审批', '同意，注意交接工作'],
      ['人事审批', '人事已备案'],
      ['通过结束', ''],
    ]);
    await demo.page.goto(`${url()}/work/send`);
    const sentRows = await workList(url(), demoToken, 'send');
    const mine = await rowOfInstance(demo.page, sentRows, processInstanceId);
    await mine.getByTestId('work-detail').click();
    await demo.page.waitForURL(`**/work/process/leave/detail/${processInstanceId}/${sent!.businessId}`);
    await demo.page.getByText('请假流程详情').first().waitFor(UNTIL_TEST_LIMIT);
    await demo.page.getByText(reason).first().waitFor();
    const progress = demo.page.getByTestId('flow-progress');
    const diagram = progress.locator('[data-testid="flow-diagram"][data-state="ready"]');
    await diagram.locator(`.djs-element.${DONE}`).first().waitFor({ timeout: 30_000 });
    const steps = progress.locator('[data-testid="flow-history"] tbody .arco-table-tr');
    await steps.filter({ hasText: '人事已备案' }).first().waitFor(UNTIL_TEST_LIMIT);
    await expect(steps.count()).resolves.toBe(4);
    for (const [index, step] of history.entries()) {
      const text = (await steps.nth(index).textContent()) ?? '';
      for (const shown of [step.historyActivityName, step.assigneeName, step.createTime, step.historyActivityDurationTime, step.comment]) expect(text).toContain(shown);
    }
    const done = await markedElements(diagram, DONE);
    expect(done).toEqual(expect.arrayContaining(history.map((h) => h.historyActivityId)));
    await toastsGone(demo.page);
    await demo.page.screenshot({ path: `${SHOTS}/leave-detail-zh-light.png`, fullPage: true });

    for (const side of [demo, admin, hr]) {
      expect(side.problems.errors).toEqual([]);
      await side.context.close();
    }
  });

  test('two days rejected by the approver: it ends at once, and hr never sees it', async () => {
    const demo = await openPage(e2e.browser, { viewport: { width: 1440, height: 900 } });
    await signIn(demo.page, url(), DEMO);
    const demoToken = await apiToken(url(), DEMO.tenantId, DEMO.username, DEMO.password);
    const definition = await leaveDefinition(demoToken);
    const processInstanceId = await askForLeave(demo.page, definition, { start: dayAt(10, 9), end: dayAt(12, 9), days: 2, reason: 'E2E 搬家' });

    const admin = await openPage(e2e.browser, { viewport: { width: 1440, height: 900 } });
    await signIn(admin.page, url(), ADMIN);
    const adminToken = await apiToken(url(), ADMIN.tenantId, ADMIN.username, ADMIN.password);
    await handle(admin.page, adminToken, processInstanceId, '驳回', '项目上线周，请改期', 'leave-handle-reject-zh-light.png');

    expect(await sentItem(processInstanceId)).toMatchObject({ processIsFinished: 'finished' });
    const history = await historyOf(url(), demoToken, processInstanceId);
    expect(history.map((h) => [h.historyActivityName, h.comment])).toEqual([
      [expect.any(String), ''],
      ['审批人审批', '项目上线周，请改期'],
      ['驳回结束', ''],
    ]);
    const hrToken = await apiToken(url(), HR.tenantId, HR.username, HR.password);
    expect((await workList(url(), hrToken, 'claim')).some((item) => item.processInstanceId === processInstanceId)).toBe(false);

    for (const side of [demo, admin]) {
      expect(side.problems.errors).toEqual([]);
      await side.context.close();
    }
  });
});
