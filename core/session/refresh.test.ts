import { createRefresher, isRefreshDue, singleFlight, type TokenStamp } from './refresh';

describe('isRefreshDue', () => {
  it('is due once the stored token is at least tokenTime seconds old', () => {
    const stored = 1_000_000;
    expect(isRefreshDue(stored, stored + 2_999_999, 3000)).toBe(false);
    expect(isRefreshDue(stored, stored + 3_000_000, 3000)).toBe(true);
    expect(isRefreshDue(0, Date.now(), 3000)).toBe(false);
  });
});

describe('singleFlight', () => {
  it('shares one run between concurrent callers and runs again afterwards', async () => {
    let runs = 0;
    const run = singleFlight(async () => {
      runs++;
      await Promise.resolve();
      return runs;
    });
    const [a, b] = await Promise.all([run(), run()]);
    expect([a, b, runs]).toEqual([1, 1, 1]);
    expect(run.running).toBe(false);
    await run();
    expect(runs).toBe(2);
  });
});

describe('createRefresher', () => {
  function setup(stored: TokenStamp | null, mine: TokenStamp) {
    let storedNow = stored;
    let current = mine;
    const request = rs.fn(async () => ({ token: 'new', storedAt: 200 }));
    const held: string[] = [];
    const refresher = createRefresher<TokenStamp>({
      lockName: 'saber-token-refresh',
      readStored: () => storedNow,
      current: () => current,
      request,
      apply: (result) => {
        current = result;
        storedNow = result;
      },
      adopt: (stamp) => {
        current = stamp;
      },
      lock: async (name, task) => {
        held.push(name);
        return task();
      },
    });
    return { refresher, request, held, now: () => current };
  }

  it('makes one request for two concurrent calls', async () => {
    const { refresher, request, held, now } = setup({ token: 'old', storedAt: 100 }, { token: 'old', storedAt: 100 });
    const outcomes = await Promise.all([refresher(), refresher()]);
    expect(outcomes).toEqual(['refreshed', 'refreshed']);
    expect(request).toHaveBeenCalledTimes(1);
    expect(held).toEqual(['saber-token-refresh']);
    expect(now().token).toBe('new');
  });

  it('adopts the token another tab already refreshed instead of refreshing again', async () => {
    const { refresher, request, now } = setup({ token: 'from-other-tab', storedAt: 150 }, { token: 'old', storedAt: 100 });
    expect(await refresher()).toBe('adopted');
    expect(request).not.toHaveBeenCalled();
    expect(now()).toEqual({ token: 'from-other-tab', storedAt: 150 });
  });

  it('does nothing when another tab signed out', async () => {
    const { refresher, request } = setup(null, { token: 'old', storedAt: 100 });
    expect(await refresher()).toBe('signed-out');
    expect(request).not.toHaveBeenCalled();
  });

  it('serialises refreshes across tabs through the Web Locks API when present', async () => {
    const order: string[] = [];
    const request = rs.fn(async (name: string, cb: () => Promise<unknown>) => {
      order.push(`lock:${name}`);
      return cb();
    });
    rs.stubGlobal('navigator', { ...navigator, locks: { request } });
    const { withTabLock } = await import('./refresh');
    await withTabLock('saber-token-refresh', async () => order.push('task'));
    expect(order).toEqual(['lock:saber-token-refresh', 'task']);
    rs.unstubAllGlobals();
  });
});
