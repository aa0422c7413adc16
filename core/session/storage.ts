import { siteConfig } from '../config';

/**
 * Local/session storage under `<prefix>-<name>`, each value wrapped as `{dataType, content, type, datetime}`
 * (the BladeX Saber format, so a token written by one tab carries the time it was stored: the refresh timer
 * and the other tabs read that age). `type: 'session'` keeps a value for this browser tab only.
 */
export interface StoreRecord<T = unknown> {
  dataType: string;
  content: T;
  type?: 'session' | 'local';
  datetime: number;
}

export function storeKey(name: string): string {
  return `${siteConfig().storagePrefix}-${name}`;
}

function area(type?: 'session' | 'local'): Storage | null {
  try {
    return type === 'session' ? window.sessionStorage : window.localStorage;
  } catch {
    // Storage can be disabled (privacy mode, sandboxed iframe): the app still works for this page view.
    return null;
  }
}

export function setStore<T>({ name, content, type }: { name: string; content: T; type?: 'session' | 'local' }): StoreRecord<T> {
  const record: StoreRecord<T> = { dataType: typeof content, content, type: type ?? 'local', datetime: Date.now() };
  // A value moves between areas, never lives in both: reads look in session storage first.
  area(type === 'session' ? 'local' : 'session')?.removeItem(storeKey(name));
  area(type)?.setItem(storeKey(name), JSON.stringify(record));
  return record;
}

/** Parses one raw stored value; anything that is not a record of ours is treated as absent. */
export function parseRecord<T = unknown>(raw: string | null): StoreRecord<T> | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoreRecord<T>> | null;
    if (!value || typeof value !== 'object' || !('content' in value)) return null;
    return { dataType: String(value.dataType ?? typeof value.content), content: value.content as T, type: value.type, datetime: Number(value.datetime) || 0 };
  } catch {
    return null;
  }
}

/** The whole record (with its datetime), session storage first. */
export function getStoreRecord<T = unknown>(name: string): StoreRecord<T> | null {
  const key = storeKey(name);
  return parseRecord<T>(area('session')?.getItem(key) ?? null) ?? parseRecord<T>(area('local')?.getItem(key) ?? null);
}

export function getStore<T = unknown>(name: string): T | undefined {
  return getStoreRecord<T>(name)?.content;
}

export function removeStore(name: string): void {
  area('session')?.removeItem(storeKey(name));
  area('local')?.removeItem(storeKey(name));
}
