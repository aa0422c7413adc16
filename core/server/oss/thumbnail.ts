import sharp from 'sharp';
import { bizError } from '../http/errors';
import { MSG_IMAGE_TYPE, type ImageType } from './image-type';

export interface Thumbnail {
  bytes: Uint8Array;
  type: ImageType;
}

/** Pixels a decoded picture may hold (a 10 kB PNG can claim 60000×60000 and exhaust memory). */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * A smaller copy of an uploaded picture for lists and cards: `width` pixels wide (a narrower picture keeps
 * its size: enlarging only blurs), turned upright by its EXIF orientation, JPEG at quality 80, with its
 * metadata (GPS position, camera) dropped. sharp decodes on libvips' thread pool, off the event loop.
 * Bytes sharp cannot read are refused with the image-type message (400), never a 500.
 */
export async function makeThumbnail(bytes: Uint8Array, { width }: { width: number }): Promise<Thumbnail> {
  if (!Number.isInteger(width) || width < 1) throw new RangeError(`makeThumbnail: width must be a positive integer, got ${width}`);
  try {
    const output = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate() // by EXIF orientation; the orientation tag goes with the other metadata
      .resize({ width, withoutEnlargement: true })
      .flatten({ background: '#ffffff' }) // JPEG has no transparency: a transparent PNG goes on white, not black
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
    return { bytes: new Uint8Array(output.buffer, output.byteOffset, output.byteLength), type: { extension: 'jpg', contentType: 'image/jpeg' } };
  } catch {
    throw bizError(MSG_IMAGE_TYPE);
  }
}
