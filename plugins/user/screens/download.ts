import { http, type Params } from '../../../core/sdk/browser';

/**
 * Downloads a file answer through the shared client (so the call carries the token headers and a
 * refusal is reported like any other) and hands it to the browser as a file.
 */
export async function downloadFile(url: string, params: Params, fileName: string): Promise<void> {
  const blob = await http.download('GET', url, undefined, { params });
  if (typeof URL.createObjectURL !== 'function') return; // no file system to save to (tests)
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** `20240131`. */
export function today(): string {
  const d = new Date();
  return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
}
