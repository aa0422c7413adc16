import type { Tx } from '../db/types';
import { commaPayloads, type Signals } from './bus';

/**
 * A read-through cache of database rows that any instance may change, kept exact by the signal bus: the
 * transaction that changes the rows calls `invalidate(tx, keys)`, and once it commits every instance
 * drops those keys. Nothing is answered from memory while the bus is not live (a lost connection could
 * have carried an invalidation), and everything is dropped when it is back. The time limit is only a
 * safety net against a writer that forgot to invalidate.
 */
export interface SignalCache<V> {
  /** The cached value of `key`, else what `load` reads (kept unless an invalidation raced it). */
  get(key: string, load: () => Promise<V>): Promise<V>;
  /** Inside the writing transaction: these keys (none given: all) are dropped everywhere after the commit. */
  invalidate(tx: Tx, keys?: readonly string[]): Promise<void>;
}

/** Keys travel as a comma list; an empty payload means every key. */
const ALL = '';
const SEPARATOR = ',';

export function signalCache<V>(signals: Signals, channel: string, options: { ttlMs: number }): SignalCache<V> {
  const entries = new Map<string, { value: V; until: number }>();
  // Bumped by every drop: a load that began before a drop may have read the old rows, so it is not kept.
  let generation = 0;

  const drop = (keys?: readonly string[]) => {
    generation += 1;
    if (!keys) entries.clear();
    else for (const key of keys) entries.delete(key);
  };
  signals.on(channel, (payload) => drop(payload === ALL ? undefined : payload.split(SEPARATOR)));
  signals.onResync(() => drop());

  return {
    async get(key, load) {
      const hit = entries.get(key);
      if (hit && hit.until > Date.now() && signals.live) return hit.value;
      const at = generation;
      const value = await load();
      if (signals.live && generation === at) entries.set(key, { value, until: Date.now() + options.ttlMs });
      return value;
    },
    async invalidate(tx, keys) {
      // A key the list format cannot carry drops everything: never less than asked.
      if (!keys || keys.some((key) => key === ALL || key.includes(SEPARATOR))) return signals.publish(tx, channel, ALL);
      for (const chunk of commaPayloads([...new Set(keys)])) await signals.publish(tx, channel, chunk);
    },
  };
}
