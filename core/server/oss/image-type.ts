/** What the bytes are, whatever the file name says: only the two formats the avatar accepts. */
export interface ImageType {
  extension: 'png' | 'jpg';
  contentType: 'image/png' | 'image/jpeg';
}

/** The refusal of anything else where a picture is expected. */
export const MSG_IMAGE_TYPE = { zh: '只能上传jpg/png格式的图片', en: 'Only jpg/png images can be uploaded' };

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, magic: number[]) => bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

export function sniffImage(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, PNG)) return { extension: 'png', contentType: 'image/png' };
  if (startsWith(bytes, JPEG)) return { extension: 'jpg', contentType: 'image/jpeg' };
  return null;
}
