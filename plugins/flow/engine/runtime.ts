import { EventEmitter } from 'node:events';
import { Engine } from 'bpmn-engine';
import { compiledTemplate, engineExpressions, evaluateTemplate } from './expression';
import { moddleOptionsFor } from './moddle';

/**
 * One step of an instance in bpmn-engine: start it, or recover it from its stored state and complete a
 * user task, then run it to its next waits and say what happened. Nothing is kept between steps: the
 * engine object lives for one call, its whole state goes back to the database (store.ts).
 */

export type VariableValue = string | number | boolean;
export type Variables = Record<string, VariableValue>;

/** What the engine did in a step, in order. */
export type StepEvent =
  | { kind: 'start'; executionId: string; activityId: string; name: string; type: string; at: Date }
  | { kind: 'end'; executionId: string; at: Date }
  /** A sequence flow taken (the diagram draws the path the instance went). */
  | { kind: 'take'; flowId: string; name: string; at: Date }
  | { kind: 'wait'; executionId: string; activityId: string; name: string; assignee: string; candidateGroups: string[]; candidateUsers: string[] };

export interface StepResult {
  /** bpmn-engine's state (JSON) to store, or null once the instance has finished. */
  state: unknown;
  finished: boolean;
  events: StepEvent[];
}

/** The engine could not go on (no flow's condition holds, an element failed): the step is refused, nothing written. */
export class StepFailure extends Error {
  constructor(
    readonly element: string,
    readonly reason: string,
  ) {
    super(`${element}: ${reason}`);
    this.name = 'StepFailure';
  }
}

interface ActivityApi {
  id: string;
  type: string;
  executionId: string;
  name?: string;
  owner?: { name?: string; behaviour?: Record<string, unknown> };
}

const text = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));
const activityType = (type: string): string => {
  const local = type.replace(/^bpmn:/, '');
  return local.charAt(0).toLowerCase() + local.slice(1);
};

/** A user task's attribute resolved over the variables: `${taskUser}` → `taskUser_12`; `hr,${group}` → the list. */
function resolved(raw: unknown, variables: Variables): string {
  const source = text(raw).trim();
  if (!source) return '';
  try {
    return text(evaluateTemplate(compiledTemplate(source), variables)).trim();
  } catch {
    return '';
  }
}
const resolvedList = (raw: unknown, variables: Variables): string[] =>
  resolved(raw, variables)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

class Recorder {
  readonly events: StepEvent[] = [];
  failedAt = '';
  recording = true;
  readonly listener = new EventEmitter();

  constructor(
    private readonly variables: () => Variables,
    private readonly now: () => Date,
  ) {
    const name = (api: ActivityApi) => text(api.name ?? api.owner?.name) || api.id;
    this.listener.on('activity.start', (api: ActivityApi) => {
      if (this.recording) this.events.push({ kind: 'start', executionId: api.executionId, activityId: api.id, name: name(api), type: activityType(api.type), at: this.now() });
    });
    this.listener.on('activity.end', (api: ActivityApi) => {
      if (this.recording) this.events.push({ kind: 'end', executionId: api.executionId, at: this.now() });
    });
    this.listener.on('flow.take', (api: ActivityApi) => {
      if (this.recording) this.events.push({ kind: 'take', flowId: api.id, name: text(api.name ?? api.owner?.name), at: this.now() });
    });
    this.listener.on('activity.wait', (api: ActivityApi) => {
      if (!this.recording || api.type !== 'bpmn:UserTask') return;
      const behaviour = api.owner?.behaviour ?? {};
      const vars = this.variables();
      this.events.push({
        kind: 'wait',
        executionId: api.executionId,
        activityId: api.id,
        name: name(api),
        assignee: resolved(behaviour.assignee, vars),
        candidateGroups: resolvedList(behaviour.candidateGroups, vars),
        candidateUsers: resolvedList(behaviour.candidateUsers, vars),
      });
    });
    this.listener.on('activity.error', (api: ActivityApi) => {
      this.failedAt ||= name(api);
    });
  }
}

