import { describe, expect, test } from '@rstest/core';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { openPage } from './browser';
import { menusClosed, pickLanguage, pickTheme, signIn, toast } from './session-helpers';
import { serverAndBrowser, SHOTS } from './suite';

const e2e = serverAndBrowser();
const MODEL = '通用审批（两级）';
const RENAMED = '部门经理审批';
const WAIT = { timeout: 60_000 };

const row = (page: Page, text: string | RegExp) => page.locator('.ba-crud-table .arco-table-tr', { hasText: text });
const shape = (scope: Locator | Page, id: string) => scope.locator(`.djs-element[data-element-id="${id}"]`);

/** A new model's diagram, as a file to import: start, end and the flow between them. */
const TRAVEL_XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="Definitions_travel" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="travel_e2e" name="差旅审批" isExecutable="true">
    <bpmn:startEvent id="start" name="开始" />
    <bpmn:sequenceFlow id="toEnd" sourceRef="start" targetRef="end" />
    <bpmn:endEvent id="end" name="结束" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_travel">
    <bpmndi:BPMNPlane id="BPMNPlane_travel" bpmnElement="travel_e2e">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="180" y="160" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="320" y="160" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="toEnd_di" bpmnElement="toEnd"><di:waypoint x="216" y="178" /><di:waypoint x="320" y="178" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;

/** Picks an option of the Arco select found by its test id. */
async function choose(page: Page, scope: Locator, testId: string, option: string | RegExp): Promise<void> {
  await scope.getByTestId(testId).click();
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: option }).first().click();
}

/** The designer open on the seeded two-step model, its tasks drawn. */
async function openDesigner(page: Page): Promise<Locator> {
  await row(page, MODEL).getByTestId('flow-model-design').click();
  const canvas = page.getByTestId('flow-designer-canvas');
  await shape(canvas, 'deptApprove').waitFor(WAIT);
  await page.waitForFunction(() => !document.querySelector('[data-testid="flow-designer"] .flow-diagram-state'), undefined, WAIT);
  return canvas;
}

