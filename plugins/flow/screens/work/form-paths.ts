import type { DictItem } from '../../../../core/sdk/browser';
import { categoryKey, GENERAL_FORM } from '../../dictionary';

/** The three pages of a process's form: starting it, handling one of its tasks, and an instance's details. */
export interface FormRoutes {
  /** The form's name (the flow dictionary's remark): `leave`, `general`. */
  remark: string;
  form(processDefinitionId: string): string;
  handle(taskId: string, processInstanceId: string, businessId: string): string;
  detail(processInstanceId: string, businessId: string): string;
}

type Page = 'form' | 'handle' | 'detail';
const PAGES: readonly Page[] = ['form', 'handle', 'detail'];

const base = (remark: string, page: Page) => `/work/process/${remark}/${page}/`;
const segments = (...values: string[]) => values.map((v) => encodeURIComponent(v || '0')).join('/');

/** The routes of one form, by its remark. An empty business id (a process started without one) is `0`. */
export function routesOf(remark: string): FormRoutes {
  return {
    remark,
    form: (processDefinitionId) => base(remark, 'form') + segments(processDefinitionId),
    handle: (taskId, processInstanceId, businessId) => base(remark, 'handle') + segments(taskId, processInstanceId, businessId),
    detail: (processInstanceId, businessId) => base(remark, 'detail') + segments(processInstanceId, businessId),
  };
}

/**
 * The form of a category (`flow_1`): the flow dictionary's entry for its key names it by its remark, and
 * that form is used when the browser has all three of its pages (its plugin is on for the tenant);
 * otherwise, and for a category without an entry or a remark, the general form. Without the browser's
 * routes (`null`: code outside the screens, the top bar's feed), the dictionary's word is taken.
 */
export function formRemark(category: string, entries: readonly Pick<DictItem, 'dictKey' | 'remark'>[], routePaths: readonly string[] | null): string {
  const key = categoryKey(category);
  const remark = key === undefined ? undefined : entries.find((e) => String(e.dictKey) === key)?.remark?.trim();
  if (!remark || !/^[\w-]+$/.test(remark)) return GENERAL_FORM;
  if (routePaths === null) return remark;
  const installed = PAGES.every((page) => routePaths.some((path) => path.startsWith(base(remark, page))));
  return installed ? remark : GENERAL_FORM;
}
