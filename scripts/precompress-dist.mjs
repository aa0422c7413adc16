// Writes `<file>.br` and `<file>.gz` beside each text file of the built app, at the best settings
// (brotli 11, gzip 9), for the server to send as they are. Compressing at the best settings takes about
// 12 CPU s for the whole app: paid once by the build instead of by every server process for each file it
// is first asked for.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** As the server's COMPRESSIBLE_TYPE, by extension; pages are not here: the server reads them each time. */
const TEXT = /\.(js|mjs|css|svg|json|txt)$/;
/** Below this the framing costs about what compression saves (the server's MIN_COMPRESS_BYTES). */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const compressions = {
  br: (bytes) => brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
  gz: (bytes) => gzipAsync(bytes, { level: 9 }),
};

/** Compresses every text file under `dist` (on zlib's thread pool, all at once); resolves with the count. */
export async function precompress(dist) {
  const files = readdirSync(dist, { recursive: true })
    .map((name) => join(dist, name))
    .filter((path) => TEXT.test(path) && statSync(path).isFile() && statSync(path).size >= MIN_BYTES);
  await Promise.all(
    files.flatMap((path) => {
      const bytes = readFileSync(path);
      return Object.entries(compressions).map(async ([suffix, compress]) => writeFileSync(`${path}.${suffix}`, await compress(bytes)));
    }),
  );
  return files.length;
}
