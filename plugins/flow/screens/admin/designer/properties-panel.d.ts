// bpmn-js-properties-panel ships no types: the modules the designer adds to bpmn-js's modeler.
declare module 'bpmn-js-properties-panel' {
  import type { BaseViewerOptions } from 'bpmn-js/lib/BaseViewer';

  type Module = NonNullable<BaseViewerOptions['additionalModules']>[number];
  export const BpmnPropertiesPanelModule: Module;
  export const BpmnPropertiesProviderModule: Module;
  export const CamundaPlatformPropertiesProviderModule: Module;
}
