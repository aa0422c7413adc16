import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { FileStore, FileStoreContext } from '../../../../core/sdk/server';

/**
 * The folder local-disk stores keep files in, chosen by the server's operator, never by a tenant:
 * FILE_DIR, else `<the server's data folder>/files`, else (an in-memory database, which keeps nothing) a
 * folder of the system's temporary one. Every local-disk configuration of every tenant shares it; keys
 * begin with the tenant's id.
 */
export function fileFolder(ctx: Pick<FileStoreContext, 'dataDir'>, env: NodeJS.ProcessEnv = process.env): string {
  if (env.FILE_DIR) return resolve(env.FILE_DIR);
  if (ctx.dataDir) return resolve(ctx.dataDir, 'files');
  return join(tmpdir(), 'card-admin-files');
}

/** Thrown for a key that would leave the folder (`..`, an absolute path): a bug or an attack, never a file. */
export class KeyOutsideFolder extends Error {
  constructor(key: string) {
    super(`The key "${key}" leaves the file folder`);
    this.name = 'KeyOutsideFolder';
  }
}

/** The file of `key` below `root`; refused when the key would resolve outside it. */
export function pathOfKey(root: string, key: string): string {
  if (!key || key.includes('\0') || key.includes('\\') || isAbsolute(key)) throw new KeyOutsideFolder(key);
  const path = resolve(root, key);
  const inside = relative(root, path);
  if (!inside || inside.startsWith('..') || isAbsolute(inside)) throw new KeyOutsideFolder(key);
  return path;
}

const missing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';

/** A store that keeps each object as a file of its key below `root` (written whole, then renamed in place). */
export function localDiskStore(id: string, root: string): FileStore {
  return {
    id,
    async put(key, bytes) {
      const path = pathOfKey(root, key);
      await mkdir(dirname(path), { recursive: true });
      // A reader never sees half a file: written beside it, then renamed over it.
      const partial = `${path}.${randomBytes(6).toString('hex')}.part`;
      try {
        await writeFile(partial, bytes, { flag: 'wx' });
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOfKey(root, key)));
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      try {
        await unlink(pathOfKey(root, key));
      } catch (error) {
        if (!missing(error)) throw error;
      }
    },
  };
}
