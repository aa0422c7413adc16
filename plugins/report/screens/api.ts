import { http } from '../../../core/sdk/browser';
import type { ReportResult } from '../declaration';
import { reportEntity } from '../entity';

/** The report calls besides the engine's: run, try and export. Failures are shown by the screen (silent). */
const base = reportEntity.api.base;

export type ParamValues = Record<string, string | number | null>;

export async function runReport(id: string, params: ParamValues): Promise<ReportResult> {
  return (await http.post<ReportResult>(`${base}/run`, { id, params }, { silent: true, long: true })).data;
}

export interface Draft {
  sql: string;
  paramDecl?: string;
  columnDecl?: string;
  chart?: string;
  timeoutMs?: number;
}

export async function tryReport(draft: Draft, params: ParamValues): Promise<ReportResult> {
  return (await http.post<ReportResult>(`${base}/try`, { ...draft, params }, { silent: true, long: true })).data;
}

export function exportReport(id: string, params: ParamValues): Promise<Blob> {
  return http.download('POST', `${base}/export`, { id, params }, { long: true });
}

/** The message of a failed call, as the server gave it. */
export const failure = (error: unknown): string => (error instanceof Error ? error.message : String(error));
