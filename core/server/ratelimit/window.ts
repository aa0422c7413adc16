/**
 * A sliding-window counter: the hits of the current fixed window plus the previous window's, weighted by
 * how much of it still overlaps the last `windowMs`. Two numbers per key, yet no burst of twice the limit
 * across a window's edge as a plain fixed window allows.
 */
export interface WindowCount {
  /** Which fixed window `hits` belongs to: floor(time / windowMs). */
  windowIndex: number;
  /** Hits counted in that window, this one included. */
  hits: number;
  /** Hits of the window before it. */
  previousHits: number;
}

export const windowIndexAt = (nowMs: number, windowMs: number) => Math.floor(nowMs / windowMs);

/** How far `nowMs` is into the count's window (0…1). */
function elapsed(count: WindowCount, nowMs: number, windowMs: number): number {
  return Math.min(1, Math.max(0, (nowMs - count.windowIndex * windowMs) / windowMs));
}

/** Whether the hit just counted is within the limit. */
export function withinLimit(count: WindowCount, limit: number, nowMs: number, windowMs: number): boolean {
  return count.previousHits * (1 - elapsed(count, nowMs, windowMs)) + count.hits <= limit;
}

/**
 * Whole seconds (at least 1) until one more hit would be within the limit, if nothing else is counted
 * meanwhile: later in this window once the previous one's weight has faded enough, else in the next.
 */
export function retryAfterSeconds(count: WindowCount, limit: number, nowMs: number, windowMs: number): number {
  const start = count.windowIndex * windowMs;
  let at: number;
  if (count.hits + 1 <= limit && count.previousHits > 0) {
    at = start + windowMs * (1 - (limit - count.hits - 1) / count.previousHits);
  } else {
    // In the next window this one's hits become the previous, fading from full weight.
    at = start + windowMs + windowMs * Math.max(0, 1 - (limit - 1) / Math.max(1, count.hits));
  }
  return Math.max(1, Math.ceil((at - nowMs) / 1000));
}

/** The same count kept in memory (the per-instance ceiling). */
export function countInMemory(counts: Map<string, WindowCount>, key: string, nowMs: number, windowMs: number): WindowCount {
  const index = windowIndexAt(nowMs, windowMs);
  const old = counts.get(key);
  let next: WindowCount;
  if (!old || old.windowIndex < index - 1) next = { windowIndex: index, hits: 1, previousHits: 0 };
  else if (old.windowIndex === index - 1) next = { windowIndex: index, hits: 1, previousHits: old.hits };
  else next = { ...old, hits: old.hits + 1 };
  counts.set(key, next);
  return next;
}
