import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from '@rstest/core';
import { silentLogger } from '../context';
import { openServer } from '../start';
import { lockDataDir } from './data-dir-lock';

const root = mkdtempSync(join(tmpdir(), 'card-admin-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const folder = () => join(root, `d${++n}`);

/** A child process that takes the lock with this module and waits; resolves once it holds it. */
async function lockingChild(dir: string): Promise<{ pid: number; kill9(): Promise<void> }> {
  const module = resolve(import.meta.dirname, 'data-dir-lock.ts');
  const script = `import { lockDataDir } from ${JSON.stringify(module)}; lockDataDir(${JSON.stringify(dir)}, ${JSON.stringify(`${dir}.lock`)}); console.log('locked'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((done, fail) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && done());
    child.once('exit', (code) => fail(new Error(`child exited with ${code}`)));
  });
  return {
    pid: child.pid!,
    kill9: () =>
      new Promise<void>((done) => {
        child.removeAllListeners('exit');
        child.once('exit', () => done());
        child.kill('SIGKILL');
      }),
  };
}

describe('one server per embedded-database folder', () => {
  test('a second server on the same DATA_DIR is refused, naming the folder and the holder; after close the folder opens again', async () => {
    const dataDir = folder();
    const first = await openServer({ dataDir, tokenSecret: 'lock-test-secret-lock-test-secret-lock', distDir: null, log: silentLogger });
    try {
      const second = openServer({ dataDir, tokenSecret: 'lock-test-secret-lock-test-secret-lock', distDir: null, log: silentLogger });
      await expect(second).rejects.toThrow(`The data folder ${join(dataDir, 'pglite')} is in use by process ${process.pid}`);
      await expect(openServer({ dataDir, tokenSecret: 'x'.repeat(40), distDir: null, log: silentLogger })).rejects.toThrow('正被进程');
      // The refused one left the holder's lock alone: the first still holds it.
      expect(JSON.parse(readFileSync(join(dataDir, 'pglite.lock'), 'utf8')).pid).toBe(process.pid);
    } finally {
      await first.close();
    }
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
    const again = await openServer({ dataDir, tokenSecret: 'lock-test-secret-lock-test-secret-lock', distDir: null, log: silentLogger });
    await again.close();
  });

  test('a lock held by another live process is refused with its pid', async () => {
    const dir = folder();
    const child = await lockingChild(dir);
    try {
      expect(() => lockDataDir(dir, `${dir}.lock`)).toThrow(`The data folder ${dir} is in use by process ${child.pid}`);
    } finally {
      await child.kill9();
    }
  });

  test('after kill -9 of the holder the next start takes the lock over', async () => {
    const dir = folder();
    const child = await lockingChild(dir);
    await child.kill9();
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(child.pid); // the crash left the file behind
    const lock = lockDataDir(dir, `${dir}.lock`);
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  test('a lock whose pid now belongs to another process (other start time) or to an earlier boot is stale', () => {
    const dir = folder();
    const stale = { pid: 1, host: hostname(), started: 'not-the-start-time', nonce: 'old' };
    writeFileSync(`${dir}.lock`, JSON.stringify(stale));
    lockDataDir(dir, `${dir}.lock`).release();
    writeFileSync(`${dir}.lock`, JSON.stringify({ ...stale, boot: 'another-boot', started: undefined }));
    lockDataDir(dir, `${dir}.lock`).release();
    // Our own pid, recorded by an earlier life of this container (same pid, not held here): stale too.
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: process.pid, host: hostname(), started: 'earlier', nonce: 'mine-before' }));
    lockDataDir(dir, `${dir}.lock`).release();
  });

  test('a holder on another machine, or a live process whose start time matches, is always respected', () => {
    const dir = folder();
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: 424242, host: 'other-host', nonce: 'far' }));
    expect(() => lockDataDir(dir, `${dir}.lock`)).toThrow('process 424242 on other-host');
    const started = readFileSync('/proc/1/stat', 'utf8').split(') ')[1]?.split(' ')[19];
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: 1, host: hostname(), started, nonce: 'init' }));
    expect(() => lockDataDir(dir, `${dir}.lock`)).toThrow('in use by process 1');
  });

  test('release removes only its own lock, never one taken over after it', () => {
    const dir = folder();
    const lock = lockDataDir(dir, `${dir}.lock`);
    const other = JSON.stringify({ pid: 1, host: 'other-host', nonce: 'newer' });
    writeFileSync(`${dir}.lock`, other);
    lock.release();
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(other);
  });
});
