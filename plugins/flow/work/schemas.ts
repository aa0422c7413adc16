import { z } from 'zod';
import { docText, pageOf } from '../../../core/sdk/server';

/** The work endpoints' answers, as the API description shows them. */

const text = z.string();
export const bladeFlowSchema = z.object({
  taskId: text,
  taskName: text,
  taskDefinitionKey: text.describe(docText({ zh: '任务在 BPMN 中的 id', en: 'The task’s id in the BPMN' })),
  assignee: text.describe(docText({ zh: '办理人 taskUser_<用户主键>', en: 'The assignee, taskUser_<user id>' })),
  assigneeName: text,
  category: text,
  categoryName: text,
  createTime: text.describe(docText({ zh: 'yyyy-MM-dd HH:mm:ss', en: 'yyyy-MM-dd HH:mm:ss' })),
  endTime: text,
  claimTime: text,
  historyTaskEndTime: text,
  executionId: text,
  processInstanceId: text,
  processDefinitionId: text,
  processDefinitionKey: text,
  processDefinitionName: text,
  processDefinitionVersion: z.number().int(),
  processDefinitionDesc: text,
  processDefinitionDiagramResName: text,
  processDefinitionResName: text,
  historyProcessInstanceId: text,
  processIsFinished: z.enum(['', 'finished', 'unfinished']),
  historyActivityId: text,
  historyActivityName: text,
  historyActivityDurationTime: text,
  businessTable: text,
  businessId: text,
  status: z.enum(['', 'claim', 'todo', 'finish']),
  comment: text,
  pass: z.boolean(),
  flag: text,
  beginDate: text,
  endDate: text,
  variables: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
});

export const bladeFlowPage = pageOf(bladeFlowSchema);

export const flowProcessSchema = z.object({
  id: text.describe(docText({ zh: '流程定义主键 <key>:<版本>:<部署主键>', en: 'Definition id <key>:<version>:<deployment id>' })),
  tenantId: text,
  name: text,
  key: text,
  category: text,
  categoryName: text,
  version: z.number().int(),
  deploymentId: text,
  resourceName: text,
  diagramResourceName: text,
  suspensionState: z.number().int().describe(docText({ zh: '1 激活，2 挂起', en: '1 active, 2 suspended' })),
  deploymentTime: text,
});
export const flowProcessPage = pageOf(flowProcessSchema);

export const startedSchema = z.object({ processInstanceId: text, businessId: text });
