// bpmn-moddle ships no types: the little of it the engine's validation reads.
declare module 'bpmn-moddle' {
  export interface ModdleElement {
    readonly $type: string;
    readonly id?: string;
    readonly name?: string;
    readonly $attrs?: Record<string, string>;
    readonly [property: string]: unknown;
  }
  export interface ModdleWarning {
    message: string;
    element?: ModdleElement;
  }
  export default class BpmnModdle {
    constructor(packages?: Record<string, unknown>);
    fromXML(xml: string, typeName?: string): Promise<{ rootElement: ModdleElement; warnings: ModdleWarning[] }>;
  }
}
