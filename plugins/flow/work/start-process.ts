import type { Hono } from 'hono';
import { type AppEnv, bizError, currentMember, describeRoute, parseInput, rData, readJson, type ServerContext } from '../../../core/sdk/server';
import { taskUser, userIdOfTaskUser } from '../../../core/sdk/shared';
import { GENERAL_FORM } from '../dictionary';
import { workflowService } from '../engine';
import { WORK_BASE } from './list-routes';
import { WORK_MSG } from './messages';
import { startBody } from './params';
import { startedSchema } from './schemas';

/** The general approval's business: a process whose category has no form of its own keeps its title and reason in the instance. */
export const GENERAL_BUSINESS = `flow_${GENERAL_FORM}`;

/**
 * `POST /api/blade-flow/work/start-process`: the general form's start. The title, reason and chosen
 * approver become the instance's variables (the approver as `taskUser_<id>`, for `${taskUser}`), under a
 * fresh business key `flow_general:<id>`.
 */
export function startProcessRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  api.post(
    `${WORK_BASE}/start-process`,
    describeRoute({
      summary: { zh: '发起通用审批', en: 'Start a general approval' },
      description: {
        zh: '以标题、事由和（可选的）审批人发起一个流程；审批人须是本租户的用户。流程不存在、属于其他租户或已挂起时拒绝。答流程实例主键和业务主键。',
        en: 'Starts a process with a title, a reason and (optionally) an approver, who must be a user of the tenant. An unknown, another tenant’s or a suspended process is refused. Answers the instance id and the business id.',
      },
      body: startBody,
      data: startedSchema,
    }),
    async (c) => {
      const me = currentMember(c);
      const body = parseInput(startBody, await readJson(c));
      const approver = body.taskUser === undefined ? undefined : userIdOfTaskUser(body.taskUser);
      const businessId = ctx.ids.next();
      const started = await ctx.db.tenant(me.tenantId, async (tx) => {
        if (approver !== undefined) {
          const user = await tx.one(`select id from blade_user where id = $1 and tenant_id = $2 and is_deleted = 0`, [approver, me.tenantId]);
          if (!user) throw bizError(WORK_MSG.noSuchUser);
        }
        return workflowService.start(ctx, tx, me, {
          processDefinitionId: body.processDefinitionId,
          businessKey: `${GENERAL_BUSINESS}:${businessId}`,
          variables: { title: body.title, reason: body.reason ?? '', ...(approver === undefined ? {} : { taskUser: taskUser(approver) }) },
        });
      });
      return c.json(rData({ processInstanceId: started.processInstanceId, businessId }));
    },
  );
}
