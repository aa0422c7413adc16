import { MAX_FEN } from '../../../core/sdk/shared';
import type { GenField, GenSpec } from '../spec';

/**
 * Values the generated tests send: valid for the field's rules (length, bounds, dictionary keys), and
 * different for each `n` so that unique fields stay unique.
 */

const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;
const pad = (n: number) => String(n).padStart(2, '0');

/** A whole number within [lo, hi], different for each n while the range allows. */
function within(n: number, lo: number, hi: number): number {
  if (n >= lo && n <= hi) return n;
  const span = hi - lo + 1;
  return lo + (((n % span) + span) % span);
}

/** Text of at most `max` characters, different for each n. */
function text(prefix: string, n: number, max: number): string {
  const full = `${prefix}${n}`;
  return full.length <= max ? full : String(n).slice(-max);
}

export type SampleValue = string | number;

/** A valid value of `field` for the n-th sample row (n ≥ 1). */
export function sampleValue(field: GenField, n: number, dictionaries: GenSpec['dictionaries']): SampleValue {
  switch (field.type) {
    case 'string':
      return text('测试', n, field.maxLength ?? 255);
    case 'text':
      return text('测试内容', n, field.maxLength ?? 2000);
    case 'richtext':
      return `<p>测试内容${n}</p>`;
    case 'image':
      return `https://example.com/images/sample-${n}.png`;
    case 'integer':
      return within(n, field.min ?? INT_MIN, field.max ?? INT_MAX);
    case 'number':
      return String(within(n, Math.ceil(field.min ?? INT_MIN), Math.floor(field.max ?? INT_MAX)));
    case 'money':
      return within(n * 100, field.min ?? 0, field.max ?? MAX_FEN);
    case 'switch':
      return n % 2;
    case 'select': {
      const dictionary = dictionaries.find((d) => d.code === field.dict)!;
      const item = dictionary.items[(n - 1) % dictionary.items.length]!;
      return dictionary.numeric ? Number(item.key) : item.key;
    }
    case 'date':
      return `2024-05-${pad(1 + ((n - 1) % 28))} 00:00:00`;
    case 'datetime':
      return `2024-05-${pad(1 + ((n - 1) % 28))} 09:30:00`;
    case 'id':
      return String(1_000_000 + n);
  }
}

/** A whole row of sample values, every included field but a tree's parent (a root). */
export function sampleRow(spec: GenSpec, n: number): Record<string, SampleValue> {
  const row: Record<string, SampleValue> = {};
  for (const field of spec.fields) if (field.include && field.name !== spec.tree?.parent) row[field.name] = sampleValue(field, n, spec.dictionaries);
  return row;
}
