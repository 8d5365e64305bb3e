import { Suspense, type ReactNode } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import classes from './until-hydrated.module.css';

/**
 * Controls that work only once the app has taken over a page drawn before its code ran (by the
 * build or the server, issues 15 and 32): disabled until then, so that a click or a keystroke is
 * not lost, as it would be on a control with no code behind it yet. A page rendered in the
 * browser is the app's from the start, and its controls are never held.
 */
export function UntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} role="presentation" className={classes.controls}>
      {children}
    </fieldset>
  );
}

/**
 * A part of a page whose code loads on its own (a lazy chunk). React takes such a part over only
 * when its code has arrived, after the page around it: the page's controls are then live while
 * this part's are still drawn markup, so the part holds its own controls until it is taken over.
 */
export function LazyPart({ fallback = null, children }: { fallback?: ReactNode; children: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <UntilHydrated>{children}</UntilHydrated>
    </Suspense>
  );
}
