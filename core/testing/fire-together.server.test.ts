import { describe, expect, test } from '@rstest/core';
import { fireTogether } from './fire-together';

describe('fireTogether', () => {
  test('starts every call before any of them resumes, and reports each outcome in order', async () => {
    const started: number[] = [];
    let resumed = false;
    const outcomes = await fireTogether(5, async (i) => {
      // Every call starts in the same tick: none has resumed from its first await yet.
      started.push(i);
      expect(resumed).toBe(false);
      await Promise.resolve();
      resumed = true;
      if (i % 2) throw new Error(`refused ${i}`);
      return i * 10;
    });
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual([0, 'refused 1', 20, 'refused 3', 40]);
  });

  test('a call that throws before its first await is a rejection, not a throw', async () => {
    const outcomes = await fireTogether(2, (i) => {
      if (i === 0) throw new Error('at once');
      return 'fine';
    });
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'fulfilled']);
  });

  test('a count that is no positive whole number is refused', () => {
    expect(() => fireTogether(0, () => 1)).toThrow('positive whole number');
  });
});
