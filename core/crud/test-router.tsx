import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { BrowserRouter } from 'react-router-dom';
import { KernelProvider } from '../kernel/context';
import type { DictionaryBases } from '../schema/entity';
import { DictionarySourceContext } from './dictionary-source';
import { testKernel } from './test-kernel';

/** Where the kit's tests read dictionaries (as the dict plugin provides them). */
export const TEST_DICTIONARIES: DictionaryBases = { system: '/api/blade-system/dict', business: '/api/blade-system/dict-biz' };

/**
 * Renders a list screen of the kit's tests inside a router (a list keeps its page, filters and sort in
 * the address) opened at `url`; `window.location` is the address the test reads back.
 */
export function renderAt(ui: ReactElement, url = '/'): RenderResult {
  window.history.replaceState(null, '', url);
  return render(ui, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <KernelProvider services={testKernel}>
        <DictionarySourceContext value={TEST_DICTIONARIES}>
          <BrowserRouter>{children}</BrowserRouter>
        </DictionarySourceContext>
      </KernelProvider>
    ),
  });
}
