import { http, HttpError, type UploadProgress } from '../../http';
import { i18n } from '../../i18n';
import '../locales';

/** Where pictures are uploaded (multipart `file`): the server checks the bytes and answers the link. */
export const PUT_FILE_URL = '/api/blade-resource/oss/endpoint/put-file';

/** The server's limit for a picture. */
export const IMAGE_MAX_BYTES = 500 * 1024;

/** What the file picker offers (the server decides by the bytes). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.png';

/**
 * Where a picture goes when not to put-file: a plugin's own upload call with a larger limit (a case
 * album's photos), and what the server says when a file is too big for it.
 */
export interface ImageUploadTarget {
  url: string;
  maxBytes: number;
  sizeMessage: string;
}

/**
 * Why a chosen file will be refused before it is sent (jpg/png by type, or by name when the browser
 * gives no type; at most 500 kB, or the target's limit), in the server's words; null when it may go.
 */
export function imageFileError(file: { type?: string; name?: string; size: number }, target?: ImageUploadTarget): string | null {
  const type = (file.type ?? '').toLowerCase();
  const byType = type === 'image/jpeg' || type === 'image/png' || type === 'image/jpg';
  const byName = !type && /\.(jpe?g|png)$/i.test(file.name ?? '');
  if (!byType && !byName) return i18n.t('crud.imageType');
  if (file.size > (target?.maxBytes ?? IMAGE_MAX_BYTES)) return target?.sizeMessage ?? i18n.t('crud.imageSize');
  return null;
}

/** How an upload is watched: its progress, and a signal that cancels it; and where it goes (default put-file). */
export interface UploadWatch {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  target?: ImageUploadTarget;
}

/** A cancelled upload's rejection (said as "cancelled", not as a failure). */
export const isUploadCancelled = (error: unknown): boolean => error instanceof HttpError && error.kind === 'aborted';

/**
 * Uploads a picture through the app's client (its token and tenant headers) and gives its link. Rejects
 * with the reason to show: the check above, or the server's refusal (no toast: the control says it), or
 * an HttpError of kind 'aborted' when `signal` cancelled it.
 */
export async function uploadImage(file: File, { target, ...watch }: UploadWatch = {}): Promise<string> {
  const refused = imageFileError(file, target);
  if (refused) throw new Error(refused);
  try {
    const res = await http.uploadFile<{ link?: string }>(target?.url ?? PUT_FILE_URL, file, { silent: true, ...watch });
    const link = res.data?.link;
    if (!link) throw new Error(i18n.t('crud.uploadFailed'));
    return link;
  } catch (error) {
    if (isUploadCancelled(error)) throw error;
    throw new Error(error instanceof Error ? error.message || i18n.t('crud.uploadFailed') : i18n.t('crud.uploadFailed'));
  }
}

/** A comma-joined list of links as a list (blanks dropped). */
export const linkList = (value: unknown): string[] =>
  typeof value === 'string' ? value.split(',').map((s) => s.trim()).filter(Boolean) : Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '') : [];
