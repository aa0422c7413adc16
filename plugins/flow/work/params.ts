import { z } from 'zod';
import { docText, isBigintId, localInstant, MSG, zodMessage } from '../../../core/sdk/server';
import { userIdOfTaskUser } from '../../../core/sdk/shared';
import { WORK_MSG } from './messages';

/**
 * The work endpoints' parameters, each parsed with the schema its route is described with: a bad value
 * is a 400 naming it in the caller's language, never a query that fails.
 */

/** The most items one page of a work list holds. */
export const WORK_PAGE_MAX = 100;
/** The most variables a completion may add, and the longest text value. */
export const MAX_VARIABLES = 20;
export const MAX_VARIABLE_TEXT = 2000;
/** Variables only the engine and its callers set: a form may not forge an approval or a starter. */
export const RESERVED_VARIABLES: ReadonlySet<string> = new Set(['pass', 'createUser', 'taskUser']);
const VARIABLE_NAME = /^[A-Za-z_]\w{0,63}$/;

/** Text trimmed, '' as absent (a form's empty field). */
const blankless = (v: unknown) => (typeof v === 'string' ? v.trim() || undefined : v);
/** A whole number sent as text; anything else is left for zod to refuse. */
const wholeNumber = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? undefined : /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : v) : v);
/** An id sent as text or a JSON number. */
const idText = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : blankless(v));

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;
/** `yyyy-MM-dd` or `yyyy-MM-dd HH:mm:ss` naming a real moment (no 2024-02-30, no 25:00). */
export function isWireDate(value: string): boolean {
  const m = DATE_TIME.exec(value);
  if (!m) return false;
  const [y, mo, d, h = 0, mi = 0, s = 0] = m.slice(1).map((part) => (part === undefined ? 0 : Number(part)));
  const day = new Date(Date.UTC(y!, mo! - 1, d!));
  return y! >= 1970 && day.getUTCFullYear() === y && day.getUTCMonth() === mo! - 1 && day.getUTCDate() === d && h < 24 && mi < 60 && s < 60;
}

/** The instant a begin date starts at (a date alone: its midnight, in the server's zone). */
export const beginInstant = (value: string): Date => new Date(localInstant(value));
/** The first instant after an end date (a date alone covers its whole day; a time, its whole second). */
export function endInstant(value: string): Date {
  const start = new Date(localInstant(value));
  return value.length === 10 ? new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1) : new Date(start.getTime() + 1000);
}

const dateParam = (text: { zh: string; en: string }) =>
  z.preprocess(blankless, z.string().refine(isWireDate, { message: zodMessage(WORK_MSG.badDate) }).optional()).describe(docText(text));

export const idParam = (text: { zh: string; en: string }) =>
  z.preprocess(idText, z.string().refine((v) => isBigintId(v), { message: zodMessage(WORK_MSG.badTaskId) })).describe(docText(text));

const paging = {
  current: z.preprocess(wholeNumber, z.number().int().min(1).optional()).describe(docText({ zh: '页码（默认 1）', en: 'Page (default 1)' })),
  size: z
    .preprocess(wholeNumber, z.number().int().min(1).max(WORK_PAGE_MAX).optional())
    .describe(docText({ zh: `每页条数（默认 10，最多 ${WORK_PAGE_MAX}）`, en: `Per page (default 10, at most ${WORK_PAGE_MAX})` })),
};

export const pageQuery = z.object(paging);

/** The filters every work list takes (BladeFlow's fields). */
export const listQuery = z
  .object({
    ...paging,
    category: z.preprocess(blankless, z.string().max(64).optional()).describe(docText({ zh: '流程分类（如 flow_1）', en: 'Process category (flow_1…)' })),
    processDefinitionName: z
      .preprocess(blankless, z.string().max(255).optional())
      .describe(docText({ zh: '流程名称（包含，不区分大小写）', en: 'Process name (contains, any case)' })),
    beginDate: dateParam({ zh: '开始日期 yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss（含）', en: 'From yyyy-MM-dd or yyyy-MM-dd HH:mm:ss (inclusive)' }),
    endDate: dateParam({ zh: '结束日期 yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss（含当天）', en: 'To yyyy-MM-dd or yyyy-MM-dd HH:mm:ss (its whole day inclusive)' }),
  })
  .refine((q) => !q.beginDate || !q.endDate || beginInstant(q.beginDate) < endInstant(q.endDate), { message: zodMessage(WORK_MSG.beginAfterEnd) });
