import { useMemo } from 'react';

/**
 * `value`, kept as the same object while `key` stays the same (by default, while its JSON is). Callers
 * build arrays and objects afresh on every render (`columns={['name', 'code']}`); a memo or an effect
 * that depends on their content rather than their identity depends on what this returns.
 */
export function useStable<T>(value: T, key: string = JSON.stringify(value) ?? ''): T {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the value: that is the point
  return useMemo(() => value, [key]);
}