/** An engine for the XML: given its source to start, or none when a stored state (which holds it) is recovered. */
function engineOf(name: string, xml: string, variables: Variables, withSource: boolean): { engine: Engine; errors: Error[] } {
  const options = { name, moddleOptions: moddleOptionsFor(xml), expressions: engineExpressions, variables: { ...variables } };
  const engine = new Engine(withSource ? { ...options, source: xml } : options);
  const errors: Error[] = [];
  // The engine reports a failed element as an 'error' event; unheard, EventEmitter would throw it.
  engine.on('error', (error: Error) => errors.push(error));
  return { engine, errors };
}

/** Lets whatever the engine queued settle (its broker is synchronous; this is the safety margin). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function failure(recorder: Recorder, errors: Error[], engine: Engine): StepFailure | undefined {
  if (errors.length === 0 && engine.state !== 'error') return undefined;
  const message = errors[0]?.message ?? 'error';
  // bpmn-elements prefixes its messages with the element: `<gateway_1> no conditional flow taken`.
  const element = /^<([^>]+)>/.exec(message)?.[1];
  return new StepFailure(recorder.failedAt || element || '', message.replace(/^<[^>]+>\s*/, ''));
}

async function finish(engine: Engine, recorder: Recorder, errors: Error[]): Promise<StepResult> {
  await settle();
  const failed = failure(recorder, errors, engine);
  if (failed) throw failed;
  const execution = engine.execution;
  const finished = execution.getPostponed().length === 0;
  return { state: finished ? null : JSON.parse(JSON.stringify(await engine.getState())), finished, events: recorder.events };
}

/** Starts a process (the definition's XML) with its variables and runs it to its first waits. */
export async function runStart(name: string, xml: string, variables: Variables, now: () => Date): Promise<StepResult> {
  const { engine, errors } = engineOf(name, xml, variables, true);
  const recorder = new Recorder(() => variables, now);
  try {
    await engine.execute({ listener: recorder.listener, variables: { ...variables } });
  } catch (error) {
    throw failure(recorder, errors, engine) ?? new StepFailure('', error instanceof Error ? error.message : String(error));
  }
  return finish(engine, recorder, errors);
}

/**
 * The state with the instance's variables in every environment it holds (the engine's, each definition's,
 * each process's): the signal carries no variables, and a gateway after the task reads its own
 * environment's, recovered from the state, not the engine's.
 */
function withVariables(state: unknown, variables: Variables): unknown {
  if (Array.isArray(state)) return state.map((item) => withVariables(item, variables));
  if (state === null || typeof state !== 'object') return state;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(state)) {
    const isEnvironment = key === 'environment' && value !== null && typeof value === 'object' && 'variables' in value;
    out[key] = isEnvironment ? { ...(withVariables(value, variables) as object), variables: { ...variables } } : withVariables(value, variables);
  }
  return out;
}

/**
 * Recovers an instance from its state and completes the user task `activityId` with the instance's
 * variables (already merged with the task's), then runs on to the next waits.
 */
export async function runSignal(name: string, xml: string, state: unknown, variables: Variables, activityId: string, now: () => Date): Promise<StepResult> {
  const { engine, errors } = engineOf(name, xml, variables, false);
  const recorder = new Recorder(() => variables, now);
  // Resuming replays the waits of the tasks already stored: only what follows the signal is new.
  recorder.recording = false;
  let execution;
  try {
    engine.recover(withVariables(state, variables));
    execution = await engine.resume({ listener: recorder.listener });
  } catch (error) {
    throw failure(recorder, errors, engine) ?? new StepFailure('', error instanceof Error ? error.message : String(error));
  }
  const waiting = execution.getPostponed().some((api) => api.id === activityId);
  if (!waiting) throw new StepFailure(activityId, 'the task is not waiting in the engine');
  recorder.recording = true;
  try {
    execution.signal({ id: activityId });
  } catch (error) {
    throw failure(recorder, errors, engine) ?? new StepFailure(activityId, error instanceof Error ? error.message : String(error));
  }
  return finish(engine, recorder, errors);
}
