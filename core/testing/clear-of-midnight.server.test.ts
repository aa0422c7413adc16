import { describe, expect, test } from '@rstest/core';
import { clearOfMidnight } from './clear-of-midnight';

/** A server clock stopped at `at` (local time), recording how it is moved. */
function stoppedAt(at: Date) {
  let offset = 0;
  const moves: number[] = [];
  return {
    ctx: { now: () => new Date(at.getTime() + offset) },
    advance(ms: number) {
      moves.push(ms);
      offset += ms;
    },
    moves,
  };
}

describe('clearOfMidnight', () => {
  test('leaves a clock alone outside the last half hour of a day, and moves it back half an hour within it, to the same day', () => {
    for (const [hour, minute] of [[0, 0], [12, 0], [23, 29]] as const) {
      const server = stoppedAt(new Date(2031, 2, 3, hour, minute, 59));
      clearOfMidnight(server);
      expect([hour, minute, server.moves]).toEqual([hour, minute, []]);
    }
    for (const [minute, second] of [[30, 1], [45, 0], [59, 59]] as const) {
      const server = stoppedAt(new Date(2031, 2, 3, 23, minute, second));
      clearOfMidnight(server);
      expect([minute, server.moves]).toEqual([minute, [-30 * 60_000]]);
      expect(server.ctx.now().getDate()).toBe(3);
    }
  });
});
