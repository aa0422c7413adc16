import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { ApiError, bizError, missingParam } from '../http/errors';
import { MSG } from '../http/messages';
import type { LocalText } from '../i18n';
import { MSG_IMAGE_TYPE, sniffImage, type ImageType } from './image-type';

/** What multipart adds around the file (boundaries, part headers): a body cap allows for it. */
export const MULTIPART_MARGIN = 16 * 1024;

/** A body cap for an upload route whose file may be `maxBytes`, refused with `message` while it streams in. */
export function uploadBodyLimit(maxBytes: number, message: LocalText): { maxSize: number; message: LocalText } {
  return { maxSize: maxBytes + MULTIPART_MARGIN, message };
}

/** An upload's file: its bytes, the name the uploader gave it, and the form's other fields. */
export interface UploadedFile {
  bytes: Uint8Array;
  name: string;
  form: Record<string, unknown>;
}

/**
 * The multipart field `file` of the request: 400 when the body is no multipart form, when `file` is
 * missing, or larger than `maxBytes` (then with `sizeMessage`). The bytes are not judged here.
 */
export async function uploadedFile(c: Context<AppEnv>, { maxBytes, sizeMessage }: { maxBytes: number; sizeMessage: LocalText }): Promise<UploadedFile> {
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch (error) {
    if (error instanceof ApiError) throw error; // the body cap's refusal, in its own words
    throw bizError(MSG.needMultipart);
  }
  const file = form.file;
  if (!(file instanceof File)) throw missingParam('file');
  if (file.size > maxBytes) throw bizError(sizeMessage);
  return { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name, form };
}

/**
 * An uploaded picture: the multipart `file` as `uploadedFile` reads it, then a jpg or png by its bytes
 * (whatever its name says), else 400 with `typeMessage`.
 */
export async function uploadedImage(
  c: Context<AppEnv>,
  { maxBytes, sizeMessage, typeMessage = MSG_IMAGE_TYPE }: { maxBytes: number; sizeMessage: LocalText; typeMessage?: LocalText },
): Promise<UploadedFile & { type: ImageType }> {
  const file = await uploadedFile(c, { maxBytes, sizeMessage });
  const type = sniffImage(file.bytes);
  if (!type) throw bizError(typeMessage);
  return { ...file, type };
}
