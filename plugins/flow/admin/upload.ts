import type { Context } from 'hono';
import { ApiError, type AppEnv, bizError, type LocalText, missingParam, MSG, MULTIPART_MARGIN } from '../../../core/sdk/server';
import { checkedProcess, type CheckedProcess } from './bpmn';
import { ADMIN_MSG } from './texts';

/**
 * Process files uploaded for deployment (`.bpmn`, `.bpmn20.xml`), judged by their bytes: UTF-8 text (a
 * byte-order mark allowed) that the engine accepts as BPMN. The file's name decides nothing.
 */
export const MAX_FILE_BYTES = 1024 * 1024;
export const MAX_FILES = 10;

/** The body caps of the two upload routes, refused with these messages while the body streams in. */
export const CHECK_UPLOAD_CAP = { maxSize: MAX_FILE_BYTES + MULTIPART_MARGIN, message: ADMIN_MSG.fileTooLarge };
export const DEPLOY_UPLOAD_CAP = { maxSize: MAX_FILES * (MAX_FILE_BYTES + MULTIPART_MARGIN), message: ADMIN_MSG.uploadTooLarge };

export interface ProcessFile {
  name: string;
  bytes: Uint8Array;
}

/** The text of a process file, or a refusal: not UTF-8, or nothing like XML (a picture renamed). */
export function processXml(bytes: Uint8Array): string {
  if (bytes.length > MAX_FILE_BYTES) throw bizError(ADMIN_MSG.fileTooLarge);
  let text: string;
  try {
    // fatal: a byte sequence that is not UTF-8 refuses the file; the decoder drops a leading BOM.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw bizError(ADMIN_MSG.notBpmn);
  }
  if (!text.trimStart().startsWith('<') || text.includes('\u0000')) throw bizError(ADMIN_MSG.notBpmn);
  return text;
}

/** A file's process: its XML and what the engine made of it; a refusal names the file. */
export async function judgedFile(file: ProcessFile): Promise<{ xml: string; process: CheckedProcess }> {
  try {
    const xml = processXml(file.bytes);
    return { xml, process: await checkedProcess(xml) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) throw bizError(ADMIN_MSG.fileRefused(file.name, error.text));
    throw error;
  }
}

/** The reason a file would be refused, or undefined when it would deploy. */
export async function fileRefusal(file: ProcessFile): Promise<LocalText | undefined> {
  try {
    await checkedProcess(processXml(file.bytes));
    return undefined;
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return error.text;
    throw error;
  }
}

const fileName = (file: File) => file.name.slice(0, 255) || 'process.bpmn20.xml';

/** The multipart form of an upload: its files under `field` and its text fields. */
export async function uploadedForm(c: Context<AppEnv>, field: string): Promise<{ files: ProcessFile[]; fields: Record<string, string> }> {
  if (!/multipart\/form-data/i.test(c.req.header('content-type') ?? '')) throw bizError(MSG.needMultipart);
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch (error) {
    if (error instanceof ApiError) throw error; // the body cap's refusal, in its own words
    throw bizError(MSG.needMultipart);
  }
  const given = form[field];
  const parts = given === undefined ? [] : Array.isArray(given) ? given : [given];
  const files = parts.filter((part): part is File => part instanceof File);
  if (files.length === 0) throw files.length === parts.length ? missingParam(field) : bizError(ADMIN_MSG.noFiles);
  if (files.length > MAX_FILES) throw bizError(ADMIN_MSG.tooManyFiles);
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) if (typeof value === 'string') fields[key] = value;
  const read: ProcessFile[] = [];
  for (const file of files) {
    if (file.size > MAX_FILE_BYTES) throw bizError(ADMIN_MSG.fileRefused(fileName(file), ADMIN_MSG.fileTooLarge));
    read.push({ name: fileName(file), bytes: new Uint8Array(await file.arrayBuffer()) });
  }
  return { files: read, fields };
}
