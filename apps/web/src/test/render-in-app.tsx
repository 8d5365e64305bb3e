import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';

/** Stubs the global fetch: every call answers 200 with `body(url)` as JSON. Returns the mock. */
export function stubFetch(body: (url: string) => unknown) {
  const fetch = vi.fn(
    async (url: string) => new Response(JSON.stringify(body(String(url))), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/**
 * Renders `ui` with the app's providers: theme, a fresh query cache, a router (at the address `at`,
 * if given), and modals if asked.
 */
export function renderInApp(
  ui: ReactElement,
  { modals = false, at }: { modals?: boolean; at?: string } = {},
) {
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={at ? [at] : undefined}>
          {modals ? <ModalsProvider>{ui}</ModalsProvider> : ui}
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** Renders `ui` in the app's providers, every call answering one list page of `results`. */
export function renderWithList(ui: ReactElement, results: object[], options?: { modals?: boolean }) {
  const fetch = stubFetch(() => ({ count: results.length, results }));
  renderInApp(ui, options);
  return fetch;
}
