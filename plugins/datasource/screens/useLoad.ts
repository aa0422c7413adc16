import { useCallback, useEffect, useState } from 'react';

export interface LoadResult<T> {
  data: T | undefined;
  loading: boolean;
  /** Why the load failed (the server's reason), or null. */
  error: string | null;
  reload: () => void;
}

/**
 * Loads `load()` whenever `key` changes (null: nothing to load), keeping the failure's reason to show in
 * place, where it is about (a datasource that refuses the connection), rather than in a passing toast.
 */
export function useLoad<T>(key: string | null, load: () => Promise<T>): LoadResult<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [round, setRound] = useState(0);
  // The loader of the current render: the effect runs on the key alone.
  const [loader] = useState(() => ({ current: load }));
  loader.current = load;
  useEffect(() => {
    if (key === null) return;
    let live = true;
    setLoading(true);
    setError(null);
    setData(undefined);
    loader
      .current()
      .then((value) => live && setData(() => value))
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [key, round, loader]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { data, loading, error, reload };
}
