import type { Page } from '../../schema/page';

export type { Page };

export function page<T>(records: T[], total: number, current: number, size: number): Page<T> {
  return { records, total, size, current, pages: size === 0 ? 0 : Math.ceil(total / size) };
}

/** `current` and `size` from a query string, with BladeX's defaults (1, 10) and a sane upper bound. */
export function pageParams(query: Record<string, string | undefined>, maxSize = 500): { current: number; size: number; offset: number } {
  const current = Math.max(1, Math.floor(Number(query.current) || 1));
  const size = Math.min(maxSize, Math.max(1, Math.floor(Number(query.size) || 10)));
  return { current, size, offset: (current - 1) * size };
}
