import { describe, expect, test } from '@rstest/core';
import { runStart } from './runtime';
import { FLOWABLE_XML, LEAVE_PROCESS_XML } from './testing/leave-process';
import { checkedBpmn, validateBpmn } from './validate';

const wrap = (body: string, extraNs = '') => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"${extraNs} targetNamespace="t">
  <process id="P" name="P" isExecutable="true">
    <startEvent id="start" /><sequenceFlow id="f1" sourceRef="start" targetRef="task" />
    ${body}
    <endEvent id="end" />
  </process>
</definitions>`;
const task = (attrs = 'camunda:assignee="${taskUser}"') => `<userTask id="task" name="审批" ${attrs} /><sequenceFlow id="f2" sourceRef="task" targetRef="end" />`;

async function refusal(xml: string) {
  const result = await validateBpmn(xml);
  if (result.ok) throw new Error('accepted');
  return result.refusal;
}

describe('what deploy accepts', () => {
  test('the leave process, in the camunda and in the flowable namespace', async () => {
    expect(await validateBpmn(LEAVE_PROCESS_XML)).toEqual({ ok: true, key: 'TestLeave', name: '测试请假', description: "Leave, as the engine's tests run it" });
    expect(await checkedBpmn(FLOWABLE_XML)).toMatchObject({ key: 'TestLeaveFlowable' });
  });

  test('a flowable process runs with its assignee and candidate groups read', async () => {
    const result = await runStart('1', FLOWABLE_XML, { taskUser: 'taskUser_7', days: 5 }, () => new Date());
    expect(result.events.filter((e) => e.kind === 'wait')).toEqual([expect.objectContaining({ activityId: 'approve', assignee: 'taskUser_7' })]);
  });

  test('scriptTask and serviceTask are refused by name, in both languages', async () => {
    const script = await refusal(wrap(`<scriptTask id="run" scriptFormat="javascript"><script>process.exit()</script></scriptTask>`.replace('/>', '/>') + task()));
    expect(script.zh).toContain('ScriptTask（run）');
    expect(script.en).toContain('Unsupported element ScriptTask (run)');
    const service = await refusal(wrap(`<serviceTask id="call" camunda:expression="\${x}" />${task()}`));
    expect(service.en).toContain('ServiceTask (call)');
  });

  test('XML that does not parse, no executable process, two of them', async () => {
    expect((await refusal('<definitions><process')).zh).toMatch(/^流程 XML 无法解析：/);
    expect((await refusal('not xml at all')).en).toMatch(/^The process XML cannot be read|has no definitions/);
    expect((await refusal(wrap(task()).replace('isExecutable="true"', 'isExecutable="false"'))).zh).toBe('流程 XML 中没有可执行的流程（isExecutable="true"）');
    const two = wrap(task()).replace('</definitions>', '<process id="Q" isExecutable="true"><startEvent id="s2" /></process></definitions>');
    expect((await refusal(two)).en).toBe('The process XML may hold only one executable process');
  });

  test('a bad expression is refused with where it stopped', async () => {
    const bad = await refusal(wrap(task('camunda:assignee="${taskUser +}"')));
    expect(bad.zh).toContain('审批 的表达式「${taskUser +}」无法解析');
    const condition = wrap(`<userTask id="task" camunda:assignee="1" /><sequenceFlow id="f2" sourceRef="task" targetRef="end"><conditionExpression>\${pass &amp;&amp; days(3)}</conditionExpression></sequenceFlow>`);
    expect((await refusal(condition)).en).toContain('calls are not allowed');
    const script = wrap(`<userTask id="task" camunda:assignee="1" /><sequenceFlow id="f2" sourceRef="task" targetRef="end"><conditionExpression language="javascript">next(null, true)</conditionExpression></sequenceFlow>`);
    expect((await refusal(script)).zh).toBe('连线（f2）的条件不能是脚本');
    const typed = script.replace('<conditionExpression language', '<conditionExpression xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="tFormalExpression" language');
    expect((await refusal(typed)).en).toBe('The condition of the flow (f2) may not be a script');
    const literal = wrap(`<userTask id="task" camunda:assignee="1" /><sequenceFlow id="f2" sourceRef="task" targetRef="end"><conditionExpression>days > 3</conditionExpression></sequenceFlow>`);
    expect((await refusal(literal)).zh).toBe('f2 的条件「days > 3」必须是一个 ${…} 表达式');
  });

  test('a user task for nobody, a timer, a dead end, a key that cannot be an id, an oversized file', async () => {
    expect((await refusal(wrap(task('')))).zh).toBe('用户任务「审批」未设置办理人或候选组/候选人');
    const timer = wrap(task()).replace('<endEvent id="end" />', '<endEvent id="end"><terminateEventDefinition /></endEvent>');
    expect((await refusal(timer)).en).toContain('(end)');
    const deadEnd = wrap(`<userTask id="task" camunda:candidateGroups="hr" /><userTask id="lost" camunda:candidateGroups="hr" /><sequenceFlow id="f2" sourceRef="task" targetRef="end" />`);
    expect((await refusal(deadEnd)).en).toBe('The element (lost) has no incoming flow');
    expect((await refusal(wrap(task()).replace('id="P"', 'id="a:b"'))).en).toContain('"a:b"');
    expect((await refusal(wrap(task()).replace('<endEvent', `<!-- ${'x'.repeat(1_100_000)} --><endEvent`))).zh).toBe('流程文件过大（上限 1 MB）');
    expect((await refusal(wrap(task(), ' xmlns:flowable="http://flowable.org/bpmn"'))).zh).toBe('流程 XML 不能同时使用 camunda 与 flowable 命名空间');
  });

  test('checkedBpmn refuses with a 400', async () => {
    await expect(checkedBpmn('<x/>')).rejects.toMatchObject({ status: 400 });
  });
});
