import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import { THEMED_RENDERER, type CanvasService, type ElementRegistryService, type ZoomScrollService } from './bpmn-assets';
import { progressMarks, type Mark, type Progress } from './marks';

/** A drawn diagram: fit, zoom, mark its elements, and go away. */
export interface DrawnDiagram {
  fit(): void;
  zoom(step: number): void;
  /** Marks the elements passed, the flows taken and the elements waiting now. */
  mark(progress: Progress): void;
  destroy(): void;
}

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
  let marked: Mark[] = [];
  return {
    fit,
    zoom: (step) => viewer.get<ZoomScrollService>('zoomScroll').stepZoom(step),
    mark(progress) {
      for (const { id, marker } of marked) canvas.removeMarker(id, marker);
      marked = progressMarks(registry.getAll(), progress);
      for (const { id, marker } of marked) canvas.addMarker(id, marker);
    },
    destroy: () => viewer.destroy(),
  };
}
