/** How a figure compares with the one before it: up or down by a share of it, the same, or up from nothing. */
export type Change = { kind: 'up' | 'down'; ratio: number } | { kind: 'same' } | { kind: 'fromZero' };

/** `current` against `previous` (up from nothing has no percentage). */
export function changeOf(current: number, previous: number): Change {
  if (current === previous) return { kind: 'same' };
  if (previous === 0) return { kind: 'fromZero' };
  return { kind: current > previous ? 'up' : 'down', ratio: Math.abs(current - previous) / previous };
}

/** `12.5%`, `300%`, `0.4%` in the language's way of writing it. */
export function formatPercent(ratio: number, language: string): string {
  return new Intl.NumberFormat(language === 'zh' ? 'zh-CN' : 'en-US', { style: 'percent', maximumFractionDigits: 1 }).format(ratio);
}
