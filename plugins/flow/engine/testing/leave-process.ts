/**
 * A leave-shaped process for the engine's tests: the approver the applicant chose (`${taskUser}`)
 * approves; more than three days also needs someone of the role `hr`; a rejection ends it at once.
 */
export const LEAVE_PROCESS_XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" targetNamespace="http://bladex.vip/test">
  <process id="TestLeave" name="测试请假" isExecutable="true">
    <documentation>Leave, as the engine's tests run it</documentation>
    <startEvent id="start" name="开始" />
    <sequenceFlow id="toApprove" sourceRef="start" targetRef="approve" />
    <userTask id="approve" name="审批人审批" camunda:assignee="\${taskUser}" />
    <sequenceFlow id="toDecide" sourceRef="approve" targetRef="decide" />
    <exclusiveGateway id="decide" name="审批结果" />
    <sequenceFlow id="toHr" sourceRef="decide" targetRef="hrApprove"><conditionExpression>\${pass &amp;&amp; days &gt; 3}</conditionExpression></sequenceFlow>
    <sequenceFlow id="shortApproved" sourceRef="decide" targetRef="approved"><conditionExpression>\${pass and days le 3}</conditionExpression></sequenceFlow>
    <sequenceFlow id="rejected1" sourceRef="decide" targetRef="rejected"><conditionExpression>\${!pass}</conditionExpression></sequenceFlow>
    <userTask id="hrApprove" name="人事审批" camunda:candidateGroups="hr" />
    <sequenceFlow id="toHrDecide" sourceRef="hrApprove" targetRef="hrDecide" />
    <exclusiveGateway id="hrDecide" default="rejected2" />
    <sequenceFlow id="hrApproved" sourceRef="hrDecide" targetRef="approved"><conditionExpression>\${pass}</conditionExpression></sequenceFlow>
    <sequenceFlow id="rejected2" sourceRef="hrDecide" targetRef="rejected" />
    <endEvent id="approved" name="同意" />
    <endEvent id="rejected" name="驳回" />
  </process>
</definitions>
`;

/** The same shape with Flowable's attributes, as BladeX exports its processes. */
export const FLOWABLE_XML = LEAVE_PROCESS_XML.replace('xmlns:camunda="http://camunda.org/schema/1.0/bpmn"', 'xmlns:flowable="http://flowable.org/bpmn"')
  .replaceAll('camunda:', 'flowable:')
  .replace('id="TestLeave"', 'id="TestLeaveFlowable"');

/** Two tasks at once (a parallel fork and join): the process ends when both are done, in either order. */
export const PARALLEL_XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" targetNamespace="http://bladex.vip/test">
  <process id="TestParallel" name="会签" isExecutable="true">
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="fork" />
    <parallelGateway id="fork" />
    <sequenceFlow id="f2" sourceRef="fork" targetRef="first" />
    <sequenceFlow id="f3" sourceRef="fork" targetRef="second" />
    <userTask id="first" name="一审" camunda:assignee="\${taskUser}" />
    <userTask id="second" name="二审" camunda:candidateGroups="hr" />
    <sequenceFlow id="f4" sourceRef="first" targetRef="join" />
    <sequenceFlow id="f5" sourceRef="second" targetRef="join" />
    <parallelGateway id="join" />
    <sequenceFlow id="f6" sourceRef="join" targetRef="end" />
    <endEvent id="end" name="结束" />
  </process>
</definitions>
`;
