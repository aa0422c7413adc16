import { describe, expect, test } from '@rstest/core';
import { createIdGenerator } from './ids';
import { ORDER_NUMBER_MAX, orderNumber } from './orders';

describe('orderNumber', () => {
  const at = new Date(2024, 5, 1, 9, 30, 15);

  test('a thousand numbers made in one go are unique, at most 32 characters, the prefix and the second first', () => {
    const ctx = { ids: createIdGenerator(), now: () => at };
    const numbers = Array.from({ length: 1000 }, () => orderNumber(ctx, 'CO'));
    expect(new Set(numbers).size).toBe(1000);
    for (const n of numbers) {
      expect(n).toMatch(/^CO20240601093015\d{12}$/);
      expect(n.length).toBeLessThanOrEqual(ORDER_NUMBER_MAX);
    }
    expect(orderNumber(ctx, 'ABCDEF').length).toBe(ORDER_NUMBER_MAX);
  });

  test('two processes (two workers) in the same millisecond never make the same number', () => {
    const a = { ids: createIdGenerator(1), now: () => at };
    const b = { ids: createIdGenerator(2), now: () => at };
    const numbers = Array.from({ length: 500 }, () => [orderNumber(a, 'GO'), orderNumber(b, 'GO')]).flat();
    expect(new Set(numbers).size).toBe(1000);
  });

  test('a prefix that would not fit, or is not capitals and digits, is a programming error', () => {
    const ctx = { ids: createIdGenerator(), now: () => at };
    for (const bad of ['', 'TOOLONG', 'co', 'C-1']) expect(() => orderNumber(ctx, bad)).toThrow('must be 1 to 6');
  });
});
