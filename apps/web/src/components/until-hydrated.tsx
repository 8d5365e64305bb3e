import type { ReactNode } from 'react';
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
