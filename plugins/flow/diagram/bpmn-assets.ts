// bpmn-js's own styles, imported only with the code that draws (a dynamic import of the diagram parts), so
// no other page carries them.
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn.css';

/**
 * The canvas's colours are the interface's: a shape's fill, its stroke and its label follow the theme's
 * variables (they are written as inline styles, where var() works), so light and dark need no redraw.
 */
export const THEMED_RENDERER = {
  defaultFillColor: 'var(--color-bg-2)',
  defaultStrokeColor: 'var(--color-text-1)',
  defaultLabelColor: 'var(--color-text-1)',
};

/** What the diagram parts ask of bpmn-js's services (typed here: diagram-js is bpmn-js's, not ours). */
export interface CanvasService {
  zoom(level?: 'fit-viewport' | number, center?: 'auto'): number;
  addMarker(element: string, marker: string): void;
  removeMarker(element: string, marker: string): void;
}

export interface RegistryElement {
  id: string;
  type: string;
  source?: { id: string };
  target?: { id: string };
}

export interface ElementRegistryService {
  getAll(): RegistryElement[];
}

export interface ZoomScrollService {
  stepZoom(delta: number): void;
}
