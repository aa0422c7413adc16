import type { RegistryElement } from './bpmn-assets';

export const DONE_MARKER = 'flow-done';
export const CURRENT_MARKER = 'flow-current';

export interface Progress {
  /** Elements passed: events, tasks and gateways that ended. */
  done: readonly string[];
  /** Elements waiting now. */
  current: readonly string[];
  /** Sequence flows the instance took; empty when they were not recorded. */
  taken: readonly string[];
}

export interface Mark {
  id: string;
  marker: typeof DONE_MARKER | typeof CURRENT_MARKER;
}

/**
 * The markers a diagram's elements get for an instance's progress: current ones orange, passed ones and
 * the flows taken green. An instance whose flows were not recorded gets, instead, the flows leading from
 * a passed element to one it reached (a guess that holds unless a gateway went two ways to one place).
 */
export function progressMarks(elements: readonly Pick<RegistryElement, 'id' | 'type' | 'source' | 'target'>[], progress: Progress): Mark[] {
  const done = new Set(progress.done);
  const current = new Set(progress.current);
  const taken = new Set(progress.taken);
  const reached = (id: string | undefined) => id !== undefined && (done.has(id) || current.has(id));
  const flowDone = (element: (typeof elements)[number]) =>
    taken.size > 0 ? taken.has(element.id) : element.source !== undefined && done.has(element.source.id) && reached(element.target?.id);
  return elements.flatMap((element): Mark[] => {
    if (current.has(element.id)) return [{ id: element.id, marker: CURRENT_MARKER }];
    if (element.type === 'bpmn:SequenceFlow') return flowDone(element) ? [{ id: element.id, marker: DONE_MARKER }] : [];
    if (done.has(element.id)) return [{ id: element.id, marker: DONE_MARKER }];
    return [];
  });
}
