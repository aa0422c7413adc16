import { makeAutoObservable, runInAction } from 'mobx';
import { http } from '../http';
import { getStore, setStore } from '../session/storage';

export interface ErrorLogEntry {
  type: string;
  message: string;
  stack: string;
  info: string;
  url: string;
  time: string;
  /** The X-Request-Id of the failed call behind the error, when one was: it leads to the server's own log rows. */
  requestId?: string;
}

/** Newest entries kept; an error in a render loop must not fill local storage. */
export const MAX_ENTRIES = 200;

const pad = (n: number) => String(n).padStart(2, '0');

/** `yyyy-MM-dd HH:mm:ss`, local time (the BladeX date format). */
export function formatTime(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

function isEntry(value: unknown): value is ErrorLogEntry {
  return !!value && typeof value === 'object' && typeof (value as ErrorLogEntry).message === 'string';
}

/** The local error log, persisted under `logsList`; the top bar's viewer reads it. */
export class ErrorLogStore {
  list: ErrorLogEntry[] = [];
  sending = false;
  private loaded = false;

  constructor() {
    makeAutoObservable<ErrorLogStore, 'loaded'>(this, { loaded: false }, { autoBind: true });
  }

  /** Reads the persisted log (call once the site configuration is set). */
  restore(): void {
    const stored = getStore<unknown[]>('logsList');
    this.list = Array.isArray(stored) ? stored.filter(isEntry) : [];
    this.loaded = true;
  }

  add(entry: Partial<ErrorLogEntry> & { message: string }): void {
    if (!this.loaded) this.restore();
    const full: ErrorLogEntry = {
      type: entry.type ?? 'error',
      message: entry.message,
      stack: entry.stack ?? '',
      info: entry.info ?? '',
      url: entry.url ?? (typeof location !== 'undefined' ? location.href : ''),
      time: entry.time ?? formatTime(new Date()),
      ...(entry.requestId ? { requestId: entry.requestId } : {}),
    };
    this.list = [full, ...this.list].slice(0, MAX_ENTRIES);
    this.persist();
  }

  clear(): void {
    this.list = [];
    this.persist();
  }

  /** Uploads the log to the server, then clears it. Rejects (after the pipeline's toast) on failure. */
  async send(): Promise<void> {
    this.sending = true;
    try {
      await http.post('/api/blade-log/client-error/submit', this.list);
      runInAction(() => this.clear());
    } finally {
      runInAction(() => (this.sending = false));
    }
  }

  private persist(): void {
    setStore({ name: 'logsList', content: this.list });
  }
}

export const errorLog = new ErrorLogStore();
