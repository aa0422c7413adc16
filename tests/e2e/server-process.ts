import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

/**
 * Starts the real server (`tsx app/server.ts`) as a child process on a fresh data folder and a free port,
 * serving the built app from dist/. The tests drive it exactly as a newcomer's browser would. Tests of the
 * API alone pass `{ browserApp: false }` and need no build. `dataDir`: start on that folder instead (a
 * restart on the same data, with other settings); the caller owns it, so stop() leaves it. `cwd`: the
 * project to run (another copy of it, with its own plugins and build), default this one.
 */
export async function startServerProcess(env: Record<string, string> = {}, options: { browserApp?: boolean; dataDir?: string; cwd?: string } = {}): Promise<RunningServer> {
  const root = resolve(import.meta.dirname ?? process.cwd(), '..', '..');
  const cwd = options.cwd ?? (existsSync(join(root, 'package.json')) ? root : process.cwd());
  if (options.browserApp !== false && !existsSync(join(cwd, 'dist', 'index.html'))) throw new Error('dist/ is missing: run `npm run build` first');
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'card-admin-e2e-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [join(cwd, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'app/server.ts'], {
    cwd,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/blade-system/tenant/info?domain=x`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
