import Modeler from 'bpmn-js/lib/Modeler';
import { BpmnPropertiesPanelModule, BpmnPropertiesProviderModule, CamundaPlatformPropertiesProviderModule } from 'bpmn-js-properties-panel';
import camundaModdle from 'camunda-bpmn-moddle/resources/camunda.json';
import '@bpmn-io/properties-panel/dist/assets/properties-panel.css';
import { THEMED_RENDERER, type CanvasService } from '../../../diagram/bpmn-assets';
import { supportedElements, type SupportedLabels } from './supported-elements';
import { translations } from './translations';
import '../../../diagram/diagram.css';

/** The process a diagram holds: its id (the model's key) and name. */
export interface ProcessIdentity {
  id: string;
  name: string;
}

/** The designer's modeler, as the page uses it. */
export interface DesignerModeler {
  /** Draws `xml`; rejects with bpmn-js's reason (the previous drawing stays). */
  open(xml: string): Promise<void>;
  xml(): Promise<string>;
  process(): ProcessIdentity | null;
  /** Sets the process's id and name (one undoable change), when they differ. */
  rename(identity: ProcessIdentity): void;
  /** Called after every change of the diagram (drawing, the properties panel, undo). */
  onChange(listener: () => void): void;
  destroy(): void;
}

interface BusinessObject {
  id: string;
  name?: string;
}
interface RootElement {
  type: string;
  businessObject: BusinessObject;
}
interface EventBusService {
  on(event: string, listener: () => void): void;
}
interface ModelingService {
  updateProperties(element: RootElement, properties: Record<string, string>): void;
}

/**
 * bpmn-js's modeler (palette, context pad, direct editing, undo) with the properties panel of the Camunda
 * platform provider: a user task's assignee and candidate groups and users, a flow's condition, names.
 * The palette and context pad offer only what the engine runs. Its colours follow the theme like the viewer's.
 */
export function createModeler(canvas: HTMLElement, properties: HTMLElement, labels: SupportedLabels, language: string): DesignerModeler {
  const modeler = new Modeler({
    container: canvas,
    // The groups an author of these processes needs, open from the start: names and ids, who does a
    // user task, and a flow's condition.
    propertiesPanel: { parent: properties, layout: { groups: { general: { open: true }, CamundaPlatform__UserAssignment: { open: true }, CamundaPlatform__Condition: { open: true } } } },
    additionalModules: [BpmnPropertiesPanelModule, BpmnPropertiesProviderModule, CamundaPlatformPropertiesProviderModule, supportedElements(labels), translations(language)],
    moddleExtensions: { camunda: camundaModdle },
    bpmnRenderer: THEMED_RENDERER,
  });
  const root = (): RootElement | null => {
    const element = modeler.get<{ getRootElement(): RootElement }>('canvas').getRootElement();
    return element?.type === 'bpmn:Process' ? element : null;
  };
  return {
    async open(xml) {
      await modeler.importXML(xml);
      modeler.get<CanvasService>('canvas').zoom('fit-viewport', 'auto');
    },
    async xml() {
      const { xml } = await modeler.saveXML({ format: true });
      return xml ?? '';
    },
    process() {
      const element = root();
      return element ? { id: element.businessObject.id, name: element.businessObject.name ?? '' } : null;
    },
    rename({ id, name }) {
      const element = root();
      if (!element) return;
      const changed: Record<string, string> = {};
      if (id && element.businessObject.id !== id) changed.id = id;
      if ((element.businessObject.name ?? '') !== name) changed.name = name;
      if (Object.keys(changed).length > 0) modeler.get<ModelingService>('modeling').updateProperties(element, changed);
    },
    onChange(listener) {
      modeler.get<EventBusService>('eventBus').on('commandStack.changed', listener);
    },
    destroy: () => modeler.destroy(),
  };
}
