import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { seededDataDir } from './seeded-data';

export interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

const ROOT = resolve(import.meta.dirname ?? process.cwd(), '..', '..');
const LISTENING = /Reference server listening on (http:\/\/\S+)/;

/** Resolves once the process has exited; after `graceMs` it is killed (a server that will not stop). */
async function exited(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((done) => child.once('exit', done));
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await gone;
  clearTimeout(timer);
}

/**
 * Starts the real server (app/server.ts under tsx) as a child process and resolves once it says where it
 * listens: on a port of the system's choosing (PORT=0), so servers started side by side never collide.
 */
async function spawnServer(cwd: string, dataDir: string, env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  // tsx as a loader in the server's own process (its command would start a second one to run it), and
  // --liftoff-only: a test's server lives a minute; optimising PGlite's WebAssembly costs more than it saves.
  const child = spawn(process.execPath, ['--liftoff-only', '--import', 'tsx', 'app/server.ts'], {
    cwd,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((done, fail) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      const found = LISTENING.exec(output);
      if (found) done(found[1]!);
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk));
    child.once('exit', (code, signal) => fail(new Error(`the server exited before listening (${signal ?? `code ${code}`}):\n${output}`)));
    child.once('error', fail);
  });
  return { child, url };
}

/** The server's first start on an empty folder, then a clean stop: the folder as a newcomer's would be. */
async function firstStart(cwd: string, empty: string): Promise<void> {
  const { child } = await spawnServer(cwd, empty, {});
  child.kill('SIGTERM');
  await exited(child, 60_000);
  if (child.exitCode !== 0) throw new Error(`the server's first start on ${empty} did not stop cleanly (${child.signalCode ?? child.exitCode})`);
}

/**
 * A copy of a freshly started server's data folder (migrated, demo data seeded), made once per code and
 * day and copied per test file; the caller owns it.
 */
export function freshDataDir(): Promise<string> {
  return seededDataDir((empty) => firstStart(ROOT, empty));
}

/**
 * Starts the real server (`tsx app/server.ts`) as a child process on its own copy of a freshly seeded data
 * folder, serving the built app from dist/. The tests drive it exactly as a newcomer's browser would.
 * Tests of the API alone pass `{ browserApp: false }` and need no build. `dataDir`: start on that folder
 * instead (a restart on the same data, with other settings); the caller owns it, so stop() leaves it.
 * `cwd`: the project to run (another copy of it, with its own plugins and build), default this one.
 */
export async function startServerProcess(env: Record<string, string> = {}, options: { browserApp?: boolean; dataDir?: string; cwd?: string } = {}): Promise<RunningServer> {
  const cwd = options.cwd ?? (existsSync(join(ROOT, 'package.json')) ? ROOT : process.cwd());
  if (options.browserApp !== false && !existsSync(join(cwd, 'dist', 'index.html'))) throw new Error('dist/ is missing: run `npm run build` first');
  const dataDir = options.dataDir ?? (await freshDataDir());
  const { child, url } = await spawnServer(cwd, dataDir, env);
  return {
    url,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await exited(child, 10_000);
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
