import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The token signing secret: BLADE_TOKEN_SECRET when set (the way to share it between instances), else a
 * random one created on first start in DATA_DIR/token-secret, readable by the owner only. It never lives
 * in the repository.
 */
export function loadTokenSecret(options: { env?: string; dataDir?: string }): string {
  if (options.env) return options.env;
  if (!options.dataDir) return randomBytes(48).toString('base64url'); // in-memory database: nothing to keep
  const file = join(options.dataDir, 'token-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(options.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process started at the same moment and wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
  chmodSync(file, 0o600); // the mode above is filtered by the umask
  return secret;
}
