import { http, invalidateResource, type TableShape } from '../../../core/sdk/browser';
import { codeEntity } from '../index';
import type { GenField, GenFile, ProposedRecord } from '../spec';

/**
 * The code generator's calls besides the engine's. Each is silent: the screen says what failed where the
 * author is looking (the dialog, the drawer), in the server's words.
 */
const base = codeEntity.api.base;

export interface Proposal {
  table: TableShape;
  record: ProposedRecord;
  fields: GenField[];
}

export async function propose(datasourceId: string, tableName: string, tablePrefix: string): Promise<Proposal> {
  return (await http.get<Proposal>(`${base}/propose`, { params: { datasourceId, tableName, tablePrefix }, silent: true, long: true })).data;
}

/** A new record like the given one; answers its id. */
export async function copyRecord(id: string): Promise<string> {
  const answer = (await http.post<unknown>(`${base}/copy`, undefined, { params: { id } })).data;
  await invalidateResource(codeEntity);
  return String(answer ?? '');
}

export async function previewFiles(id: string): Promise<GenFile[]> {
  return (await http.get<GenFile[]>(`${base}/preview`, { params: { id }, silent: true, long: true })).data ?? [];
}

/** The file name a download answer gives (`attachment; filename="crm.zip"`), else the fallback. */
export function attachmentName(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1]!.trim());
    } catch {
      // a broken encoding: the plain name, if any
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1]!.trim() : fallback;
}

/**
 * The zip of the records' plugins, with the name the server gave it. A refusal is a JSON R envelope,
 * which the HTTP client reads out of the answer and rejects with (its message in the caller's language).
 */
export async function generateZip(ids: readonly string[], fallbackName: string): Promise<{ blob: Blob; fileName: string }> {
  let disposition: string | null = null;
  const blob = await http.download('POST', `${base}/gen-code`, undefined, {
    params: { ids: ids.join(',') },
    silent: true,
    onHeaders: (headers) => {
      disposition = headers.get('content-disposition');
    },
  });
  return { blob, fileName: attachmentName(disposition, fallbackName) };
}

