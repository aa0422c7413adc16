import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getMimeType } from 'hono/utils/mime';
import { COMPRESSIBLE_TYPE, compressBytes, MIN_COMPRESS_BYTES, type Encoding } from './compression';

/** Where the build leaves a file's compressed copy, beside it. */
export const COMPRESSED_COPY: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/**
 * Writes the compressed copies of each built file the server would compress, at the best settings, for
 * it to send as they are: compressing them so (about 12 CPU s for the whole app) is paid once by the build
 * instead of by every server process for each file it is first asked for. Pages are left out: the server
 * reads them each time. Resolves with how many files got copies.
 */
export async function precompressDist(dist: string): Promise<number> {
  const files = (readdirSync(dist, { recursive: true }) as string[])
    .map((name) => join(dist, name))
    .filter((path) => {
      const type = getMimeType(path);
      return type !== undefined && COMPRESSIBLE_TYPE.test(type) && !type.startsWith('text/html') && statSync(path).isFile() && statSync(path).size >= MIN_COMPRESS_BYTES;
    });
  await Promise.all(
    files.flatMap((path) => {
      const bytes = readFileSync(path);
      return (Object.keys(COMPRESSED_COPY) as Encoding[]).map(async (encoding) => writeFileSync(path + COMPRESSED_COPY[encoding], await compressBytes(bytes, encoding, 'best')));
    }),
  );
  return files.length;
}
