/** XML text: `&`, `<`, `>` and quotes escaped (a name typed by the author goes into an attribute). */
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/**
 * A new model's diagram: an executable process holding only a start event (with its diagram coordinates),
 * in the Camunda namespace the properties panel writes assignees and candidates in.
 */
export function newProcessXml(key: string, name: string, startName: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="Definitions_${escapeXml(key)}" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${escapeXml(key)}" name="${escapeXml(name)}" isExecutable="true">
    <bpmn:startEvent id="start" name="${escapeXml(startName)}" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_${escapeXml(key)}">
    <bpmndi:BPMNPlane id="BPMNPlane_${escapeXml(key)}" bpmnElement="${escapeXml(key)}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start">
        <dc:Bounds x="180" y="160" width="36" height="36" />
      </bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}

/** A fresh process key (`process_` and a base-36 stamp): valid as an XML id and as a model key. */
export const freshProcessKey = (now = Date.now()) => `process_${now.toString(36)}`;