export type ListQuery = z.output<typeof listQuery>;

export const startListQuery = z.object({
  ...paging,
  category: listQuery.shape.category,
  processDefinitionName: listQuery.shape.processDefinitionName,
  mode: z
    .preprocess(blankless, z.enum(['1', '2'], { message: zodMessage(WORK_MSG.badMode) }).optional())
    .describe(docText({ zh: '1 通用流程，2 租户流程（流程总是按租户部署，两者相同）', en: '1 common, 2 the tenant’s (processes are always deployed per tenant: both alike)' })),
});

export const taskParams = z.object({ taskId: idParam({ zh: '任务主键', en: 'Task id' }) });

export const deleteParams = z.object({
  taskId: idParam({ zh: '任务主键', en: 'Task id' }),
  reason: z.preprocess(blankless, z.string().max(500).optional()).describe(docText({ zh: '删除原因', en: 'Why' })),
});

type VariableValue = string | number | boolean;

/** A form's variables: plain values under sound names, never the engine's own. */
const variables = z.preprocess(
  (v) => (v === null ? undefined : v),
  z
    .record(z.string(), z.unknown())
    .superRefine((vars, ctx) => {
      const names = Object.keys(vars);
      if (names.length > MAX_VARIABLES) ctx.addIssue({ code: 'custom', message: zodMessage(WORK_MSG.tooManyVariables(MAX_VARIABLES)) });
      for (const name of names) {
        const value = vars[name];
        if (!VARIABLE_NAME.test(name)) ctx.addIssue({ code: 'custom', message: zodMessage(WORK_MSG.badVariableName(name.slice(0, 80))) });
        else if (RESERVED_VARIABLES.has(name)) ctx.addIssue({ code: 'custom', message: zodMessage(WORK_MSG.reservedVariable(name)) });
        else if (!(typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))))
          ctx.addIssue({ code: 'custom', message: zodMessage(WORK_MSG.badVariableValue(name)) });
        else if (typeof value === 'string' && value.length > MAX_VARIABLE_TEXT) ctx.addIssue({ code: 'custom', message: zodMessage(MSG.tooLong(name, MAX_VARIABLE_TEXT)) });
      }
    })
    .transform((vars) => vars as Record<string, VariableValue>)
    .optional(),
);

export const completeBody = z.object({
  taskId: idParam({ zh: '任务主键', en: 'Task id' }),
  processInstanceId: z
    .preprocess(idText, z.string().refine((v) => isBigintId(v)).optional())
    .describe(docText({ zh: '流程实例主键（给出时须是任务所属的实例）', en: 'Process instance id (when given, the task’s own)' })),
  flag: z.preprocess(blankless, z.string().max(20).optional()).describe(docText({ zh: 'ok 为同意，其他为驳回', en: 'ok approves, anything else rejects' })),
  comment: z
    .preprocess(blankless, z.string().max(500).optional())
    .describe(docText({ zh: '审批意见（空时同意为“同意”，驳回为“驳回”）', en: 'The comment (empty: 同意 on approval, 驳回 on rejection)' })),
  variables: variables.describe(docText({ zh: `流程变量：文本、数字或布尔值，最多 ${MAX_VARIABLES} 个`, en: `Process variables: text, numbers or booleans, ${MAX_VARIABLES} at most` })),
});

export const startBody = z.object({
  processDefinitionId: z.preprocess(blankless, z.string().max(160)).describe(docText({ zh: '流程定义主键（如 General:1:123）', en: 'Process definition id (General:1:123…)' })),
  title: z.preprocess(blankless, z.string().max(100)).describe(docText({ zh: '标题（1–100 个字符）', en: 'Title (1–100 characters)' })),
  reason: z.preprocess(blankless, z.string().max(500).optional()).describe(docText({ zh: '事由', en: 'Reason' })),
  taskUser: z
    .preprocess(idText, z.string().refine((v) => isBigintId(userIdOfTaskUser(v) ?? ''), { message: zodMessage(WORK_MSG.badUser) }).optional())
    .describe(docText({ zh: '审批人：用户主键或 taskUser_<主键>（可选）', en: 'The approver: a user id or taskUser_<id> (optional)' })),
});
