import type { Locator, Page } from 'playwright-core';
import { UNTIL_TEST_LIMIT } from './session-helpers';

/**
 * What the workflow's browser tests share: the demo HR clerk, direct calls with a JSON body (to find the
 * instance a screen is about, never to do what the screen should), and the work lists' rows.
 */
export const HR = { tenantId: '000000', username: 'hr', password: 'hr' };

const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/** A call whose answer must succeed: its data, or an error naming the call, the status and the message. */
export async function flowApi<T>(
  baseUrl: string,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  options: { query?: Record<string, string>; json?: unknown } = {},
): Promise<T> {
  const query = options.query ? `?${new URLSearchParams(options.query)}` : '';
  const res = await fetch(`${baseUrl}${path}${query}`, {
    method,
    headers: { Authorization: BASIC, 'Blade-Auth': `bearer ${token}`, ...(options.json === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });
  const body = (await res.json()) as { success: boolean; msg: string; data: T };
  if (!body.success) throw new Error(`${method} ${path}${query} → ${res.status} ${body.msg}`);
  return body.data;
}

/** The few fields of a BladeFlow work-list item the tests read. */
export interface WorkItem {
  taskId: string;
  taskName: string;
  processInstanceId: string;
  processDefinitionName: string;
  businessId: string;
  processIsFinished: string;
  status: string;
  assigneeName: string;
  comment: string;
  historyActivityId: string;
  historyActivityName: string;
  historyActivityDurationTime: string;
  createTime: string;
  endTime: string;
}

/** Every item of a work list (`todo`, `claim`, `send`, `done`) of the token's user, first page of 100. */
export async function workList(baseUrl: string, token: string, list: 'claim' | 'todo' | 'send' | 'done'): Promise<WorkItem[]> {
  const page = await flowApi<{ records: WorkItem[] }>(baseUrl, token, 'GET', `/api/blade-flow/work/${list}-list`, { query: { current: '1', size: '100' } });
  return page.records;
}

/** The history of an instance, as its starter reads it. */
export const historyOf = (baseUrl: string, token: string, processInstanceId: string) =>
  flowApi<WorkItem[]>(baseUrl, token, 'GET', '/api/blade-flow/process/history-flow-list', { query: { processInstanceId } });

/** The rows of the list on screen. */
export const tableRows = (page: Page) => page.locator('tbody .arco-table-tr');

/**
 * The row of a work list screen that shows `processInstanceId`: the screen asks the same list the API
 * answers, in the same order, so the item's place in the API's list is its row (the caller then checks
 * the route it opens names the instance, so a wrong guess fails rather than passes).
 */
export async function rowOfInstance(page: Page, items: readonly WorkItem[], processInstanceId: string): Promise<Locator> {
  const index = items.findIndex((item) => item.processInstanceId === processInstanceId);
  if (index < 0) throw new Error(`instance ${processInstanceId} is not in the list: ${items.map((i) => i.processInstanceId).join(', ')}`);
  await tableRows(page).nth(index).waitFor(UNTIL_TEST_LIMIT);
  return tableRows(page).nth(index);
}

/** Waits until no toast is on screen (they would cover the screenshots). */
export const toastsGone = (page: Page) => page.locator('.arco-message').first().waitFor({ state: 'detached', timeout: 15_000 });

/** The ids of the diagram's elements carrying a marker class, read from the SVG the viewer drew. */
export const markedElements = (scope: Locator, marker: string) =>
  scope.locator(`.djs-element.${marker}`).evaluateAll((elements) => elements.map((e) => e.getAttribute('data-element-id') ?? '').sort());
