import { existsSync, renameSync, rmSync } from 'node:fs';
import { lockDataDir } from '../server/db/data-dir-lock';
import { StartRefusal } from '../server/start-refusal';

/**
 * A test artifact that is costly to make (a migrated database snapshot, a seeded data folder) and the same
 * for every test file that asks for it: the first asker builds it, the others wait for it, and the run
 * builds it once however many test files start together. `path` names the artifact by what it is made
 * from (a digest of the code that makes it), so a later run reuses it and changed code makes a new one.
 *
 * The builder writes into a temporary path that is renamed onto `path` when complete: a reader never sees
 * half of it. The lock is the data folders' own (its holder's process is checked), so a builder that
 * crashed leaves a stale lock the next asker takes over instead of waiting for ever; a builder that hangs
 * makes the others fail after `waitMs` naming it.
 */
export async function builtOnce(path: string, build: (temporaryPath: string) => Promise<void>, waitMs = 600_000): Promise<string> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (existsSync(path)) return path;
    let lock;
    try {
      lock = lockDataDir(path, `${path}.lock`);
    } catch (error) {
      if (!(error instanceof StartRefusal)) throw error;
      if (Date.now() > deadline) throw new Error(`${path} is still being built by another process after ${waitMs / 1000} s (${path}.lock names it)`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    try {
      if (existsSync(path)) return path; // built between our check and our lock
      const temporary = `${path}.${process.pid}.building`;
      rmSync(temporary, { recursive: true, force: true });
      try {
        await build(temporary);
        renameSync(temporary, path);
      } finally {
        rmSync(temporary, { recursive: true, force: true });
      }
      return path;
    } finally {
      lock.release();
    }
  }
}
