import type { LocalText } from './manifest';

/** The two languages every text exists in. */
type Language = keyof LocalText;

/**
 * BladeX's `BladeFlow`: the item of every work list and of an instance's history, and the `flow` of a
 * business form's detail (a plugin with a process of its own answers it without reading the workflow's
 * tables, so the shape is the kernel's, beside its workflow extension point). Every field is always
 * present: BladeX's null-to-empty serialisation answers "" for text, -1 for numbers and {} for maps, and
 * callers written for it read them so. Build one with `bladeFlow({ …what is known })`.
 */
export interface BladeFlow {
  taskId: string;
  taskName: string;
  taskDefinitionKey: string;
  /** `taskUser_<user id>`, as Flowable names a user. */
  assignee: string;
  assigneeName: string;
  category: string;
  categoryName: string;
  createTime: string;
  endTime: string;
  claimTime: string;
  historyTaskEndTime: string;
  executionId: string;
  processInstanceId: string;
  processDefinitionId: string;
  processDefinitionKey: string;
  processDefinitionName: string;
  processDefinitionVersion: number;
  processDefinitionDesc: string;
  processDefinitionDiagramResName: string;
  processDefinitionResName: string;
  historyProcessInstanceId: string;
  processIsFinished: '' | 'finished' | 'unfinished';
  historyActivityId: string;
  historyActivityName: string;
  historyActivityDurationTime: string;
  businessTable: string;
  businessId: string;
  status: '' | 'claim' | 'todo' | 'finish';
  comment: string;
  /** Approved: the flag `ok`, or the comment 同意. */
  pass: boolean;
  flag: string;
  beginDate: string;
  endDate: string;
  variables: Record<string, string | number | boolean>;
}

const EMPTY: BladeFlow = {
  taskId: '',
  taskName: '',
  taskDefinitionKey: '',
  assignee: '',
  assigneeName: '',
  category: '',
  categoryName: '',
  createTime: '',
  endTime: '',
  claimTime: '',
  historyTaskEndTime: '',
  executionId: '',
  processInstanceId: '',
  processDefinitionId: '',
  processDefinitionKey: '',
  processDefinitionName: '',
  processDefinitionVersion: -1,
  processDefinitionDesc: '',
  processDefinitionDiagramResName: '',
  processDefinitionResName: '',
  historyProcessInstanceId: '',
  processIsFinished: '',
  historyActivityId: '',
  historyActivityName: '',
  historyActivityDurationTime: '',
  businessTable: '',
  businessId: '',
  status: '',
  comment: '',
  pass: false,
  flag: '',
  beginDate: '',
  endDate: '',
  variables: {},
};

export const bladeFlow = (known: Partial<BladeFlow>): BladeFlow => ({ ...EMPTY, ...known });

/** BladeX's flag and comments for an approval and a rejection. */
export const PASS_FLAG = 'ok';
export const PASS_COMMENT = '同意';
export const NOT_PASS_COMMENT = '驳回';

/** BladeX's `isPass()`: the flag `ok`, or the comment 同意. */
export const isPass = (flag: string | undefined, comment: string | undefined): boolean => flag === PASS_FLAG || comment === PASS_COMMENT;

/** Flowable's user id for a user: `taskUser_<id>`. */
export const TASK_USER_PREFIX = 'taskUser_';
export const taskUser = (userId: string): string => `${TASK_USER_PREFIX}${userId}`;
/** The user id in `taskUser_123` or `123`; undefined for anything else. */
export const userIdOfTaskUser = (value: string): string | undefined => /^(?:taskUser_)?(\d{1,19})$/.exec(value.trim())?.[1];

/** `<business table>:<id>` → its parts (`blade_process_leave:12` → table and id); '' parts when absent. */
export function splitBusinessKey(key: string): { businessTable: string; businessId: string } {
  const at = key.lastIndexOf(':');
  return at < 0 ? { businessTable: key, businessId: '' } : { businessTable: key.slice(0, at), businessId: key.slice(at + 1) };
}

const UNITS: Record<Language, readonly [string, string, string, string]> = { zh: ['天', '小时', '分', '秒'], en: ['d ', 'h ', 'm ', 's'] };

/** BladeX's `DateUtil.secondToTime`: `1天2小时3分4秒` (en `1d 2h 3m 4s`), leading zero units left out. */
export function durationText(ms: number, language: Language): string {
  let seconds = Math.max(0, Math.floor(ms / 1000));
  const parts = [Math.floor(seconds / 86_400), Math.floor((seconds %= 86_400) / 3_600), Math.floor((seconds %= 3_600) / 60), seconds % 60];
  const first = parts.findIndex((n) => n > 0);
  const units = UNITS[language];
  if (first < 0) return `0${units[3]}`.trim();
  return parts
    .slice(first)
    .map((n, i) => `${n}${units[first + i]}`)
    .join('')
    .trim();
}

/** A category's label from the flow dictionary's entries (keyed by dictKey), or the category itself. */
export function categoryName(category: string, labels: ReadonlyMap<string, LocalText>, language: Language): string {
  const key = /^flow_(\w+)$/.exec(category)?.[1];
  const label = key ? labels.get(key) : undefined;
  return label ? label[language] : category;
}
