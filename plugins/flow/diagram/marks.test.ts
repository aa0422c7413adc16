import { describe, expect, it } from '@rstest/core';
import { bladeFlow } from '../../../core/sdk/shared';
import { doneActivities, historySteps, type DiagramStep } from './api';
import { CURRENT_MARKER, DONE_MARKER, progressMarks } from './marks';

/** The leave process as the viewer's registry lists it: shapes, then flows with their ends. */
const shape = (id: string, type: string) => ({ id, type });
const flow = (id: string, source: string, target: string) => ({ id, type: 'bpmn:SequenceFlow', source: { id: source }, target: { id: target } });
const LEAVE = [
  shape('start', 'bpmn:StartEvent'),
  shape('approve', 'bpmn:UserTask'),
  shape('decide', 'bpmn:ExclusiveGateway'),
  shape('hrApprove', 'bpmn:UserTask'),
  shape('hrDecide', 'bpmn:ExclusiveGateway'),
  shape('approved', 'bpmn:EndEvent'),
  shape('rejected', 'bpmn:EndEvent'),
  flow('toApprove', 'start', 'approve'),
  flow('toDecide', 'approve', 'decide'),
  flow('toHr', 'decide', 'hrApprove'),
  flow('shortApproved', 'decide', 'approved'),
  flow('rejected1', 'decide', 'rejected'),
  flow('toHrDecide', 'hrApprove', 'hrDecide'),
  flow('hrApproved', 'hrDecide', 'approved'),
  flow('rejected2', 'hrDecide', 'rejected'),
];
const marked = (marks: { id: string; marker: string }[], marker: string) => marks.filter((m) => m.marker === marker).map((m) => m.id);

describe('progress marks', () => {
  it('a finished five-day leave: every element passed and the flows taken green, the path unbroken through both gateways', () => {
    const marks = progressMarks(LEAVE, {
      done: ['start', 'approve', 'decide', 'hrApprove', 'hrDecide', 'approved'],
      current: [],
      taken: ['toApprove', 'toDecide', 'toHr', 'toHrDecide', 'hrApproved'],
    });
    expect(marked(marks, DONE_MARKER)).toEqual(['start', 'approve', 'decide', 'hrApprove', 'hrDecide', 'approved', 'toApprove', 'toDecide', 'toHr', 'toHrDecide', 'hrApproved']);
    expect(marked(marks, CURRENT_MARKER)).toEqual([]);
  });

  it('the flows taken decide, not their ends: of two flows from a gateway to one end, only the one taken is green', () => {
    const elements = [shape('g', 'bpmn:ExclusiveGateway'), shape('end', 'bpmn:EndEvent'), flow('quick', 'g', 'end'), flow('slow', 'g', 'end')];
    const progress = { done: ['g', 'end'], current: [] };
    expect(marked(progressMarks(elements, { ...progress, taken: ['quick'] }), DONE_MARKER)).toEqual(['g', 'end', 'quick']);
    // Without the flows recorded, the guess marks both.
    expect(marked(progressMarks(elements, { ...progress, taken: [] }), DONE_MARKER)).toEqual(['g', 'end', 'quick', 'slow']);
  });

  it('waiting at hr: the task orange, the flow into it green, nothing after it', () => {
    const marks = progressMarks(LEAVE, { done: ['start', 'approve', 'decide'], current: ['hrApprove'], taken: ['toApprove', 'toDecide', 'toHr'] });
    expect(marked(marks, CURRENT_MARKER)).toEqual(['hrApprove']);
    expect(marked(marks, DONE_MARKER)).toEqual(['start', 'approve', 'decide', 'toApprove', 'toDecide', 'toHr']);
  });

  it('flows not recorded: those from a passed element to one reached, never to one not reached', () => {
    const marks = progressMarks(LEAVE, { done: ['start', 'approve', 'decide', 'rejected'], current: [], taken: [] });
    expect(marked(marks, DONE_MARKER)).toEqual(['start', 'approve', 'decide', 'rejected', 'toApprove', 'toDecide', 'rejected1']);
  });
});

describe('model-view steps', () => {
  const step = (historyActivityId: string, historyActivityType: string, endTime = '2026-03-01 10:00:00'): DiagramStep => ({ ...bladeFlow({ historyActivityId, endTime }), historyActivityType });
  const steps = [step('start', 'startEvent'), step('approve', 'userTask'), step('decide', 'exclusiveGateway'), step('fork', 'parallelGateway'), step('hr', 'userTask', '')];

  it('the history table leaves the gateways out; the diagram counts them among the steps passed', () => {
    expect(historySteps(steps).map((s) => s.historyActivityId)).toEqual(['start', 'approve', 'hr']);
    expect(doneActivities(steps)).toEqual(['start', 'approve', 'decide', 'fork']);
  });
});
