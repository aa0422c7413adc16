import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { mkdirSync, rmSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { apiToken } from './api';
import { launchBrowser, openPage } from './browser';
import { formItem } from './selectors';
import { freshDataDir, startServerProcess, type RunningServer } from './server-process';
import { ADMIN, DEMO, UNTIL_TEST_LIMIT, pickLanguage, pickTheme, signIn, toast, topButton } from './session-helpers';
import { SHOTS } from './suite';
import { HR, flowApi, historyOf, markedElements, toastsGone, workList, type WorkItem } from './work-helpers';

/**
 * The workflow's proof, as its people live it in the browser: the administrator DRAWS a two-step process
 * in the modeler (palette, context pad, direct editing and the properties panel, with the mouse and the
 * keyboard), saves and deploys it for 000000 as 通用审批; the demo user starts it through the general form
 * choosing admin as the second approver; hr finds it in 待签事务 and in the top bar's message tab, claims
 * and approves it; the server is stopped and started again on the same data; admin finds it waiting in
 * 待办 and rejects it with a comment; the demo user reads its history (who, when, how long, comments) and
 * the diagram with the done steps marked. One server at a time, on a data folder this file owns.
 */

const MODEL_NAME = 'E2E 采购两级审批';
const MODEL_KEY = 'e2e_purchase';
const TITLE = 'E2E 采购申请：人体工学椅 3 把';
const REASON = '研发部新入职三人，需要办公座椅。';
const REJECTION = '本季度预算已用完，下季度再申请';

let dataDir: string;
let server: RunningServer | undefined;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  dataDir = await freshDataDir();
  [server, browser] = await Promise.all([startServerProcess({}, { dataDir }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const url = () => server!.url;

/** What the steps learn and the later ones check. */
const run = { definitionId: '', processInstanceId: '', firstTaskId: '', secondTaskId: '' };

// ——— the modeler ———

/** The ids of the shapes drawn on the canvas (labels apart). */
const shapeIds = (page: Page) =>
  page.locator('.djs-container .djs-element.djs-shape').evaluateAll((shapes) => shapes.map((s) => s.getAttribute('data-element-id') ?? '').filter((id) => id && !id.endsWith('_label')));

/** A blank spot of the canvas (bottom left: clear of the palette, of what is drawn and of bpmn.io's mark at the bottom right). */
async function blankSpot(page: Page): Promise<{ x: number; y: number }> {
  const box = await page.locator('.djs-container').boundingBox();
  if (!box) throw new Error('the modeler has no canvas');
  return { x: box.x + 40, y: box.y + box.height - 40 };
}

/**
 * Selects one shape with the mouse and waits for its context pad. A click on the shape already selected
 * would leave nothing selected, so the canvas is clicked first.
 */
async function selectShape(page: Page, id: string): Promise<void> {
  const blank = await blankSpot(page);
  await page.mouse.click(blank.x, blank.y);
  // Near its top left corner: the context pad of what was selected before may still cover its middle.
  await page.locator(`.djs-container .djs-element.djs-shape[data-element-id="${id}"]`).click({ position: { x: 8, y: 8 } });
  await page.locator('.djs-context-pad.open').waitFor();
}

/** The shape drawn by `draw` (the one id that was not there before). */
async function drawn(page: Page, draw: () => Promise<void>): Promise<string> {
  const before = await shapeIds(page);
  await draw();
  const after = await shapeIds(page);
  const added = after.filter((id) => !before.includes(id));
  if (added.length !== 1) throw new Error(`expected one new shape, found ${JSON.stringify(added)}`);
  return added[0]!;
}

/** Opens a group of the properties panel (by its id, the same in every language) if it is closed. */
async function openGroup(page: Page, groupId: string): Promise<Locator> {
  const group = page.locator(`[data-group-id="group-${groupId}"]`);
  const header = group.locator('.bio-properties-panel-group-header');
  if (!((await header.getAttribute('class')) ?? '').includes('open')) await header.click();
  return group;
}

/** Types a name into the label editor bpmn-js opened on a new task and leaves it with a click on the canvas. */
async function typeName(page: Page, name: string): Promise<void> {
  await page.locator('.djs-direct-editing-parent').waitFor({ state: 'visible' });
  await page.keyboard.type(name);
  const blank = await blankSpot(page);
  await page.mouse.click(blank.x, blank.y);
  await page.locator('.djs-direct-editing-parent').waitFor({ state: 'hidden' });
}

/** Selects a user task and waits for the properties panel to show it. */
async function selectUserTask(page: Page, id: string): Promise<void> {
  await selectShape(page, id);
  await page.locator(`.bio-properties-panel-header-label`).filter({ hasText: await shapeName(page, id) }).waitFor();
}

/** The name a shape shows. */
const shapeName = async (page: Page, id: string) => ((await page.locator(`.djs-element.djs-shape[data-element-id="${id}"] .djs-visual text`).first().textContent()) ?? '').trim();

/** Types into a properties panel field and leaves it, so the panel writes it into the diagram. */
async function typeProperty(page: Page, fieldId: string, value: string): Promise<void> {
  const field = page.locator(`#bio-properties-panel-${fieldId}`);
  await field.click();
  await field.fill(value);
  await field.press('Tab');
}

// ——— the work screens ———

/**
 * The rows of the list the user sees. Pages visited in this session stay alive (hidden) behind their tabs,
 * so 发起事务's row of our process is still in the document when 已发事务 shows its own.
 */
const SHOWN_ROWS = 'tbody .arco-table-tr:visible';

/** A work list screen, read afresh, waiting for its first row. */
async function openList(page: Page, path: string): Promise<void> {
  await page.goto(`${url()}${path}`);
  await page.locator(SHOWN_ROWS).first().waitFor({ timeout: 30_000 });
}

/** Our process's row of a work list on screen (its name is ours alone). */
const ourRow = (page: Page) => page.locator(SHOWN_ROWS, { hasText: MODEL_NAME });

/** The item of a user's work list that belongs to our instance. */
async function itemOf(token: string, list: 'claim' | 'todo' | 'send' | 'done'): Promise<WorkItem | undefined> {
  return (await workList(url(), token, list)).find((item) => item.processInstanceId === run.processInstanceId);
}

/**
 * The entry of the top bar's message tab whose title names `text`. The tab lists the oldest waiting
 * first, a page at a time: 加载更多 is pressed until the entry shows or nothing more waits.
 */
async function messageOf(page: Page, text: string): Promise<Locator> {
  const entries = page.locator('.ba-notice').getByTestId('message-feed-item');
  const ours = entries.filter({ hasText: text });
  const more = page.locator('.ba-notice-footer').getByRole('button', { name: '加载更多' });
  await entries.first().waitFor(UNTIL_TEST_LIMIT);
  for (;;) {
    if ((await ours.count()) > 0) return ours.first();
    if ((await more.count()) === 0) throw new Error(`the message tab lists no entry for ${text}: ${JSON.stringify(await entries.allTextContents())}`);
    const shown = await entries.count();
    await more.click();
    await page.waitForFunction(([selector, before]) => document.querySelectorAll(selector as string).length > (before as number), ['.ba-notice [data-testid="message-feed-item"]', shown] as const, UNTIL_TEST_LIMIT);
  }
}

/** The process progress (history and diagram) inside `scope`, once both have loaded. */
async function progressLoaded(scope: Locator): Promise<{ history: Locator; diagram: Locator }> {
  const progress = scope.getByTestId('flow-progress');
  const diagram = progress.locator('[data-testid="flow-diagram"][data-state="ready"]');
  await diagram.locator('.djs-element.djs-shape').first().waitFor({ timeout: 30_000 });
  // The marks follow the drawing.
  await diagram.locator(`.djs-element.${DONE}`).first().waitFor();
  const history = progress.locator('[data-testid="flow-history"] tbody .arco-table-tr');
  await history.first().waitFor({ timeout: 30_000 });
  return { history, diagram };
}

/** The classes the viewer marks finished and waiting steps with. */
const DONE = 'flow-done';
const CURRENT = 'flow-current';

/** The id of the one shape of the canvas, once it shows (a new model starts from its start event). */
async function settledOne(page: Page): Promise<string> {
  await page.locator('.djs-container .djs-element.djs-shape').first().waitFor();
  const ids = await shapeIds(page);
  if (ids.length !== 1) throw new Error(`a new model should hold its start event alone, found ${JSON.stringify(ids)}`);
  return ids[0]!;
}

/** The diagram's named shapes: name → element id, read from the labels the viewer drew. */
const elementIdsByName = (diagram: Locator): Promise<Record<string, string>> =>
  diagram.locator('.djs-element.djs-shape').evaluateAll((shapes) =>
    Object.fromEntries(shapes.map((s) => [s.querySelector('.djs-visual text')?.textContent?.trim() ?? '', s.getAttribute('data-element-id') ?? '']).filter(([name]) => name !== '')),
  );

/** Every step of the history on screen: its name, who, when it started, how long it took and the comment. */
async function expectHistory(rows: Locator, history: readonly WorkItem[]): Promise<void> {
  await expect(rows.count()).resolves.toBe(history.length);
  for (const [index, step] of history.entries()) {
    const text = (await rows.nth(index).textContent()) ?? '';
    for (const shown of [step.historyActivityName, step.assigneeName, step.createTime, step.historyActivityDurationTime, step.comment]) expect(text).toContain(shown);
  }
}

describe('a process drawn in the browser, run by the engine across a restart', () => {
  test('1. the administrator draws start → 一级审批 (candidate group hr) → 二级审批 (${taskUser}) → end, saves and deploys it for 000000 as 通用审批', async () => {
    const { context, page, problems } = await openPage(browser, { viewport: { width: 1600, height: 900 } });
    await signIn(page, url());
    await page.goto(`${url()}/flow/model`);
    await page.getByRole('button', { name: '创建' }).click();
    await page.waitForURL(/\/flow\/model\/design\/new$/);
    await page.locator('.djs-palette .entry[data-action="create.user-task"]').waitFor({ timeout: 30_000 });

    // A new model starts from its start event alone.
    const start = await settledOne(page);

    // 一级审批: appended to the start with the context pad, named by typing, its candidate group set in the properties panel.
    await selectShape(page, start);
    const first = await drawn(page, () => page.locator('.djs-context-pad .entry[data-action="append.user-task"]').click());
    await typeName(page, '一级审批');
    await selectUserTask(page, first);
    await openGroup(page, 'CamundaPlatform__UserAssignment');
    await typeProperty(page, 'candidateGroups', 'hr');

    // 二级审批: from the palette (a click on the tool, a click on the canvas), joined to the first with the context pad's connect.
    const firstBox = (await page.locator(`.djs-element.djs-shape[data-element-id="${first}"]`).boundingBox())!;
    const at = { x: firstBox.x + firstBox.width + 160, y: firstBox.y + firstBox.height / 2 };
    const second = await drawn(page, async () => {
      await page.locator('.djs-palette .entry[data-action="create.user-task"]').click();
      await page.mouse.move(at.x - 10, at.y - 10);
      await page.mouse.move(at.x, at.y);
      await page.mouse.click(at.x, at.y);
    });
    await typeName(page, '二级审批');
    await selectShape(page, first);
    await page.locator('.djs-context-pad .entry[data-action="connect"]').click();
    await page.mouse.move(at.x - 5, at.y - 5);
    await page.mouse.move(at.x, at.y);
    await page.mouse.click(at.x, at.y);
    await page.locator('.djs-container .djs-connection').nth(1).waitFor({ state: 'attached' });
    await selectUserTask(page, second);
    await openGroup(page, 'CamundaPlatform__UserAssignment');
    await typeProperty(page, 'assignee', '${taskUser}');

    // The end, appended with the context pad.
    await selectShape(page, second);
    const end = await drawn(page, () => page.locator('.djs-context-pad .entry[data-action="append.end-event"]').click());
    await page.locator('.djs-container .djs-connection').nth(2).waitFor({ state: 'attached' });
    expect((await shapeIds(page)).sort()).toEqual([start, first, second, end].sort());

    // Named (the key is the process's id), saved.
    await page.getByTestId('flow-designer-name').fill(MODEL_NAME);
    await page.getByTestId('flow-designer-key').fill(MODEL_KEY);
    await selectUserTask(page, second);
    await page.screenshot({ path: `${SHOTS}/workflow-designer-zh-light.png` });
    // Saved from the keyboard (Ctrl+S), as the button's hint says.
    const blank = await blankSpot(page);
    await page.mouse.click(blank.x, blank.y);
    await page.keyboard.press('Control+s');
    await toast(page, '保存成功，当前第 1 版').waitFor(UNTIL_TEST_LIMIT);

    // The model list shows it; 部署 for 000000 with the category 通用审批.
    await page.goto(`${url()}/flow/model`);
    const row = page.locator('tbody .arco-table-tr', { hasText: MODEL_NAME });
    await row.waitFor(UNTIL_TEST_LIMIT);
    await row.getByRole('button', { name: '部署' }).click();
    const dialog = page.locator('.arco-modal', { hasText: `部署「${MODEL_NAME}」` });
    await dialog.getByTestId('flow-deploy-category').click();
    await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: '通用审批' }).first().click();
    await dialog.getByTestId('flow-deploy-tenants').click();
    await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: '(000000)' }).first().click();
    await dialog.locator('.arco-modal-title').click(); // closes the popup, not the dialog
    await page.locator('.arco-select-popup:visible').waitFor({ state: 'hidden' });
    await page.screenshot({ path: `${SHOTS}/workflow-deploy-zh-light.png` });
    await dialog.getByTestId('flow-deploy-submit').click();
    await dialog.getByTestId('flow-deployed').getByText(`000000：${MODEL_KEY} 第 1 版`).waitFor(UNTIL_TEST_LIMIT);
    await dialog.getByRole('button', { name: '关闭' }).click();

    const demoToken = await apiToken(url(), DEMO.tenantId, DEMO.username, DEMO.password);
    const startable = await flowApi<{ records: { id: string; key: string; category: string; version: number }[] }>(url(), demoToken, 'GET', '/api/blade-flow/work/start-list', {
      query: { size: '100' },
    });
    const ours = startable.records.find((p) => p.key === MODEL_KEY);
    expect(ours).toMatchObject({ category: 'flow_2', version: 1 });
    run.definitionId = ours!.id;
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  test('2. the demo user starts it from 发起事务 through the general form, choosing admin as the approver', async () => {
    const { context, page, problems } = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    await signIn(page, url(), DEMO);
    await openList(page, '/work/start');
    await ourRow(page).getByTestId('work-start').click();
    await page.waitForURL(`**/work/process/general/form/${encodeURIComponent(run.definitionId)}`);
    const form = page.locator('.arco-form', { has: page.locator('.arco-form-label-item', { hasText: '审批人' }) });
    await formItem(form, '标题').locator('input').fill(TITLE);
    await formItem(form, '事由').locator('textarea').fill(REASON);
    await formItem(form, '审批人').locator('.arco-select').click();
    await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: 'admin' }).first().click();
    await page.screenshot({ path: `${SHOTS}/workflow-start-form-zh-light.png` });
    await page.getByTestId('work-general-submit').click();
    await page.waitForURL(/\/work\/send$/, UNTIL_TEST_LIMIT);
    await ourRow(page).waitFor(UNTIL_TEST_LIMIT);

    const demoToken = await apiToken(url(), DEMO.tenantId, DEMO.username, DEMO.password);
    // Started once: one instance of ours in the list, one row of it on screen.
    const ours = (await workList(url(), demoToken, 'send')).filter((item) => item.processDefinitionName === MODEL_NAME);
    expect(ours).toHaveLength(1);
    await expect(ourRow(page).count()).resolves.toBe(1);
    const [sent] = ours;
    expect(sent).toMatchObject({ processIsFinished: 'unfinished', taskName: '一级审批' });
    run.processInstanceId = sent!.processInstanceId;
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  test('3. hr finds it in 待签事务 and in the top bar’s message tab, claims it, and approves it in 待办事务', async () => {
    const { context, page, problems } = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    await signIn(page, url(), HR);

    // The top bar's message tab lists it.
    await topButton(page, /^(通知|Notifications) \(/).click();
    await page.locator('.ba-notice .arco-tabs-header-title', { hasText: /^消息/ }).click();
    await (await messageOf(page, MODEL_NAME)).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/workflow-message-tab-zh-light.png` });
    await page.keyboard.press('Escape');

    await openList(page, '/work/claim');
    await ourRow(page).waitFor(UNTIL_TEST_LIMIT);
    await page.screenshot({ path: `${SHOTS}/workflow-claim-list-zh-light.png` });
    await ourRow(page).getByTestId('work-claim').click();
    await toast(page, '签收事务成功').waitFor();
    await ourRow(page).waitFor({ state: 'detached', ...UNTIL_TEST_LIMIT });

    const hrToken = await apiToken(url(), HR.tenantId, HR.username, HR.password);
    const todo = await itemOf(hrToken, 'todo');
    expect(todo).toMatchObject({ taskName: '一级审批', status: 'todo' });
    run.firstTaskId = todo!.taskId;

    await openList(page, '/work/todo');
    await ourRow(page).getByTestId('work-handle').click();
    await page.waitForURL(`**/work/process/general/handle/${run.firstTaskId}/${run.processInstanceId}/**`);
    // The handling page (the list it came from stays behind its tab, with the same title in a row).
    const handle = page.getByTestId('work-general-handle');
    await handle.getByText(TITLE).first().waitFor(UNTIL_TEST_LIMIT);
    await handle.getByText(REASON).first().waitFor();
    await handle.getByRole('textbox', { name: '意见' }).fill('同意采购，按标准配置');
    await progressLoaded(handle);
    await page.screenshot({ path: `${SHOTS}/workflow-handle-hr-zh-light.png`, fullPage: true });
    await page.getByTestId('work-approve').click();
    await page.waitForURL(/\/work\/todo$/, UNTIL_TEST_LIMIT);
    expect(await itemOf(hrToken, 'todo')).toBeUndefined();
    expect(await itemOf(hrToken, 'done')).toMatchObject({ taskName: '一级审批' });
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  test('4. the server is stopped and started again on the same data: the process waits for admin as before', async () => {
    const adminBefore = await apiToken(url(), ADMIN.tenantId, ADMIN.username, ADMIN.password);
    const waiting = await itemOf(adminBefore, 'todo');
    expect(waiting).toMatchObject({ taskName: '二级审批', status: 'todo' });
    run.secondTaskId = waiting!.taskId;

    await server!.stop();
    server = undefined;
    server = await startServerProcess({}, { dataDir });

    const admin = await apiToken(url(), ADMIN.tenantId, ADMIN.username, ADMIN.password);
    expect(await itemOf(admin, 'todo')).toMatchObject({ taskId: run.secondTaskId, taskName: '二级审批' });
  });

  test('5. admin finds it waiting in 待办 (the diagram marks 二级审批 current) and rejects it with a comment', async () => {
    const { context, page, problems } = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    await signIn(page, url());
    await openList(page, '/work/todo');
    await ourRow(page).getByTestId('work-handle').click();
    await page.waitForURL(`**/work/process/general/handle/${run.secondTaskId}/${run.processInstanceId}/**`);
    const handle = page.getByTestId('work-general-handle');
    await handle.getByText(TITLE).first().waitFor(UNTIL_TEST_LIMIT);
    const { diagram } = await progressLoaded(handle);
    const ids = await elementIdsByName(diagram);
    await expect(markedElements(diagram, CURRENT)).resolves.toEqual([ids['二级审批']]);
    expect(await markedElements(diagram, DONE)).toEqual(expect.arrayContaining([ids['一级审批']]));
    await handle.getByRole('textbox', { name: '意见' }).fill(REJECTION);
    await page.screenshot({ path: `${SHOTS}/workflow-handle-admin-zh-light.png`, fullPage: true });
    await page.getByTestId('work-reject').click();
    await page.waitForURL(/\/work\/todo$/, UNTIL_TEST_LIMIT);

    const admin = await apiToken(url(), ADMIN.tenantId, ADMIN.username, ADMIN.password);
    expect(await itemOf(admin, 'todo')).toBeUndefined();
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  test('6. the demo user reads in 已发事务 → 跟踪 and 详情 who did each step, when, how long, the comments, and the diagram with the steps done', async () => {
    const demoToken = await apiToken(url(), DEMO.tenantId, DEMO.username, DEMO.password);
    expect(await itemOf(demoToken, 'send')).toMatchObject({ processIsFinished: 'finished' });
    const history = await historyOf(url(), demoToken, run.processInstanceId);
    expect(history.map((h) => [h.historyActivityName, h.assigneeName, h.comment])).toEqual([
      [expect.any(String), '演示用户', ''],
      ['一级审批', '人事专员', '同意采购，按标准配置'],
      ['二级审批', '管理员', REJECTION],
      [expect.any(String), expect.any(String), ''],
    ]);
    for (const step of history) expect(step.historyActivityDurationTime).toMatch(/^(\d+天)?(\d+小时)?(\d+分)?\d+秒$|^0秒$/);

    const { context, page, problems } = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    await signIn(page, url(), DEMO);
    await openList(page, '/work/send');
    await ourRow(page).locator('.arco-tag', { hasText: '已办结' }).waitFor(UNTIL_TEST_LIMIT);

    // 跟踪: a drawer with the history and the diagram.
    await ourRow(page).getByTestId('work-follow').click();
    const drawer = page.locator('.arco-drawer').last();
    const shown = await progressLoaded(drawer);
    await expectHistory(shown.history, history);
    const ids = await elementIdsByName(shown.diagram);
    expect(await markedElements(shown.diagram, DONE)).toEqual(expect.arrayContaining([ids['一级审批'], ids['二级审批']]));
    await expect(markedElements(shown.diagram, CURRENT)).resolves.toEqual([]);
    await toastsGone(page);
    await page.screenshot({ path: `${SHOTS}/workflow-follow-zh-light.png` });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // 详情: the request and its progress, in English and dark.
    await pickTheme(page, true);
    await pickLanguage(page, 'English');
    await ourRow(page).getByTestId('work-detail').click();
    await page.waitForURL(`**/work/process/general/detail/${run.processInstanceId}/**`);
    const detailPage = page.getByTestId('work-general-detail');
    await detailPage.getByText(TITLE).first().waitFor(UNTIL_TEST_LIMIT);
    const detail = await progressLoaded(detailPage);
    await detail.history.filter({ hasText: REJECTION }).first().waitFor();
    await page.screenshot({ path: `${SHOTS}/workflow-detail-en-dark.png`, fullPage: true });
    expect(problems.errors).toEqual([]);
    await context.close();
  });
});
