import { describe, expect, it } from '@rstest/core';
import { formatYuan, parseYuan } from './money';

describe('money', () => {
  it('reads yuan as typed into whole fen, on the digits', () => {
    expect(parseYuan('12')).toBe(1200);
    expect(parseYuan('12.3')).toBe(1230);
    expect(parseYuan('0.07')).toBe(7);
    expect(parseYuan(' 1,234.56 ')).toBe(123456);
    expect(parseYuan('-0.5')).toBe(-50);
    expect(parseYuan('-0')).toBe(0);
    // 0.1 + 0.2 is not 0.3 in floats; here it never has to be.
    expect(parseYuan('0.1')! + parseYuan('0.2')!).toBe(parseYuan('0.3'));
    expect(parseYuan('19.99')).toBe(1999);
  });

  it('refuses what is not an amount of at most two decimals instead of rounding it', () => {
    for (const bad of ['', '.', 'abc', '12.345', '1e3', '12..3', '¥12', '0x10', '1234567890123']) expect(parseYuan(bad)).toBeNull();
  });

  it('writes fen as yuan with two decimals and separators', () => {
    expect(formatYuan(0)).toBe('0.00');
    expect(formatYuan(7)).toBe('0.07');
    expect(formatYuan(123456)).toBe('1,234.56');
    expect(formatYuan(123456, { symbol: true })).toBe('¥1,234.56');
    expect(formatYuan(-50, { symbol: true })).toBe('-¥0.50');
    expect(formatYuan(1_000_000_000_00)).toBe('1,000,000,000.00');
  });
});
