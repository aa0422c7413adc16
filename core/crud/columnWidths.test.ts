import { describe, expect, it } from '@rstest/core';
import type { FieldDef } from '../schema/entity';
import { fitWidths, minimumWidth, naturalWidth } from './columnWidths';

const field = (type: FieldDef['type'], more: Partial<FieldDef> = {}): FieldDef => ({ type, label: { zh: '价格', en: 'Price' }, ...more });

describe('column widths', () => {
  it('a money column is never squeezed below room for ¥99,999.99, unless its definition asks for less', () => {
    const money = field('money');
    expect(naturalWidth(money)).toBe(120);
    expect(minimumWidth(money)).toBe(116);
    expect(minimumWidth(field('string'))).toBe(64);
    expect(fitWidths([naturalWidth(money), 300], [minimumWidth(money), 64], 200)[0]).toBeGreaterThanOrEqual(116);
    expect(minimumWidth(field('money', { width: 100 }))).toBe(100);
  });
});
