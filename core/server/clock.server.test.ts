import { describe, expect, test } from '@rstest/core';
import { serverClock } from './clock';
import { StartRefusal } from './start-refusal';

describe('the server clock', () => {
  test("the system's by default; CLOCK_OFFSET_MS moves it ahead, outside production only", () => {
    expect(serverClock({}).offsetMs).toBe(0);
    expect(Math.abs(serverClock({}).now().getTime() - Date.now())).toBeLessThan(1000);
    const ahead = serverClock({ CLOCK_OFFSET_MS: '172800000', NODE_ENV: 'test' });
    expect(ahead.offsetMs).toBe(172_800_000);
    expect(Math.abs(ahead.now().getTime() - Date.now() - 172_800_000)).toBeLessThan(1000);
    expect(() => serverClock({ CLOCK_OFFSET_MS: '1000', NODE_ENV: 'production' })).toThrow(StartRefusal);
    expect(() => serverClock({ CLOCK_OFFSET_MS: '2 days' })).toThrow(/whole number/);
  });
});
