import { currentLanguage, formatDateTime, type ServerContext, type Tx } from '../../../core/sdk/server';
import { type BladeFlow, bladeFlow, categoryName, splitBusinessKey, taskUser } from '../../../core/sdk/shared';
import { FLOW_DICTIONARY } from '../dictionary';

/** An instance the caller may read, as the process routes found it. */
export interface InstanceRef {
  id: string;
  tenant_id: string;
  definition_id: string;
  start_user: string;
  start_user_name: string;
}

interface SummaryRow {
  business_key: string;
  variables: unknown;
  status: string;
  start_time: Date;
  end_time: Date | null;
  process_key: string | null;
  name: string | null;
  version: number | null;
  description: string | null;
  category: string | null;
  resource_name: string | null;
  waiting: string[];
}

type Plain = string | number | boolean;
const plainVariables = (value: unknown): Record<string, Plain> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, Plain] => ['string', 'number', 'boolean'].includes(typeof entry[1])))
    : {};

/**
 * An instance as one BladeFlow item: its process and category, the request's variables and business key,
 * whether it finished, when it started and ended, its starter (as the assignee) and the steps waiting
 * now (as the task name). What a handling or details page shows of the request, read in one call.
 */
export async function instanceSummary(ctx: ServerContext, tx: Tx, instance: InstanceRef): Promise<BladeFlow> {
  const row = await tx.one<SummaryRow>(
    `select i.business_key, i.variables, i.status, i.start_time, i.end_time,
       d.process_key, d.name, d.version, d.description, d.category, d.resource_name,
       array(select t.name from flow_task t where t.instance_id = i.id and t.tenant_id = i.tenant_id and t.status in ('claim', 'todo') order by t.create_time, t.id) as waiting
     from flow_instance i left join flow_definition d on d.id = i.definition_id and d.tenant_id = i.tenant_id
     where i.id = $1 and i.tenant_id = $2`,
    [instance.id, instance.tenant_id],
  );
  if (!row) return bladeFlow({ processInstanceId: String(instance.id) });
  const labels = (await ctx.extensions.dictionaryLabels?.(tx, FLOW_DICTIONARY)) ?? new Map();
  const category = row.category ?? '';
  return bladeFlow({
    processInstanceId: String(instance.id),
    historyProcessInstanceId: String(instance.id),
    processDefinitionId: instance.definition_id,
    processDefinitionKey: row.process_key ?? '',
    processDefinitionName: row.name ?? '',
    processDefinitionVersion: row.version ?? -1,
    processDefinitionDesc: row.description ?? '',
    processDefinitionResName: row.resource_name ?? '',
    category,
    categoryName: categoryName(category, labels, currentLanguage()),
    variables: plainVariables(row.variables),
    ...splitBusinessKey(row.business_key),
    processIsFinished: row.status === 'running' ? 'unfinished' : 'finished',
    createTime: formatDateTime(row.start_time),
    endTime: row.end_time ? formatDateTime(row.end_time) : '',
    assignee: taskUser(String(instance.start_user)),
    assigneeName: instance.start_user_name,
    taskName: row.waiting.join(', '),
  });
}
