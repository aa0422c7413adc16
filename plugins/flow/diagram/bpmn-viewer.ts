import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import { THEMED_RENDERER, type CanvasService, type ElementRegistryService, type ZoomScrollService } from './bpmn-assets';

/** A drawn diagram: fit, zoom, mark its elements, and go away. */
export interface DrawnDiagram {
  fit(): void;
  zoom(step: number): void;
  /** Marks the done and the current elements (a flow is done when it leads from a done one to one reached). */
  mark(done: readonly string[], current: readonly string[]): void;
  destroy(): void;
}

const DONE = 'flow-done';
const CURRENT = 'flow-current';

/**
 * Draws `xml` into `container` with bpmn-js's navigated viewer (pan by dragging, zoom by wheel) and fits it.
 * Rejects with bpmn-js's reason when the XML does not import; the viewer is then already gone.
 */
export async function drawDiagram(container: HTMLElement, xml: string): Promise<DrawnDiagram> {
  const viewer = new NavigatedViewer({ container, bpmnRenderer: THEMED_RENDERER });
  try {
    await viewer.importXML(xml);
  } catch (error) {
    viewer.destroy();
    throw error;
  }
  const canvas = viewer.get<CanvasService>('canvas');
  const registry = viewer.get<ElementRegistryService>('elementRegistry');
  const fit = () => void canvas.zoom('fit-viewport', 'auto');
  fit();
  let marked: { id: string; marker: string }[] = [];
  return {
    fit,
    zoom: (step) => viewer.get<ZoomScrollService>('zoomScroll').stepZoom(step),
    mark(done, current) {
      for (const { id, marker } of marked) canvas.removeMarker(id, marker);
      const doneSet = new Set(done);
      const currentSet = new Set(current);
      const reached = (id: string | undefined) => id !== undefined && (doneSet.has(id) || currentSet.has(id));
      marked = registry.getAll().flatMap((element) => {
        if (currentSet.has(element.id)) return [{ id: element.id, marker: CURRENT }];
        if (doneSet.has(element.id)) return [{ id: element.id, marker: DONE }];
        if (element.type === 'bpmn:SequenceFlow' && element.source && doneSet.has(element.source.id) && reached(element.target?.id)) return [{ id: element.id, marker: DONE }];
        return [];
      });
      for (const { id, marker } of marked) canvas.addMarker(id, marker);
    },
    destroy: () => viewer.destroy(),
  };
}
