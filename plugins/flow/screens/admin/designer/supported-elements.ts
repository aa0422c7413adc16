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

/** A group of the properties panel, as its providers hand it on. */
interface PanelGroup {
  id: string;
  entries: { id: string }[];
}
const USER_ASSIGNMENT = 'CamundaPlatform__UserAssignment';
/** The panel's groups the engine reads: names and ids, documentation, who does a task, a flow's condition. */
const PANEL_GROUPS = new Set(['general', 'documentation', USER_ASSIGNMENT, 'CamundaPlatform__Condition']);
const UNUSED_ASSIGNMENT = new Set(['dueDate', 'followUpDate', 'priority']);

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
 * (`bpmn-icon-user-task`) and the context pad's `append.user-task`; the properties panel's user
 * assignment narrowed to what the engine reads.
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

  // Only the groups and fields the engine reads: listeners, forms, async continuations, due dates and the
  // like would be saved into the XML and never act.
  function PanelNarrowing(this: object, propertiesPanel: Registry) {
    propertiesPanel.registerProvider(100, {
      getGroups: () => (groups: PanelGroup[]) =>
        groups
          .filter((group) => PANEL_GROUPS.has(group.id))
          .map((group) => (group.id === USER_ASSIGNMENT ? { ...group, entries: group.entries.filter((entry) => !UNUSED_ASSIGNMENT.has(entry.id)) } : group)),
    });
  }
  PanelNarrowing.$inject = ['propertiesPanel'];

  return {
    __init__: ['flowPaletteNarrowing', 'flowContextPadNarrowing', 'flowPanelNarrowing'],
    flowPaletteNarrowing: ['type', PaletteNarrowing],
    flowContextPadNarrowing: ['type', ContextPadNarrowing],
    flowPanelNarrowing: ['type', PanelNarrowing],
  } as Module;
}
