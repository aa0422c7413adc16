import type { Locator, Page } from 'playwright-core';

/** Stable hooks the pages expose for tests and the bench (data-testid attributes). */
export const LOGIN_BUTTON = '[data-testid="login-submit"]';
export const HOME_MARKER = '[data-testid="home-page"]';

export async function fillLogin(page: Page, form: { tenantId?: string; username: string; password: string }) {
  const tenant = page.locator('[data-testid="login-tenant"] input, input[data-testid="login-tenant"]');
  if (form.tenantId !== undefined && (await tenant.count()) > 0) await tenant.first().fill(form.tenantId);
  await page.locator('[data-testid="login-username"] input, input[data-testid="login-username"]').first().fill(form.username);
  await page.locator('[data-testid="login-password"] input, input[data-testid="login-password"]').first().fill(form.password);
}

/** A form item (of a dialog or a page) by its label. */
export const formItem = (scope: Locator, label: string) => scope.locator('.arco-form-item', { has: scope.page().locator('.arco-form-label-item', { hasText: label }) });

/** Picks `option` in the tree select of the form item labelled `label` of a dialog. */
export async function pickInTreeSelect(page: Page, dialog: Locator, label: string, option: string): Promise<void> {
  await formItem(dialog, label).locator('.arco-tree-select').click();
  const popup = page.locator('.arco-tree-select-popup:visible');
  await popup.locator('.arco-tree-node-title', { hasText: option }).first().click();
  await dialog.locator('.arco-modal-title').click(); // closes the popup, not the dialog
  await popup.waitFor({ state: 'hidden' });
}
