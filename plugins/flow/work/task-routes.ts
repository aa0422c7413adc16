import type { Hono } from 'hono';
import {
  type AppEnv,
  bizError,
  currentMember,
  describeRoute,
  parseInput,
  rStatus,
  rSuccess,
  readJson,
  readParams,
  type ServerContext,
  SqlParams,
} from '../../../core/sdk/server';
import { isPass, NOT_PASS_COMMENT, PASS_COMMENT, PASS_FLAG } from '../../../core/sdk/shared';
import { ENGINE_MSG, workflowService } from '../engine';
import { claimable } from './lists';
import { WORK_BASE } from './list-routes';
import { WORK_MSG } from './messages';
import { completeBody, deleteParams, taskParams } from './params';

/**
 * A member's moves on a task: claim it, complete it (approve or reject), and BladeX's delete, which, as
 * Flowable's, refuses a task of a running process. The engine makes each atomic: of two claims or two
 * completions of one task at once, one succeeds and the other is refused.
 */
export function workTaskRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  api.post(
    `${WORK_BASE}/claim-task`,
    describeRoute({
      summary: { zh: '签收任务', en: 'Claim a task' },
      description: {
        zh: '调用者签收一个等待签收、候选组含其角色的任务，任务进入其待办。任务不存在、已被签收或不是调用者可签收的，答“任务不存在或已被处理”；流程挂起时拒绝。',
        en: 'The caller claims a task waiting for a candidate of their roles; it moves to their to-do list. A task that does not exist, was claimed already or is not the caller’s to claim is refused alike; so is a task of a suspended process.',
      },
      params: taskParams,
    }),
    async (c) => {
      const me = currentMember(c);
      const { taskId } = parseInput(taskParams, await readParams(c));
      await ctx.db.tenant(me.tenantId, (tx) => workflowService.claim(ctx, tx, me, taskId));
      return c.json(rSuccess(WORK_MSG.claimed));
    },
  );

  api.post(
    `${WORK_BASE}/complete-task`,
    describeRoute({
      summary: { zh: '办理任务（同意或驳回）', en: 'Complete a task (approve or reject)' },
      description: {
        zh: 'flag 为 ok 或意见为“同意”即同意（流程变量 pass 为 true），否则驳回；意见为空时同意记“同意”，驳回记“驳回”。只能办理指派给调用者的任务；同一任务同时办理两次只成功一次。',
        en: 'The flag ok or the comment 同意 approves (the process variable pass is true); anything else rejects. An empty comment is recorded as 同意 on approval and 驳回 on rejection. Only a task assigned to the caller; completing one task twice at once succeeds once.',
      },
      body: completeBody,
    }),
    async (c) => {
      const me = currentMember(c);
      const body = parseInput(completeBody, await readJson(c));
      // A rejection without a comment stays a rejection (BladeX's 同意 default would make it an approval).
      const comment = body.comment ?? (body.flag === PASS_FLAG ? PASS_COMMENT : NOT_PASS_COMMENT);
      await ctx.db.tenant(me.tenantId, async (tx) => {
        if (body.processInstanceId) {
          const task = await tx.one<{ instance_id: string }>(`select instance_id::text as instance_id from flow_task where id = $1 and tenant_id = $2 and assignee = $3::bigint`, [
            body.taskId,
            me.tenantId,
            me.userId,
          ]);
          if (task && task.instance_id !== body.processInstanceId) throw bizError(WORK_MSG.otherInstance);
        }
        await workflowService.complete(ctx, tx, me, { taskId: body.taskId, pass: isPass(body.flag, comment), comment, variables: body.variables });
      });
      return c.json(rStatus(true));
    },
  );

  api.post(
    `${WORK_BASE}/delete-task`,
    describeRoute({
      summary: { zh: '删除任务', en: 'Delete a task' },
      description: {
        zh: '与 Flowable 一样，运行中流程的任务不能删除（停止流程请用流程跟踪的删除）；已办理或不属于调用者的任务答“任务不存在或已被处理”。',
        en: 'As in Flowable, a task of a running process cannot be deleted (a process is stopped from the follow screen); a task already handled, or not the caller’s, is refused as not found.',
      },
      params: deleteParams,
    }),
    async (c) => {
      const me = currentMember(c);
      const { taskId } = parseInput(deleteParams, await readParams(c));
      const instanceStatus = await ctx.db.tenant(me.tenantId, async (tx) => {
        const p = new SqlParams();
        const task = await tx.one<{ instance_status: string }>(
          `select i.status as instance_status
             from flow_task t join flow_instance i on i.id = t.instance_id and i.tenant_id = t.tenant_id
            where t.id = ${p.add(taskId)} and t.tenant_id = ${p.add(me.tenantId)}
              and ((t.status = 'todo' and t.assignee = ${p.add(me.userId)}::bigint) or ${claimable(p, me)})`,
          p.values,
        );
        return task?.instance_status;
      });
      // Every task here belongs to a process: an open one's is running, and a handled one is history, kept.
      throw bizError(instanceStatus === 'running' ? WORK_MSG.taskOfRunningProcess : ENGINE_MSG.taskGone);
    },
  );
}
