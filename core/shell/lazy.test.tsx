import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { setTestSite } from '../testing/site';
import { bundledPage, ChunkLoadError, forgetPage, lazyPage, preloadPage, type PageLoader } from './lazy';

function Hello({ name = 'page' }: { name?: string }) {
  return <p>hello {name}</p>;
}

/** A loader whose answer the test gives when it wants, counting how often it was asked. */
function controlledLoader() {
  const calls: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const load: PageLoader<{ name?: string }> = () =>
    new Promise((resolve, reject) => calls.push({ resolve: () => resolve({ default: Hello }), reject }));
  return { load, calls };
}

function shown(load: PageLoader<{ name?: string }>) {
  const Page = lazyPage(load);
  return (
    <Suspense fallback={<p>loading</p>}>
      <Page name="there" />
    </Suspense>
  );
}

beforeAll(() => {
  setTestSite();
});

describe('lazyPage', () => {
  it('answers a bundled page with its own component: the first render shows it', () => {
    const load = bundledPage(Hello);
    expect(lazyPage(load)).toBe(Hello);
    render(shown(load));
    expect(screen.getByText('hello there')).toBeTruthy();
  });

  it('renders a preloaded page at once, without a loading state, once its code has arrived', async () => {
    const { load, calls } = controlledLoader();
    preloadPage(load);
    preloadPage(load); // asked once however often it is preloaded
    expect(calls).toHaveLength(1);
    await act(async () => calls[0]!.resolve());
    expect(lazyPage(load)).toBe(Hello);
    render(shown(load));
    expect(screen.getByText('hello there')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('keeps the lazy component it handed out, and shares the fetch a preload started', async () => {
    const { load, calls } = controlledLoader();
    preloadPage(load);
    const first = lazyPage(load);
    expect(first).not.toBe(Hello);
    render(shown(load));
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => calls[0]!.resolve());
    expect(await screen.findByText('hello there')).toBeTruthy();
    expect(calls).toHaveLength(1);
    // Arrived since, yet the same component: a re-render never remounts the page.
    expect(lazyPage(load)).toBe(first);
  });

  it('fetches again after a failed preload', async () => {
    const { load, calls } = controlledLoader();
    preloadPage(load);
    await act(async () => calls[0]!.reject(new ChunkLoadError('offline', false)));
    expect(lazyPage(load)).not.toBe(Hello);
    preloadPage(load);
    expect(calls).toHaveLength(2);
    await act(async () => calls[1]!.resolve());
    // A lazy component was handed out before the code arrived: it stays the answer.
    const handedOut = lazyPage(load);
    forgetPage(load);
    expect(lazyPage(load)).toBe(Hello);
    expect(handedOut).not.toBe(Hello);
  });

  it('forgetPage drops the lazy component handed out, so the next one fetches anew', async () => {
    const { load, calls } = controlledLoader();
    const first = lazyPage(load);
    forgetPage(load);
    const second = lazyPage(load);
    expect(second).not.toBe(first);
    render(shown(load));
    expect(calls).toHaveLength(1);
    await act(async () => calls[0]!.resolve());
    expect(await screen.findByText('hello there')).toBeTruthy();
  });
});
