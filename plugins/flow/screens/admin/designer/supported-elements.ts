import type { BaseViewerOptions } from 'bpmn-js/lib/BaseViewer';

type Module = NonNullable<BaseViewerOptions['additionalModules']>[number];

/** A palette or context pad entry as diagram-js takes it. */
interface Entry {
  group: string;
  className: string;
  title: string;
  action: Record<string, (event: Event, element?: unknown) => void>;
}
type Entries = Record<string, Entry>;

interface Shape {
  type: string;
}
interface ElementFactory {
  createShape(attrs: { type: string }): Shape;
}
interface Create {
  start(event: Event, shape: Shape, context?: { source: unknown }): void;
}
interface AutoPlace {
  append(source: unknown, shape: Shape): void;
}
interface Registry {
  registerProvider(priority: number, provider: object): void;
}

/** The titles of the entries this module adds, in the interface's language. */
export interface SupportedLabels {
  userTask: string;
  appendUserTask: string;
  parallelGateway: string;
}

/** The palette's tools and the elements the engine runs; anything else would be refused at save. */
const PALETTE_KEPT = new Set(['hand-tool', 'lasso-tool', 'space-tool', 'global-connect-tool', 'tool-separator', 'create.start-event', 'create.end-event', 'create.exclusive-gateway']);
/** The context pad's appends the engine runs (with connect, replace, delete and the like, which stay). */
const APPEND_DROPPED = ['append.append-task', 'append.intermediate-event', 'append.text-annotation'];

/**
 * bpmn-js's palette and context pad narrowed to what the engine runs (start and end events, user tasks,
 * exclusive and parallel gateways, flows), with a user task in both: the palette's `create.user-task`
 * (`bpmn-icon-user-task`) and the context pad's `append.user-task`.
 */
export function supportedElements(labels: SupportedLabels): Module {
  function PaletteNarrowing(this: object, palette: Registry, create: Create, elementFactory: ElementFactory) {
    const creating = (type: string, className: string, title: string, group: string): Entry => {
      const start = (event: Event) => create.start(event, elementFactory.createShape({ type }));
      return { group, className, title, action: { click: start, dragstart: start } };
    };
    palette.registerProvider(500, {
      getPaletteEntries: () => (entries: Entries) => ({
        ...Object.fromEntries(Object.entries(entries).filter(([key]) => PALETTE_KEPT.has(key))),
        'create.user-task': creating('bpmn:UserTask', 'bpmn-icon-user-task', labels.userTask, 'activity'),
        'create.parallel-gateway': creating('bpmn:ParallelGateway', 'bpmn-icon-gateway-parallel', labels.parallelGateway, 'gateway'),
      }),
    });
  }
  PaletteNarrowing.$inject = ['palette', 'create', 'elementFactory'];

  function ContextPadNarrowing(this: object, contextPad: Registry, create: Create, elementFactory: ElementFactory, autoPlace: AutoPlace) {
    contextPad.registerProvider(500, {
      getContextPadEntries: (element: unknown) => (entries: Entries) => {
        const kept = Object.fromEntries(Object.entries(entries).filter(([key]) => !APPEND_DROPPED.includes(key)));
        // Only an element that can be followed offers appends (an end event, a flow do not).
        if (!entries['append.end-event']) return kept;
        const userTask = () => elementFactory.createShape({ type: 'bpmn:UserTask' });
        return {
          ...kept,
          'append.user-task': {
            group: 'model',
            className: 'bpmn-icon-user-task',
            title: labels.appendUserTask,
            action: {
              click: () => autoPlace.append(element, userTask()),
              dragstart: (event: Event) => create.start(event, userTask(), { source: element }),
            },
          },
        };
      },
    });
  }
  ContextPadNarrowing.$inject = ['contextPad', 'create', 'elementFactory', 'autoPlace'];

  return {
    __init__: ['flowPaletteNarrowing', 'flowContextPadNarrowing'],
    flowPaletteNarrowing: ['type', PaletteNarrowing],
    flowContextPadNarrowing: ['type', ContextPadNarrowing],
  } as Module;
}
