import { http, invalidateResource } from '../../../../core/sdk/browser';

/**
 * The super administrator's workflow calls (models, deployment, the deployed processes, the running
 * instances). Writes name the resource they change, so every mounted list of it reloads.
 */
export const MODEL_API = '/api/blade-flow/model';
export const MANAGER_API = '/api/blade-flow/manager';
export const FOLLOW_API = '/api/blade-flow/follow';

export interface FlowModel {
  id: string;
  modelKey: string;
  name: string;
  description: string;
  version: number;
  created: string;
  lastUpdated: string;
}

export interface FlowModelDetail extends FlowModel {
  modelEditorXml: string;
}

export interface ModelDraft {
  id?: string;
  name: string;
  modelKey: string;
  description: string;
  modelEditorXml: string;
}

export interface DeployedDefinition {
  id: string;
  tenantId: string;
  key: string;
  name: string;
  version: number;
  category: string;
}

export interface Deployment {
  deploymentId: string;
  definitions: DeployedDefinition[];
}

/** Where a process goes: its category (`flow_<dictionary key>`) and the tenants that get it. */
export interface DeployTarget {
  category: string;
  tenantIds: string[];
}

export interface UploadCheck {
  name: string;
  success: boolean;
  msg: string;
}

export async function modelDetail(id: string): Promise<FlowModelDetail> {
  return (await http.get<FlowModelDetail>(`${MODEL_API}/detail`, { params: { id }, silent: true })).data;
}

/** Saves a model (silent: the designer shows the refusal above the canvas); answers the saved model. */
export async function submitModel(draft: ModelDraft): Promise<FlowModel> {
  const saved = (await http.post<FlowModel>(`${MODEL_API}/submit`, draft, { silent: true })).data;
  await invalidateResource(MODEL_API);
  return saved;
}

export async function deployModel(modelId: string, target: DeployTarget): Promise<Deployment> {
  const answer = (await http.post<Deployment>(`${MODEL_API}/deploy`, undefined, { params: { modelId, category: target.category, tenantIds: target.tenantIds.join(',') }, silent: true })).data;
  await invalidateResource(MANAGER_API);
  return answer;
}

export async function downloadModel(id: string): Promise<Blob> {
  return http.download('GET', `${MODEL_API}/download`, undefined, { params: { id } });
}

export async function removeModels(ids: readonly string[]): Promise<void> {
  await http.post(`${MODEL_API}/remove`, undefined, { params: { ids: ids.join(',') } });
  await invalidateResource(MODEL_API);
}

export async function checkUpload(file: File): Promise<UploadCheck> {
  return (await http.uploadFile<UploadCheck>(`${MANAGER_API}/check-upload`, file, { fileName: file.name, silent: true })).data;
}

export async function deployUpload(files: readonly File[], target: DeployTarget): Promise<Deployment[] | Deployment> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  form.append('category', target.category);
  form.append('tenantIds', target.tenantIds.join(','));
  const answer = (await http.upload<Deployment[] | Deployment>(`${MANAGER_API}/deploy-upload`, form, { silent: true })).data;
  await invalidateResource(MANAGER_API);
  return answer;
}

export async function changeState(processId: string, state: 'active' | 'suspend'): Promise<string> {
  const answer = await http.post<unknown>(`${MANAGER_API}/change-state`, undefined, { params: { processId, state } });
  await invalidateResource(MANAGER_API);
  return answer.msg;
}

export async function deleteDeployment(deploymentId: string): Promise<string> {
  const answer = await http.post<unknown>(`${MANAGER_API}/delete-deployment`, undefined, { params: { deploymentIds: deploymentId } });
  await Promise.all([invalidateResource(MANAGER_API), invalidateResource(FOLLOW_API)]);
  return answer.msg;
}

/** Cancels a running instance with the reason (silent: the dialog shows a refusal and keeps the reason). */
export async function deleteInstance(processInstanceId: string, deleteReason: string): Promise<string> {
  const answer = await http.post<unknown>(`${FOLLOW_API}/delete-process-instance`, undefined, { params: { processInstanceId, deleteReason }, silent: true });
  await invalidateResource(FOLLOW_API);
  return answer.msg;
}

/** A deployment answer as its definitions, whether one deployment or several came back. */
export const definitionsOf = (answer: Deployment[] | Deployment | null): DeployedDefinition[] =>
  answer === null ? [] : (Array.isArray(answer) ? answer : [answer]).flatMap((d) => d.definitions ?? []);
