import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { builtOnce } from '../../core/testing/built-once';

const ROOT = resolve(import.meta.dirname ?? process.cwd(), '..', '..');

/**
 * What a first start's data is made of: the code of the kernel, the app and the plugins (their tests
 * aside), the installed packages, and the day (the demo seed dates its records from the clock).
 */
function seedDigest(): string {
  const hash = createHash('sha256').update(new Date().toDateString()); // the local day, as the seed's
  hash.update(readFileSync(join(ROOT, 'package-lock.json')));
  for (const folder of ['core', 'app', 'plugins']) {
    const files = (readdirSync(join(ROOT, folder), { recursive: true }) as string[]).filter((f) => !/\.test\.tsx?$/.test(f)).sort();
    for (const file of files) {
      const path = join(ROOT, folder, file);
      if (statSync(path).isFile()) hash.update(`${folder}/${file}`).update(readFileSync(path));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** Folders of older code or days are 130 MB each: drop the ones not used for a day. */
function pruneTemplates(keep: string): void {
  const dayAgo = Date.now() - 86_400_000;
  for (const name of readdirSync(tmpdir())) {
    const path = join(tmpdir(), name);
    if (!/^card-admin-e2e-data-\w+$/.test(name) || path === keep) continue;
    try {
      if (statSync(path).mtimeMs < dayAgo) rmSync(path, { recursive: true, force: true });
    } catch {
      // another test file pruned it first
    }
  }
}

/**
 * A data folder as the server leaves it after its first start (migrated, demo data seeded), for a test
 * file's own server. A first start costs 15 to 60 s, so the folder is made once (the first file to ask
 * starts a server on an empty folder and stops it; the others wait) and each file gets a copy of it.
 * The caller owns the copy. `firstStart` makes the folder: it starts and stops a server on the empty
 * folder it is given.
 */
export async function seededDataDir(firstStart: (empty: string) => Promise<void>): Promise<string> {
  const template = await builtOnce(join(tmpdir(), `card-admin-e2e-data-${seedDigest()}`), firstStart);
  utimesSync(template, new Date(), new Date()); // in use: not pruned
  pruneTemplates(template);
  const copy = mkdtempSync(join(tmpdir(), 'card-admin-e2e-'));
  cpSync(template, copy, { recursive: true });
  return copy;
}
