import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while React takes over a prerendered page (its markup came from the build), true once the
 * page is React's. A page rendered in the browser is React's from the start. Controls that only
 * work with the app's code wait for true: a click or keystroke before it would be lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
