import { http } from '../../../core/sdk/browser';
import type { BladeFlow } from '../blade-flow';

/** An instance's progress: its history, its process's XML and the activities waiting now. */
export interface ModelView {
  flow: BladeFlow[];
  xml: string;
  current: string[];
}

export const PROCESS_API = '/api/blade-flow/process';

export async function modelView(processInstanceId: string): Promise<ModelView> {
  const data = (await http.get<Partial<ModelView> | null>(`${PROCESS_API}/model-view`, { params: { processInstanceId }, silent: true })).data;
  return { flow: data?.flow ?? [], xml: data?.xml ?? '', current: data?.current ?? [] };
}

/** A definition's XML (as a file answer): what the manager's diagram draws. */
export async function definitionXml(processDefinitionId: string): Promise<string> {
  const blob = await http.download('GET', `${PROCESS_API}/resource-view`, undefined, { params: { processDefinitionId, resourceType: 'xml' }, silent: true });
  return blob.text();
}

/** The activities passed: those of the history that ended. */
export const doneActivities = (flow: readonly BladeFlow[]): string[] => [...new Set(flow.filter((item) => item.endTime !== '' && item.historyActivityId !== '').map((item) => item.historyActivityId))];
