import { describe, expect, it } from '@rstest/core';
import { addDays, parseRange, presetOf, presetRange, previousRange, rangeDays } from './range';
import { changeOf, readStats } from './stats';

describe('statistics date ranges', () => {
  it('presets end today; last month crosses a year and knows February', () => {
    expect(presetRange('last7', '2024-03-05')).toEqual({ start: '2024-02-28', end: '2024-03-05' });
    expect(presetRange('thisMonth', '2024-03-05')).toEqual({ start: '2024-03-01', end: '2024-03-05' });
    expect(presetRange('lastMonth', '2024-03-05')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(presetRange('lastMonth', '2025-01-10')).toEqual({ start: '2024-12-01', end: '2024-12-31' });
    expect(presetOf({ start: '2024-02-05', end: '2024-03-05' }, '2024-03-05')).toBe('last30');
    expect(presetOf({ start: '2024-02-06', end: '2024-03-05' }, '2024-03-05')).toBeUndefined();
  });

  it('counts both ends, and the previous range has the same length just before', () => {
    expect(rangeDays({ start: '2024-01-01', end: '2024-12-31' })).toBe(366);
    expect(rangeDays({ start: '2024-03-02', end: '2024-03-01' })).toBe(0);
    expect(previousRange({ start: '2024-03-01', end: '2024-03-31' })).toEqual({ start: '2024-01-30', end: '2024-02-29' });
    expect(addDays('2024-03-31', 1)).toBe('2024-04-01');
  });

  it('takes from the address only a range the call answers', () => {
    expect(parseRange('2024-01-01', '2024-12-31')).toEqual({ start: '2024-01-01', end: '2024-12-31' });
    expect(parseRange('2023-01-01', '2024-01-01')).not.toBeNull(); // 366 days
    expect(parseRange('2023-01-01', '2024-01-02')).toBeNull(); // 367
    expect(parseRange('2024-02-30', '2024-03-01')).toBeNull();
    expect(parseRange('2024-03-02', '2024-03-01')).toBeNull();
    expect(parseRange('2024-3-1', '2024-03-09')).toBeNull();
    expect(parseRange(null, '2024-03-09')).toBeNull();
  });
});

describe('statistics answers', () => {
  it('compare a figure with an earlier one', () => {
    expect(changeOf(15, 12)).toEqual({ kind: 'up', ratio: 0.25 });
    expect(changeOf(6, 8)).toEqual({ kind: 'down', ratio: 0.25 });
    expect(changeOf(0, 3)).toEqual({ kind: 'down', ratio: 1 });
    expect(changeOf(5, 0)).toEqual({ kind: 'fromZero' });
    expect(changeOf(0, 0)).toEqual({ kind: 'same' });
  });

  it('are read with every source present and numbers as numbers', () => {
    const stats = readStats({ startDate: '2024-01-01', endDate: '2024-01-01', days: [{ date: '2024-01-01', pv: '3', uv: 2 }], sources: [{ source: 2, count: 3 }], topStaff: [{ staffId: 7, staffName: '张伟', count: 3 }], totals: { pv: 3, visitors: 2 } });
    expect(stats.sources).toEqual([
      { source: 1, count: 0 },
      { source: 2, count: 3 },
      { source: 3, count: 0 },
      { source: 4, count: 0 },
    ]);
    expect(stats.days).toEqual([{ date: '2024-01-01', pv: 3, uv: 2 }]);
    expect(stats.topStaff).toEqual([{ staffId: '7', staffName: '张伟', count: 3 }]);
  });
});
