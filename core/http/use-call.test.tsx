import { describe, expect, it } from '@rstest/core';
import { act, renderHook, waitFor } from '@testing-library/react';
import { HttpError } from './types';
import { useCall } from './use-call';

describe('useCall', () => {
  it('calls when its key is set, keeps the server’s refusal, and keeps the data shown while a reload is on its way', async () => {
    let answer: Promise<string> = Promise.resolve('first');
    const calls: string[] = [];
    const { result, rerender } = renderHook(({ key }: { key: string | null }) =>
      useCall(key, () => {
        calls.push(String(key));
        return answer;
      }),
      { initialProps: { key: null as string | null } },
    );
    expect(result.current).toMatchObject({ data: undefined, loading: false, error: '' });
    expect(calls).toEqual([]);

    rerender({ key: 'a' });
    await waitFor(() => expect(result.current).toMatchObject({ data: 'first', loading: false }));

    let release: (value: string) => void = () => {};
    answer = new Promise((resolve) => (release = resolve));
    act(() => result.current.reload());
    expect(result.current).toMatchObject({ data: 'first', loading: true });
    await act(async () => release('second'));
    expect(result.current).toMatchObject({ data: 'second', loading: false });

    answer = Promise.reject(new HttpError('business', '数据不存在', 400));
    rerender({ key: 'b' });
    await waitFor(() => expect(result.current).toMatchObject({ data: undefined, loading: false, error: '数据不存在' }));
    expect(calls).toEqual(['a', 'a', 'b']);
  });
});
