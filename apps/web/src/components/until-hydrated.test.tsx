import { act, lazy, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LazyPart, UntilHydrated } from './until-hydrated';

function Panel() {
  return <input aria-label="User's email" />;
}

function PageWith({ part }: { part: ReactNode }) {
  return (
    <UntilHydrated>
      <button type="button">Search</button>
      <LazyPart>{part}</LazyPart>
    </UntilHydrated>
  );
}

/** A lazy part whose code arrives when the test says. */
function lazyPanel() {
  let arrive = () => undefined as void;
  const LazyPanel = lazy(
    () => new Promise<{ default: typeof Panel }>((resolve) => (arrive = () => resolve({ default: Panel }))),
  );
  return { LazyPanel, arrive: () => arrive() };
}

// Whether a control can be used: a disabled fieldset around it disables it, whatever its own state.
const usable = (element: Element) => element.closest('fieldset[disabled]') === null;

describe('LazyPart', () => {
  // React's act() warns unless the environment says it is a test's (Testing Library's render does).
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  beforeAll(() => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterAll(() => {
    delete actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  });

  it("holds its controls until its own code has taken it over, after the page's", async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<PageWith part={<Panel />} />);
    document.body.append(container);
    const button = () => container.querySelector('button')!;
    const input = () => container.querySelector('input')!;
    expect(usable(button())).toBe(false);
    expect(usable(input())).toBe(false);

    const { LazyPanel, arrive } = lazyPanel();
    await act(async () => {
      hydrateRoot(container, <PageWith part={<LazyPanel />} />);
    });
    // The page is the app's; the part's code has not arrived, so what is typed there would be lost.
    expect(usable(button())).toBe(true);
    expect(usable(input())).toBe(false);

    await act(async () => arrive());
    expect(usable(input())).toBe(true);
    container.remove();
  });

  it('holds nothing in a page rendered in the browser', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => root.render(<PageWith part={<Panel />} />));
    expect(usable(container.querySelector('input')!)).toBe(true);
    act(() => root.unmount());
    container.remove();
  });
});
