import { Engine } from 'bpmn-engine';
import BpmnModdle, { type ModdleElement } from 'bpmn-moddle';
import { bizError, type LocalText } from '../../../core/sdk/server';
import { ExpressionError, isExpression, parseTemplate } from './expression';
import { ENGINE_MSG } from './messages';
import { declaresBothNamespaces, moddleOptionsFor } from './moddle';

/** What a deployable XML says about its process. */
export interface ValidProcess {
  /** The executable process's id: the definition's key. */
  key: string;
  name: string;
  description: string;
}

export type BpmnCheck = ({ ok: true } & ValidProcess) | { ok: false; refusal: LocalText };

export const MAX_BPMN_BYTES = 1024 * 1024;

/** The elements the engine runs; anything else in a process is refused by name, never skipped. */
const SUPPORTED = new Set(['bpmn:StartEvent', 'bpmn:EndEvent', 'bpmn:UserTask', 'bpmn:ExclusiveGateway', 'bpmn:ParallelGateway', 'bpmn:SequenceFlow']);
const KEY = /^[A-Za-z_][\w.-]{0,63}$/;

class Refusal extends Error {
  constructor(readonly text: LocalText) {
    super(text.en);
  }
}

const list = (value: unknown): ModdleElement[] => (Array.isArray(value) ? (value as ModdleElement[]) : []);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const label = (element: ModdleElement): string => element.name || element.id || element.$type;

function checkExpression(where: string, value: string): void {
  try {
    parseTemplate(value);
  } catch (error) {
    if (error instanceof ExpressionError) throw new Refusal(ENGINE_MSG.badExpression(where, value, error.message, error.position));
    throw error;
  }
}

function checkUserTask(task: ModdleElement): void {
  const assignee = text(task.assignee).trim();
  const groups = text(task.candidateGroups).trim();
  const users = text(task.candidateUsers).trim();
  if (!assignee && !groups && !users) throw new Refusal(ENGINE_MSG.noAssignee(label(task)));
  for (const value of [assignee, groups, users]) if (value) checkExpression(label(task), value);
}

/** A node's flows, read from the sequence flows (a hand-written XML need not list `incoming`/`outgoing`). */
interface Flows {
  incoming: ModdleElement[];
  outgoing: ModdleElement[];
}

function checkFlowNode(node: ModdleElement, flows: Flows): void {
  const id = node.id ?? '';
  if (list(node.eventDefinitions).length > 0) throw new Refusal(ENGINE_MSG.eventDefinition(id));
  if (node.$type !== 'bpmn:StartEvent' && flows.incoming.length === 0) throw new Refusal(ENGINE_MSG.noIncoming(id));
  if (node.$type !== 'bpmn:EndEvent' && flows.outgoing.length === 0) throw new Refusal(ENGINE_MSG.noOutgoing(id));
  if (node.$type === 'bpmn:UserTask') checkUserTask(node);
  const fallback = node.default as ModdleElement | undefined;
  if (fallback && !flows.outgoing.includes(fallback)) throw new Refusal(ENGINE_MSG.badDefault(id));
}

function checkSequenceFlow(flow: ModdleElement): void {
  const id = flow.id ?? '';
  if (!flow.sourceRef || !flow.targetRef) throw new Refusal(ENGINE_MSG.danglingFlow(id));
  const condition = flow.conditionExpression as ModdleElement | undefined;
  if (!condition) return;
  // Without xsi:type the language is an attribute moddle does not know: it is read from there too.
  if (text(condition.language) || condition.$attrs?.language) throw new Refusal(ENGINE_MSG.scriptCondition(id));
  const body = text(condition.body).trim();
  if (!body) return;
  checkExpression(flow.name || id, body);
  // Text around or instead of `${…}` would be a non-empty string, which the engine takes as true.
  if (!isExpression(body)) throw new Refusal(ENGINE_MSG.conditionNotExpression(flow.name || id, body.slice(0, 100)));
}

