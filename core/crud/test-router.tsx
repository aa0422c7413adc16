import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { BrowserRouter } from 'react-router-dom';
import { KernelProvider } from '../kernel/context';
import { testKernel } from './test-kernel';

/**
 * Renders a list screen of the kit's tests inside a router (a list keeps its page, filters and sort in
 * the address) opened at `url`; `window.location` is the address the test reads back.
 */
export function renderAt(ui: ReactElement, url = '/'): RenderResult {
  window.history.replaceState(null, '', url);
  return render(ui, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <KernelProvider services={testKernel}>
        <BrowserRouter>{children}</BrowserRouter>
      </KernelProvider>
    ),
  });
}
