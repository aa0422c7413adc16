import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { StartRefusal } from '../start-refusal';

/**
 * One server per embedded-database folder. PGlite keeps the database in the memory of the process that
 * opened it and writes its folder back as it likes: two processes on one folder each see only their own
 * writes and one overwrites the other's on disk. So the folder is claimed with a lock file, created
 * atomically (O_EXCL), that names its holder. The lock survives a crash (`kill -9` leaves the file behind),
 * so the file alone proves nothing: the holder is checked. It is gone when its process is gone, when the
 * machine rebooted since (another boot id) or when its pid now belongs to another process (another start
 * time); then the lock is taken over. A holder on another machine (a shared network folder) cannot be
 * checked and is always respected.
 */

interface Holder {
  pid: number;
  host: string;
  /** Linux: /proc/sys/kernel/random/boot_id, so a lock from before a reboot is recognised as stale. */
  boot?: string;
  /** Linux: the process's start time in clock ticks since boot, so a recycled pid is recognised. */
  started?: string;
  /** Unique per acquisition: tells this lock file from a newer one at the same path. */
  nonce: string;
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

/** Paths this process holds: a second server in the same process must be refused too (its pid is alive). */
const heldHere = new Set<string>();

function readProc(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat; the command name before it may hold spaces and parentheses. */
function startTime(pid: number): string | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

function me(): Holder {
  return { pid: process.pid, host: hostname(), boot: readProc('/proc/sys/kernel/random/boot_id'), started: startTime(process.pid), nonce: randomBytes(8).toString('hex') };
}

function readHolder(path: string): Holder | null | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const holder = JSON.parse(text) as Holder;
    return Number.isInteger(holder.pid) && typeof holder.nonce === 'string' ? holder : null;
  } catch {
    return null; // being written (created, not yet filled) or torn by a crash in that instant
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
}

/** Whether the recorded holder still runs. Errs towards "alive": a refusal can be fixed by hand, two writers cannot. */
function holderAlive(holder: Holder, path: string): boolean {
  const self = me();
  if (holder.host !== self.host) return true;
  if (holder.boot && self.boot && holder.boot !== self.boot) return false;
  if (holder.pid === process.pid) return heldHere.has(path);
  if (!processAlive(holder.pid)) return false;
  const started = startTime(holder.pid);
  return !(holder.started && started && holder.started !== started);
}

function refusal(folder: string, path: string, holder: Holder): StartRefusal {
  const where = holder.host === hostname() ? `process ${holder.pid}` : `process ${holder.pid} on ${holder.host}`;
  return new StartRefusal(
    `The data folder ${folder} is in use by ${where}: only one server may open an embedded database. ` +
      `Stop that server, or give this one another DATA_DIR, or use DATABASE_URL (PostgreSQL) to run several instances. ` +
      `If that process is certainly gone, delete ${path}.\n` +
      `数据目录 ${folder} 正被${holder.host === hostname() ? '' : ` ${holder.host} 上的`}进程 ${holder.pid} 使用：内嵌数据库只能由一个服务打开。` +
      `请先停止该服务，或为本服务指定另一个 DATA_DIR，或通过 DATABASE_URL（PostgreSQL）运行多个实例。若确认该进程已不存在，可删除 ${path}。`,
  );
}

/**
 * Claims `folder` through the lock file `path`, or throws naming the process that holds it. Call it before
 * opening the database; `release()` after closing it.
 */
export function lockDataDir(folder: string, path: string): DataDirLock {
  const self = me();
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      writeFileSync(path, JSON.stringify(self), { flag: 'wx', mode: 0o644 });
      heldHere.add(path);
      return {
        path,
        release() {
          heldHere.delete(path);
          // Only our own file: never remove a lock that someone took over after us.
          if (readHolder(path)?.nonce === self.nonce) unlinkSync(path);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(path);
    if (holder === undefined) continue; // released meanwhile
    if (holder === null) {
      // A holder writes its few bytes right after creating the file; give it a moment before calling it torn.
      if (attempt < 20) {
        sleep(25);
        continue;
      }
      unlinkStale(path, null);
      continue;
    }
    if (holderAlive(holder, path)) throw refusal(folder, path, holder);
    unlinkStale(path, holder.nonce);
  }
  throw new Error(`Could not lock the data folder ${folder} (${path} keeps changing).\n无法锁定数据目录 ${folder}（${path} 不断变化）。`);
}

/**
 * Removes the stale lock, and only it: two servers finding the same stale lock at once must not remove the
 * fresh lock one of them just made. It is moved aside (atomic), checked, and put back if it was not the one.
 */
function unlinkStale(path: string, staleNonce: string | null): void {
  const aside = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readHolder(aside);
  if (moved && moved.nonce !== staleNonce) {
    try {
      writeFileSync(path, JSON.stringify(moved), { flag: 'wx' });
    } catch {
      // a third server made one meanwhile: it will be judged on the next attempt
    }
  }
  unlinkSync(aside);
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