function checkProcess(process: ModdleElement): ValidProcess {
  const key = process.id ?? '';
  if (!KEY.test(key)) throw new Refusal(ENGINE_MSG.badKey(key));
  const elements = list(process.flowElements);
  for (const element of elements) {
    if (!SUPPORTED.has(element.$type)) throw new Refusal(ENGINE_MSG.unsupportedElement(element.$type.replace(/^bpmn:/, ''), element.id ?? ''));
  }
  if (elements.filter((e) => e.$type === 'bpmn:StartEvent').length !== 1) throw new Refusal(ENGINE_MSG.oneStartEvent);
  if (!elements.some((e) => e.$type === 'bpmn:EndEvent')) throw new Refusal(ENGINE_MSG.noEndEvent);
  const flows = new Map<ModdleElement, Flows>(elements.map((e) => [e, { incoming: [], outgoing: [] }]));
  for (const flow of elements.filter((e) => e.$type === 'bpmn:SequenceFlow')) {
    checkSequenceFlow(flow);
    flows.get(flow.sourceRef as ModdleElement)?.outgoing.push(flow);
    flows.get(flow.targetRef as ModdleElement)?.incoming.push(flow);
  }
  for (const element of elements) if (element.$type !== 'bpmn:SequenceFlow') checkFlowNode(element, flows.get(element)!);
  const documentation = list(process.documentation)
    .map((d) => text(d.text).trim())
    .filter(Boolean)
    .join('\n');
  return { key, name: (process.name ?? '').trim() || key, description: documentation.slice(0, 500) };
}

/** Reads the XML as bpmn-moddle does, then holds its single executable process to what the engine runs. */
async function check(xml: string): Promise<ValidProcess> {
  if (Buffer.byteLength(xml, 'utf8') > MAX_BPMN_BYTES) throw new Refusal(ENGINE_MSG.tooLarge('1 MB'));
  if (declaresBothNamespaces(xml)) throw new Refusal(ENGINE_MSG.bothNamespaces);
  let parsed: Awaited<ReturnType<BpmnModdle['fromXML']>>;
  try {
    parsed = await new BpmnModdle(moddleOptionsFor(xml)).fromXML(xml, 'bpmn:Definitions');
  } catch (error) {
    throw new Refusal(ENGINE_MSG.unparsable(error instanceof Error ? error.message.split('\n')[0]!.slice(0, 200) : String(error)));
  }
  const unknown = parsed.warnings.find((w) => !/^unknown attribute/.test(w.message));
  if (unknown) throw new Refusal(ENGINE_MSG.unknownContent(unknown.message.split('\n')[0]!.slice(0, 200)));
  const root = parsed.rootElement;
  if (root?.$type !== 'bpmn:Definitions') throw new Refusal(ENGINE_MSG.noDefinitions);
  const executable = list(root.rootElements).filter((e) => e.$type === 'bpmn:Process' && e.isExecutable === true);
  if (executable.length === 0) throw new Refusal(ENGINE_MSG.noExecutableProcess);
  if (executable.length > 1) throw new Refusal(ENGINE_MSG.severalProcesses);
  const valid = checkProcess(executable[0]!);
  try {
    await new Engine({ name: valid.key, source: xml, moddleOptions: moddleOptionsFor(xml) }).getDefinitions();
  } catch (error) {
    throw new Refusal(ENGINE_MSG.engineRefused(error instanceof Error ? error.message.slice(0, 200) : String(error)));
  }
  return valid;
}

/**
 * Can the engine run this XML? Its one executable process's key, name and description, or why not (in
 * both languages, naming the element): for deployment and for a model's save and upload check.
 */
export async function validateBpmn(xml: string): Promise<BpmnCheck> {
  try {
    return { ok: true, ...(await check(xml)) };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, refusal: error.text };
    throw error;
  }
}

/** `validateBpmn`, refusing with a 400 in the caller's language. */
export async function checkedBpmn(xml: string): Promise<ValidProcess> {
  const result = await validateBpmn(xml);
  if (!result.ok) throw bizError(result.refusal);
  return { key: result.key, name: result.name, description: result.description };
}
