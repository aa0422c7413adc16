import { describe, expect, test } from '@rstest/core';
import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { apiCall, apiToken } from './api';
import { openPage } from './browser';
import { serverAndBrowser, settled, SHOTS } from './suite';
import { atRest, signIn, toast, topButton } from './session-helpers';


const e2e = serverAndBrowser();

/** The built chunk whose code contains `marker`: a plugin's own chunk holds its route paths. */
function chunkWith(marker: string): string {
  const dir = 'dist/static/js/async';
  const found = readdirSync(dir).filter((f) => f.endsWith('.js') && readFileSync(`${dir}/${f}`, 'utf8').includes(marker));
  if (found.length !== 1) throw new Error(`expected one chunk with ${marker}, found ${found.join(', ') || 'none'}`);
  return found[0]!;
}

/** Switches the plugins of tenant 000000, as its administrator would (`tenant/setting`). */
async function setPlugins(plugins: string): Promise<void> {
  const token = await apiToken(e2e.server.url, '000000', 'admin', 'admin');
  const res = await apiCall(e2e.server.url, token, 'POST', '/api/blade-system/tenant/setting', { ids: '000000', plugins });
  expect(res.body.success).toBe(true);
}

/** The script files the page requests from now on. */
function scripts(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('.js')) seen.push(r.url().split('/').pop()!);
  });
  return seen;
}

