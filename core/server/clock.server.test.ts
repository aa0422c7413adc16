import { describe, expect, test } from '@rstest/core';
import { serverClock } from './clock';
import { StartRefusal } from './start-refusal';

/** What `clock` reads, between the system's readings before and after it (however long that took). */
function readBetween(clock: () => Date): { read: number; before: number; after: number } {
  const before = Date.now();
  const read = clock().getTime();
  return { read, before, after: Date.now() };
}

describe('the server clock', () => {
  test("the system's by default; CLOCK_OFFSET_MS moves it ahead, outside production only", () => {
    expect(serverClock({}).offsetMs).toBe(0);
    const plain = readBetween(serverClock({}).now);
    expect(plain.read).toBeGreaterThanOrEqual(plain.before);
    expect(plain.read).toBeLessThanOrEqual(plain.after);
    const ahead = serverClock({ CLOCK_OFFSET_MS: '172800000', NODE_ENV: 'test' });
    expect(ahead.offsetMs).toBe(172_800_000);
    const moved = readBetween(ahead.now);
    expect(moved.read - 172_800_000).toBeGreaterThanOrEqual(moved.before);
    expect(moved.read - 172_800_000).toBeLessThanOrEqual(moved.after);
    expect(() => serverClock({ CLOCK_OFFSET_MS: '1000', NODE_ENV: 'production' })).toThrow(StartRefusal);
    expect(() => serverClock({ CLOCK_OFFSET_MS: '2 days' })).toThrow(/whole number/);
  });
});
