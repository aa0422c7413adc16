import { http } from '../../../core/sdk/browser';
import type { BladeFlow } from '../../../core/sdk/shared';

/** A step of model-view: a history item, or a gateway passed, saying which. */
export type DiagramStep = BladeFlow & { historyActivityType?: string };

/** An instance's progress: the steps it passed (gateways included), its process's XML, the flows it took and the activities waiting now. */
export interface ModelView {
  flow: DiagramStep[];
  xml: string;
  current: string[];
  /** Sequence flows taken; empty for an instance whose flows were not recorded. */
  flows: string[];
}

export const PROCESS_API = '/api/blade-flow/process';

export async function modelView(processInstanceId: string): Promise<ModelView> {
  const data = (await http.get<Partial<ModelView> | null>(`${PROCESS_API}/model-view`, { params: { processInstanceId }, silent: true })).data;
  return { flow: data?.flow ?? [], xml: data?.xml ?? '', current: data?.current ?? [], flows: data?.flows ?? [] };
}

/** A definition's XML (as a file answer): what the manager's diagram draws. */
export async function definitionXml(processDefinitionId: string): Promise<string> {
  const blob = await http.download('GET', `${PROCESS_API}/resource-view`, undefined, { params: { processDefinitionId, resourceType: 'xml' }, silent: true });
  return blob.text();
}

/** The steps a history shows: the start, the user tasks and the ends (a gateway is the engine's, drawn only). */
export const historySteps = (flow: readonly DiagramStep[]): DiagramStep[] => flow.filter((item) => !/Gateway$/.test(item.historyActivityType ?? ''));

/** The activities passed: those of the steps that ended. */
export const doneActivities = (flow: readonly BladeFlow[]): string[] => [...new Set(flow.filter((item) => item.endTime !== '' && item.historyActivityId !== '').map((item) => item.historyActivityId))];