describe('plugin chunks and the CRUD screens, in the browser', () => {
  test('/login loads no plugin code; a switched-off plugin’s chunk is never requested, and comes back without a restart', async () => {
    const dictChunk = chunkWith('/dict-horizontal/index');
    const paramChunk = chunkWith('/api/blade-system/param');
    const kitChunk = chunkWith('crud.deleteConfirm');

    await setPlugins('param');
    const { context, page, problems } = await openPage(e2e.browser);
    const seen = scripts(page);
    await page.goto(`${e2e.server.url}/login`);
    await page.waitForSelector('[data-testid="login-submit"]');
    expect(seen).not.toContain(dictChunk);
    expect(seen).not.toContain(paramChunk);
    expect(seen).not.toContain(kitChunk);

    await signIn(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/system/param`);
    await page.locator('.ba-crud-table .arco-table-tr').nth(1).waitFor();
    await page.goto(`${e2e.server.url}/system/dict`);
    await page.getByText('抱歉，你访问的页面不存在').waitFor(); // not in this tenant's menu any more
    expect(seen).toContain(paramChunk);
    expect(seen).not.toContain(dictChunk);
    await context.close();

    await setPlugins('*');
    const again = await openPage(e2e.browser);
    const seenAgain = scripts(again.page);
    await signIn(again.page, e2e.server.url);
    await again.page.goto(`${e2e.server.url}/system/dict`);
    await again.page.locator('.ba-crud-table .arco-table-tr', { hasText: 'sex' }).waitFor();
    expect(seenAgain).toContain(dictChunk);
    expect([...problems.errors, ...again.problems.errors]).toEqual([]);
    await again.context.close();
  });

  test('parameters: rules on blur, add, a refused save, search kept while paging, edit, view, bulk delete', async () => {
    const { context, page, problems } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/system/param`);
    await page.locator('.ba-crud-table .arco-table-tr').nth(1).waitFor();
    const dialog = page.locator('.ba-crud-dialog');
    const toolbar = page.locator('.ba-crud-toolbar');
    const add = async (name: string, key: string, value: string) => {
      await toolbar.getByRole('button', { name: '新增' }).click();
      await dialog.getByLabel('参数名称').fill(name);
      await dialog.getByLabel('参数键名').fill(key);
      await dialog.getByLabel('参数键值').fill(value);
      await dialog.getByLabel('参数键名').press('Enter'); // Enter saves
    };

    // Rules on blur; Esc closes.
    await toolbar.getByRole('button', { name: '新增' }).click();
    await dialog.getByLabel('参数名称').focus();
    await dialog.getByLabel('参数键名').focus();
    await dialog.locator('.arco-form-message', { hasText: '请输入参数名称' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    for (let i = 1; i <= 11; i++) {
      await add(`e2e参数${i}`, `e2e.key${i}`, `v${i}`);
      await dialog.waitFor({ state: 'detached' });
    }
    await toast(page, '新增成功').first().waitFor();

    // A refused save (the key exists): the dialog stays, filled, its button ready again.
    await add('重复', 'e2e.key1', 'x');
    await toast(page, '参数键名已存在').waitFor();
    expect(await dialog.getByLabel('参数名称').inputValue()).toBe('重复');
    await expect(dialog.getByTestId('crud-save').getAttribute('class')).resolves.not.toContain('loading');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Search, then page 2: the filter goes with it.
    const lists: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/blade-system/param/list')) lists.push(decodeURIComponent(new URL(r.url()).search));
    });
    const search = page.getByRole('search');
    await search.getByLabel('参数名称').fill('e2e参数');
    await search.getByLabel('参数名称').press('Enter');
    await page.locator('.arco-pagination-total-text', { hasText: '11' }).waitFor();
    const pageTwo = page.waitForResponse((r) => r.url().includes('/api/blade-system/param/list') && new URL(r.url()).searchParams.get('current') === '2');
    await page.locator('.arco-pagination-item', { hasText: /^2$/ }).click();
    await pageTwo;
    expect(lists.at(-1)).toBe('?current=2&size=10&paramName=e2e参数');
    // Page 2 on screen (its one row of the eleven), not page 1 still drawn after the answer came.
    await page.waitForFunction(() => document.querySelectorAll('.ba-crud-table tbody .arco-table-tr').length === 1);

    // Edit and view a row of page 2.
    const row = page.locator('.ba-crud-table .arco-table-tr', { hasText: 'e2e.key' }).first();
    const key = (await row.locator('td').nth(3).innerText()).trim();
    await row.getByRole('button', { name: '修改' }).click();
    await dialog.getByLabel('参数键值').fill('changed');
    await dialog.getByTestId('crud-save').click();
    await toast(page, '更新成功').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.ba-crud-table .arco-table-tr', { hasText: key }).getByRole('button', { name: '查看' }).click();
    // Viewing reads as text, as the list shows it: no inputs, no prompts.
    await dialog.locator('.ba-view-value', { hasText: 'changed' }).waitFor();
    expect(await dialog.locator('input, textarea').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/param-view.png` });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Bulk delete of page 2: nothing chosen is refused; then the pager steps back and the total follows.
    await toolbar.getByRole('button', { name: '删除' }).click();
    await toast(page, '请选择至少一条数据').waitFor();
    await page.locator('.ba-crud-table .arco-table-th .arco-checkbox').first().click();
    await toolbar.getByRole('button', { name: '删除' }).click();
    await page.locator('.arco-modal-simple').getByText('确定将选择数据删除?').waitFor();
    await page.locator('.arco-modal-simple').getByRole('button', { name: '确定' }).click();
    await toast(page, '删除成功').waitFor();
    await page.locator('.arco-pagination-total-text', { hasText: '10' }).waitFor();
    expect(await page.locator('.arco-pagination-item-active').innerText()).toBe('1');
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  test('at 1440 px: every column of the wide lists in view (none under the actions column), cells cut with their text as a title', async () => {
    const { context, page, problems } = await openPage(e2e.browser, { viewport: { width: 1440, height: 900 } });
    await signIn(page, e2e.server.url);
    for (const path of ['/system/user', '/system/tenant', '/system/client', '/system/menu']) {
      await page.goto(`${e2e.server.url}${path}`);
      await page.locator('.ba-crud-table .arco-table-tr').nth(1).waitFor();
      // The columns are fitted to the table's width once it is measured, and again whenever it changes (a
      // scrollbar appearing as the rows arrive): what sticks out is read until it has settled.
      const body = page.locator('.ba-crud-table .arco-table-body, .ba-crud-table .arco-table-content-inner').first();
      const overflow = () => body.evaluate((element) => Math.max(0, element.scrollWidth - element.clientWidth - 2));
      expect(await settled(overflow, 0, 60_000), path).toBe(0);
      // A cell whose text does not fit ends in an ellipsis and carries the whole text.
      const cut = await page.locator('.ba-crud-table .arco-table-td .arco-table-cell').evaluateAll((cells) =>
        cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).map((cell) => [cell.getAttribute('title') ?? cell.querySelector('[title]')?.getAttribute('title') ?? '', cell.textContent ?? '']),
      );
      for (const [title, text] of cut) expect(title.length, `${path}: ${text}`).toBeGreaterThan(0);
    }
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  test('the user dialog: its dropdowns open on the page, not cut by the footer; required fields marked; choices say 请选择', async () => {
    const { context, page, problems } = await openPage(e2e.browser, { viewport: { width: 1440, height: 900 } });
    await signIn(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/system/user`);
    await page.locator('.ba-crud-table .arco-table-tr').nth(1).waitFor();
    await page.locator('.ba-crud-toolbar').getByRole('button', { name: '新增' }).click();
    const dialog = page.locator('.ba-user-dialog');
    await dialog.locator('.arco-form-item').first().waitFor();
    await atRest(dialog); // a popup opened while the dialog still zooms in would be placed by where the field was
    const item = (label: string) => dialog.locator('.arco-form-item').filter({ has: page.locator(`.ba-form-label[title="${label}"]`) });
    for (const label of ['登录账号', '密码', '确认密码', '用户昵称', '用户姓名', '所属角色', '所属部门']) {
      expect(await item(label).locator('.arco-form-item-symbol').count(), label).toBe(1);
    }
    expect(await item('所属岗位').locator('.arco-form-item-symbol').count()).toBe(0);
    expect(await item('所属部门').locator('input').first().getAttribute('placeholder')).toBe('请选择所属部门');

    await item('所属岗位').locator('.arco-select-view').click();
    const popup = page.locator('.arco-select-popup').last();
    // Measured and hit-tested once it has unfolded: mid-way it is shorter than it will be and scaled.
    await atRest(popup);
    // On the page (not inside the dialog's scrolling body) and wholly visible, above the footer.
    expect(await popup.evaluate((node) => node.closest('.arco-modal') === null)).toBe(true);
    const box = (await popup.boundingBox())!;
    const footer = (await dialog.locator('.arco-modal-footer').boundingBox())!;
    expect(box.y + box.height <= footer.y || box.y >= footer.y + footer.height || box.y + box.height <= 900).toBe(true);
    const topmost = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('.arco-trigger') !== null, [box.x + box.width / 2, box.y + box.height / 2]);
    expect(topmost).toBe(true);
    await page.screenshot({ path: `${SHOTS}/user-dialog-popup.png` });
    await page.keyboard.press('Escape');
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  test('English: form labels and table headers are readable, not wrapped or cut', async () => {
    const { context, page, problems } = await openPage(e2e.browser, { viewport: { width: 1440, height: 900 } });
    await signIn(page, e2e.server.url);
    await topButton(page, '语言').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.waitForFunction(() => document.querySelector('.ba-sider')?.textContent?.includes('Home'));
    await page.goto(`${e2e.server.url}/system/client`);
    await page.locator('.ba-crud-table .arco-table-tr').nth(1).waitFor();
    await page.locator('.ba-crud-toolbar').getByRole('button', { name: 'Add' }).click();
    const dialog = page.locator('.ba-crud-dialog');
    await dialog.locator('.ba-form-label').first().waitFor();
    const labels = await dialog.locator('.ba-form-label').evaluateAll((nodes) => nodes.map((n) => ({ text: n.textContent, cut: n.scrollWidth > n.clientWidth + 1, lines: Math.round(n.getBoundingClientRect().height / 22) })));
    for (const label of labels) {
      expect(label.cut, String(label.text)).toBe(false);
      expect(label.lines, String(label.text)).toBeLessThanOrEqual(1);
    }
    await page.screenshot({ path: `${SHOTS}/client-dialog-en.png` });
    expect(problems.errors).toEqual([]);
    await context.close();
  });
});