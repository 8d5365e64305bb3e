import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while React takes over a page drawn before its code ran (by the build or the server), true
 * once the page is React's. A page rendered in the browser is React's from the start. Controls
 * that only work with the app's code wait for true (UntilHydrated): a click or keystroke before it
 * would be lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
