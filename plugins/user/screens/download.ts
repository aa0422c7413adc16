import { http, saveBlob, type Params } from '../../../core/sdk/browser';

/**
 * Downloads a file answer through the shared client (so the call carries the token headers and a
 * refusal is reported like any other) and hands it to the browser as a file.
 */
export async function downloadFile(url: string, params: Params, fileName: string): Promise<void> {
  saveBlob(await http.download('GET', url, undefined, { params }), fileName);
}

/** `20240131`. */
export function today(): string {
  const d = new Date();
  return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
}
