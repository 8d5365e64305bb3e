import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

afterEach(() => cleanup());

// findBy/waitFor give up after 1 s by default; on a busy 2-core CI machine running the API suite
// beside them, a Mantine table's first render alone can take longer.
configure({ asyncUtilTimeout: 5_000 });

// The server's rendering tests run in Node, with no window at all.
if (typeof window !== 'undefined') installBrowserStubs();

function installBrowserStubs() {
  // jsdom lacks what Mantine's components measure with.
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
  window.HTMLElement.prototype.scrollIntoView = () => undefined;
  // …and the font-loading events Mantine's autosizing textareas listen to.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: {
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        ready: Promise.resolve(),
      },
    });
  }
}
