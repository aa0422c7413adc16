import { z } from 'zod';
import {
  ApiError,
  bizError,
  crudRepo,
  docText,
  formatDateTime,
  isBigintId,
  zodMessage,
  type AuthUser,
  type ServerContext,
  type Tx,
  type WorkflowService,
} from '../../core/sdk/server';
import { judgeLeaveTimes, MAX_REASON } from './days';
import { LEAVE_CATEGORY, LEAVE_TABLE, leaveEntity } from './entity';
import { LEAVE_MSG } from './server-messages';

/** `12` or `taskUser_12` (Flowable's name of a user) → `12`. */
const approverId = z.preprocess(
  (v) => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : typeof v === 'string' ? v.trim().replace(/^taskUser_/, '') : v),
  z
    .string(zodMessage(LEAVE_MSG.approverRequired))
    .min(1, zodMessage(LEAVE_MSG.approverRequired))
    .refine((v) => /^\d{1,19}$/.test(v) && isBigintId(v), zodMessage(LEAVE_MSG.approverUnknown)),
);
const time = (which: 'startTime' | 'endTime') => z.string(zodMessage(LEAVE_MSG.times[which])).trim().min(1, zodMessage(LEAVE_MSG.times[which]));

export const startBody = z.object({
  processDefinitionId: z
    .string(zodMessage(LEAVE_MSG.definitionRequired))
    .trim()
    .min(1, zodMessage(LEAVE_MSG.definitionRequired))
    .max(160, zodMessage(LEAVE_MSG.notLeaveProcess))
    .describe(docText({ zh: '请假流程的定义主键（Leave:1:…）', en: 'The leave process definition id (Leave:1:…)' })),
  taskUser: approverId.describe(docText({ zh: '审批人：本租户用户的主键，或 taskUser_<主键>', en: "The approver: a user id of the caller's tenant, or taskUser_<id>" })),
  startTime: time('startTime').describe(docText({ zh: '开始时间 yyyy-MM-dd HH:mm:ss', en: 'Start, yyyy-MM-dd HH:mm:ss' })),
  endTime: time('endTime').describe(docText({ zh: '结束时间 yyyy-MM-dd HH:mm:ss，晚于开始，一年以内', en: 'End, yyyy-MM-dd HH:mm:ss, after the start, within a year' })),
  reason: z
    .string(zodMessage(LEAVE_MSG.reasonRequired))
    .trim()
    .min(1, zodMessage(LEAVE_MSG.reasonRequired))
    .max(MAX_REASON, zodMessage(LEAVE_MSG.reasonTooLong))
    .describe(docText({ zh: `请假理由（纯文本，1–${MAX_REASON} 字）`, en: `The reason (plain text, 1–${MAX_REASON} characters)` })),
});
export type StartLeaveInput = z.infer<typeof startBody>;

/** A user's name as lists show it: the real name, else the name, else the account. */
const USER_NAME = `coalesce(nullif(real_name, ''), nullif(name, ''), account)`;

export async function userName(tx: Tx, tenantId: string, id: string): Promise<string | undefined> {
  if (!isBigintId(id)) return undefined;
  const row = await tx.one<{ name: string }>(`select ${USER_NAME} as name from blade_user where id = $1 and tenant_id = $2 and is_deleted = 0`, [id, tenantId]);
  return row?.name;
}

function engineOf(ctx: ServerContext): WorkflowService {
  const workflow = ctx.extensions.workflow;
  if (!workflow) throw bizError(LEAVE_MSG.noEngine);
  return workflow;
}

/**
 * Saves the leave and starts its process in one transaction: a refused start leaves no row, and a row
 * always names its instance. Returns the row's id.
 */
export async function startLeave(ctx: ServerContext, tx: Tx, me: AuthUser, input: StartLeaveInput): Promise<string> {
  const judged = judgeLeaveTimes(input.startTime, input.endTime);
  if ('refusal' in judged) throw bizError(LEAVE_MSG.times[judged.refusal]);
  const workflow = engineOf(ctx);
  if ((await userName(tx, me.tenantId, input.taskUser)) === undefined) throw bizError(LEAVE_MSG.approverUnknown);
  // The definition must be a leave process of the caller's tenant: its key's latest version says the category.
  const key = input.processDefinitionId.split(':')[0] ?? '';
  const latest = key ? await workflow.latest(ctx, tx, me.tenantId, key) : undefined;
  if (latest?.category !== LEAVE_CATEGORY) throw bizError(LEAVE_MSG.notLeaveProcess);

  const repo = crudRepo(leaveEntity, ctx.ids);
  const now = ctx.now();
  const id = await repo.insert(
    tx,
    me,
    { processDefinitionId: input.processDefinitionId, startTime: input.startTime, endTime: input.endTime, days: judged.days, reason: input.reason, taskUser: input.taskUser, applyTime: formatDateTime(now) },
    now,
  );
  let processInstanceId: string;
  try {
    ({ processInstanceId } = await workflow.start(ctx, tx, me, {
      processDefinitionId: input.processDefinitionId,
      businessKey: `${LEAVE_TABLE}:${id}`,
      variables: { taskUser: `taskUser_${input.taskUser}`, days: judged.days },
    }));
  } catch (error) {
    if (error instanceof ApiError) throw bizError(LEAVE_MSG.startFailed(error.text));
    throw error;
  }
  await tx.query(`update ${LEAVE_TABLE} set process_instance_id = $1 where id = $2 and tenant_id = $3`, [processInstanceId, id, me.tenantId]);
  return id;
}
