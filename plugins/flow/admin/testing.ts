import { expect } from '@rstest/core';
import type { AuthUser } from '../../../core/sdk/server';
import type { CallResult, TestServer } from '../../../core/sdk/server-testing';
import { workflowService } from '../engine';
import { member } from '../engine/testing/actors';
import { deployPerTenant } from './deploy';

/** Helpers of the administration's server tests. */

export const EN = { 'Accept-Language': 'en' };

/** A refused call: 400 with its message. */
export function refusal(res: CallResult): string {
  expect([res.status, res.body?.success]).toEqual([400, false]);
  return String(res.body.msg);
}

/** A minimal deployable process (one approval by `${taskUser}`), with a key and a name of the test's choosing. */
export const simpleXml = (key: string, name = key, extra = '') => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d_${key}" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${key}" name="${name}" isExecutable="true">
    <bpmn:startEvent id="start"><bpmn:outgoing>f1</bpmn:outgoing></bpmn:startEvent>
    <bpmn:userTask id="approve" name="审批" camunda:assignee="\${taskUser}"><bpmn:incoming>f1</bpmn:incoming><bpmn:outgoing>f2</bpmn:outgoing></bpmn:userTask>
    ${extra}
    <bpmn:endEvent id="end"><bpmn:incoming>f2</bpmn:incoming></bpmn:endEvent>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="approve" />
    <bpmn:sequenceFlow id="f2" sourceRef="approve" targetRef="end" />
  </bpmn:process>
</bpmn:definitions>`;

/** The process with a script task among its elements, which the engine never runs. */
export const scriptXml = (key: string) =>
  simpleXml(key, key, `<bpmn:scriptTask id="runScript" name="脚本" scriptFormat="javascript"><bpmn:script>process.exit(1)</bpmn:script></bpmn:scriptTask>`);

/** A member of a tenant with an approver beside them, to start and handle instances as the service's callers do. */
export async function starterAndApprover(ts: TestServer, tenantId: string, suffix: string): Promise<{ starter: AuthUser; approver: AuthUser }> {
  const roleId = await ts.addRole({ tenantId, alias: `flow_${suffix}`, codes: [] });
  const add = async (account: string) => member(tenantId, await ts.addUser({ tenantId, account, password: account, roleId, realName: `${account} 名` }), account, [`flow_${suffix}`]);
  return { starter: await add(`starter_${suffix}`), approver: await add(`approver_${suffix}`) };
}

/** Starts an instance of a definition whose first task is assigned to `approver`. */
export async function startInstance(ts: TestServer, definitionId: string, starter: AuthUser, approver: AuthUser): Promise<string> {
  const { processInstanceId } = await ts.ctx.db.tenant(starter.tenantId, (tx) =>
    workflowService.start(ts.ctx, tx, starter, { processDefinitionId: definitionId, businessKey: `test:${definitionId}`, variables: { taskUser: `taskUser_${approver.userId}` } }),
  );
  return processInstanceId;
}

/** Deploys an XML for tenants directly through the service (arranging a test, not testing the route). */
export async function deployed(ts: TestServer, xml: string, tenantIds: string[], category = 'flow_2') {
  return ts.ctx.db.system((tx) => deployPerTenant(tx, ts.ctx, { xml, category, tenantIds }));
}