describe('workflow administration, in the browser', () => {
  test('the super administrator designs a seeded model, saves it, deploys it for a tenant, suspends and activates the new version, and follows a running instance', async () => {
    const { context, page, problems } = await openPage(e2e.browser, { viewport: { width: 1600, height: 1000 } });
    await signIn(page, e2e.server.url);
    await page.locator('.ba-sider .ba-menu-text', { hasText: '流程管理' }).first().click();
    await page.locator('.ba-sider .ba-menu-text', { hasText: '模型管理' }).click();
    await page.waitForURL(/\/flow\/model/);
    await row(page, MODEL).waitFor(WAIT);
    expect(await row(page, MODEL).textContent()).toContain('general_two_step');
    await page.screenshot({ path: join(SHOTS, 'flow-model-zh-light.png') });

    // The designer draws the model: its tasks are on the canvas, the palette is bpmn-js's.
    const canvas = await openDesigner(page);
    expect(await shape(canvas, 'hrApprove').count()).toBe(1);
    expect(await page.locator('.djs-palette .entry.bpmn-icon-user-task').count()).toBe(1);
    expect(await page.getByTestId('flow-designer-key').inputValue()).toBe('general_two_step');

    // A task renamed in the properties panel: the canvas follows, the page says it is unsaved.
    await shape(canvas, 'deptApprove').click();
    const name = page.getByTestId('flow-designer-properties').locator('#bio-properties-panel-name');
    await name.waitFor(WAIT);
    await name.fill(RENAMED);
    await shape(canvas, 'deptApprove').filter({ hasText: RENAMED }).waitFor(WAIT);
    // Who does the task is asked; what the engine never reads (due date, listeners, forms…) is not.
    const panel = page.getByTestId('flow-designer-properties');
    await panel.locator('[data-entry-id="assignee"]').waitFor(WAIT);
    expect(await panel.locator('[data-entry-id="dueDate"], [data-entry-id="followUpDate"], [data-entry-id="priority"]').count()).toBe(0);
    expect(await panel.locator('[data-group-id="group-CamundaPlatform__TaskListener"], [data-group-id="group-CamundaPlatform__Form"]').count()).toBe(0);
    await page.getByTestId('flow-designer-dirty').waitFor(WAIT);
    await page.screenshot({ path: join(SHOTS, 'flow-designer-zh-light.png') });
    await page.getByTestId('flow-designer-save').click();
    await toast(page, /保存成功，当前第 \d+ 版/).waitFor(WAIT);
    await page.getByTestId('flow-designer-dirty').waitFor({ state: 'detached', ...WAIT });

    // Read again from the server: the new name was kept in the XML.
    await page.reload();
    await shape(page.getByTestId('flow-designer-canvas'), 'deptApprove').filter({ hasText: RENAMED }).waitFor(WAIT);

    // A key the diagram cannot take is refused by the server at the top, and the form keeps what was typed.
    await page.getByTestId('flow-designer-key').fill('expense');
    await page.keyboard.press('Control+s');
    const refusal = page.getByTestId('flow-designer-error');
    await refusal.waitFor(WAIT);
    expect(await refusal.textContent()).toContain('expense');
    expect(await page.getByTestId('flow-designer-key').inputValue()).toBe('expense');
    await page.getByTestId('flow-designer-key').fill('general_two_step');
    await page.getByTestId('flow-designer-save').click();
    await toast(page, /保存成功/).last().waitFor(WAIT);

    // A new model: the context pad appends a user task to the start event, the palette drops another;
    // leaving with those unsaved asks first.
    await page.goto(`${e2e.server.url}/flow/model/design/new`);
    const blank = page.getByTestId('flow-designer-canvas');
    await shape(blank, 'start').waitFor(WAIT);
    await page.waitForFunction(() => !document.querySelector('[data-testid="flow-designer"] .flow-diagram-state'), undefined, WAIT);
    expect(await page.getByTestId('flow-designer-key').inputValue()).toMatch(/^process_/);
    await shape(blank, 'start').click();
    await page.locator('.djs-context-pad [data-action="append.user-task"]').click();
    const userTasks = blank.locator('.djs-shape[data-element-id^="Activity_"]');
    await userTasks.first().waitFor(WAIT);
    await page.locator('.djs-palette .entry.bpmn-icon-user-task').click();
    const box = (await blank.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height - 120);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="flow-designer-canvas"] .djs-shape[data-element-id^="Activity_"]').length === 2, undefined, WAIT);
    expect(await page.locator('.djs-palette .entry.bpmn-icon-task').count()).toBe(0); // a plain task is not offered
    await page.getByTestId('flow-designer-dirty').waitFor(WAIT);
    // Its tab is marked: closing it would ask too.
    await page.locator('.ba-tab-title.is-unsaved').waitFor(WAIT);
    await page.getByTestId('flow-designer-back').click();
    const leave = page.locator('.arco-modal', { hasText: '放弃未保存的修改？' });
    await leave.getByRole('button', { name: '放弃并离开' }).click();
    await page.waitForURL(/\/flow\/model$/, WAIT);

    // Saved, a new model becomes its own page in the same tab, named after it: no blank designer is
    // left beside it, and the top menu does not claim 首页 for a page no menu lists.
    await page.goto(`${e2e.server.url}/flow/model/design/new`);
    await shape(page.getByTestId('flow-designer-canvas'), 'start').waitFor(WAIT);
    await page.waitForFunction(() => !document.querySelector('[data-testid="flow-designer"] .flow-diagram-state'), undefined, WAIT);
    await page.getByTestId('flow-designer-file').setInputFiles({ name: 'travel.bpmn', mimeType: 'application/xml', buffer: Buffer.from(TRAVEL_XML) });
    await shape(page.getByTestId('flow-designer-canvas'), 'end').waitFor(WAIT);
    expect(await page.getByTestId('flow-designer-name').inputValue()).toBe('差旅审批');
    await page.getByTestId('flow-designer-save').click();
    await page.waitForFunction(() => /^\/flow\/model\/design\/(?!new$)[^/]+$/.test(window.location.pathname), undefined, WAIT);
    // The saved model's tab takes the new one's place (named once the model has loaded): one tab, named.
    await page.waitForFunction(
      () => {
        const titles = [...document.querySelectorAll('.ba-tabstrip .ba-tab-title')].map((el) => el.textContent);
        return titles.filter((title) => title === '流程设计 · 差旅审批').length === 1 && !titles.includes('流程设计');
      },
      undefined,
      WAIT,
    );
    const tabTitles = await page.locator('.ba-tabstrip .ba-tab-title').allTextContents();
    expect(tabTitles.filter((title) => title === '流程设计 · 差旅审批')).toHaveLength(1);
    expect(tabTitles).not.toContain('流程设计');
    expect(await page.locator('.ba-top-menu-item[aria-current="page"]', { hasText: '首页' }).count()).toBe(0);
    await page.waitForFunction(() => !document.querySelector('[data-testid="flow-designer"] .flow-diagram-state'), undefined, WAIT);
    await page.locator('.arco-message').first().waitFor({ state: 'detached', ...WAIT }); // the toast hid the tabs
    await page.screenshot({ path: join(SHOTS, 'flow-designer-saved-new.png') });

    // 部署 for tenant 100001: its next version.
    await page.goto(`${e2e.server.url}/flow/model`);
    await row(page, MODEL).getByTestId('flow-model-deploy').click();
    const dialog = page.locator('.arco-modal', { hasText: `部署「${MODEL}」` });
    await dialog.waitFor(WAIT);
    await choose(page, dialog, 'flow-deploy-category', '通用审批');
    await choose(page, dialog, 'flow-deploy-tenants', '100001');
    await dialog.locator('.arco-modal-title').click(); // closes the tenants' popup
    await dialog.getByTestId('flow-deploy-submit').click();
    const deployed = dialog.getByTestId('flow-deployed');
    await deployed.waitFor(WAIT);
    const version = /100001：general_two_step 第 (\d+) 版/.exec((await deployed.textContent()) ?? '')?.[1];
    expect(Number(version)).toBeGreaterThan(1);
    await dialog.getByRole('button', { name: /关\s*闭/ }).click();

    // The manager lists the new version, active; suspended after a confirm, then active again.
    await page.goto(`${e2e.server.url}/flow/manager`);
    await choose(page, page.locator('.flow-filter-bar'), 'flow-filter-tenant', '100001');
    await page.getByTestId('flow-filter-processDefinitionKey').fill('general_two_step');
    await page.getByTestId('flow-filter-search').click();
    // Newest first: the version just deployed heads the tenant's list (its columns: #, tenant, key, name, version…).
    const definition = page.locator('.ba-crud-table tbody .arco-table-tr').first();
    await page.waitForFunction((wanted) => document.querySelector('.ba-crud-table tbody .arco-table-tr td:nth-child(5)')?.textContent?.trim() === wanted, version, WAIT);
    expect(await definition.textContent()).toContain('100001');
    expect(await definition.locator('.arco-tag').textContent()).toBe('激活');
    await definition.getByTestId('flow-manager-state').click();
    await page.locator('.arco-modal', { hasText: '确定挂起' }).getByRole('button', { name: /挂\s*起/ }).click();
    await toast(page, '操作成功').waitFor(WAIT);
    await definition.locator('.arco-tag', { hasText: '挂起' }).waitFor(WAIT);
    await definition.getByTestId('flow-manager-state').click();
    await page.locator('.arco-modal', { hasText: '确定激活' }).getByRole('button', { name: /激\s*活/ }).click();
    await definition.locator('.arco-tag', { hasText: '激活' }).waitFor(WAIT);

    // Its diagram, drawn from the deployed XML, with the renamed task.
    await definition.getByTestId('flow-manager-image').click();
    const drawer = page.locator('.arco-drawer', { hasText: '流程图' });
    await drawer.locator('[data-testid="flow-diagram"][data-state="ready"]').waitFor(WAIT);
    await shape(drawer, 'deptApprove').filter({ hasText: RENAMED }).waitFor(WAIT);
    await page.screenshot({ path: join(SHOTS, 'flow-manager-diagram-zh-light.png') });
    await drawer.locator('.arco-drawer-close-icon').click();
    await drawer.waitFor({ state: 'detached', ...WAIT });

    // 流程跟踪: a running instance's progress, its waiting step marked on the diagram.
    await page.goto(`${e2e.server.url}/flow/follow`);
    const running = page.locator('.ba-crud-table tbody .arco-table-tr').first();
    await running.getByTestId('flow-follow-follow').waitFor(WAIT);
    await running.getByTestId('flow-follow-follow').click();
    const progress = page.getByTestId('flow-progress');
    await progress.locator('[data-testid="flow-diagram"][data-state="ready"]').waitFor(WAIT);
    await progress.locator('.djs-element.flow-current').first().waitFor(WAIT);
    expect(await progress.locator('.djs-element.flow-done').count()).toBeGreaterThan(0);
    expect(await progress.getByTestId('flow-history').locator('tbody .arco-table-tr').count()).toBeGreaterThan(1);
    await page.screenshot({ path: join(SHOTS, 'flow-follow-zh-light.png') });
    await page.locator('.arco-drawer-close-icon').click();

    // Dark and English: the list, the designer, the progress.
    await pickTheme(page, true);
    await pickLanguage(page, 'English');
    await page.goto(`${e2e.server.url}/flow/model`);
    await row(page, MODEL).getByRole('button', { name: 'Design' }).waitFor(WAIT);
    await page.screenshot({ path: join(SHOTS, 'flow-model-en-dark.png') });
    await openDesigner(page);
    await shape(page.getByTestId('flow-designer-canvas'), 'deptApprove').click();
    await page.locator('#bio-properties-panel-name').waitFor(WAIT);
    await page.screenshot({ path: join(SHOTS, 'flow-designer-en-dark.png') });
    await page.goto(`${e2e.server.url}/flow/follow`);
    await page.locator('.ba-crud-table tbody .arco-table-tr').first().getByTestId('flow-follow-follow').click();
    await page.getByTestId('flow-progress').locator('[data-testid="flow-diagram"][data-state="ready"]').waitFor(WAIT);
    await page.screenshot({ path: join(SHOTS, 'flow-follow-en-dark.png') });
    await page.locator('.arco-drawer-close-icon').click();
    await pickTheme(page, false);
    await pickLanguage(page, '中文');
    await menusClosed(page);
    expect(problems.errors).toEqual([]);
    await context.close();
  });
});
