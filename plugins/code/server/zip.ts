import { strToU8, zipSync, type Zippable } from 'fflate';
import type { GenFile } from '../spec';

/**
 * The generated files as one zip, paths as the files give them (`plugins/<id>/…`), UTF-8. Every entry
 * carries the same time (a zip stores local wall-clock time, so it is built from local parts), which makes
 * equal files give equal bytes: a zip downloaded twice compares equal.
 */
const ENTRY_TIME = new Date(2024, 0, 1, 0, 0, 0);

export function zipFiles(files: readonly GenFile[]): Uint8Array {
  const entries: Zippable = {};
  for (const file of files) entries[file.path] = [strToU8(file.content), { mtime: ENTRY_TIME }];
  return zipSync(entries, { level: 6 });
}
