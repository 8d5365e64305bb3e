import { useCallback, useEffect, useRef, useState } from 'react';
import { Text } from '@mantine/core';
import { formatDateTime } from '@rrp/domain';
import { ApiError } from '@/lib/api-client';

/** Review scores, comments and meeting notes save 1 s after the last change (staff §5, §9). */
export const AUTOSAVE_DELAY_MS = 1000;

type AutosaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

type Patch = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A later change wins; nested objects (a criterion's score and comments) merge one level deep. */
function mergePatches<P extends Patch>(earlier: Partial<P>, later: Partial<P>): Partial<P> {
  const merged: Patch = { ...earlier };
  for (const [key, value] of Object.entries(later)) {
    const previous = merged[key];
    merged[key] = isObject(previous) && isObject(value) ? { ...previous, ...value } : value;
  }
  return merged as Partial<P>;
}

const isEmpty = (patch: Patch) => Object.keys(patch).length === 0;

/**
 * Saves changes 1 s after the last one, one save at a time: changes made while a save is on its
 * way go in the next. A save that fails keeps its changes, so the next change (or `flush`) sends
 * them again; nothing typed is dropped.
 */
export function useAutosave<P extends Patch>(save: (patch: Partial<P>) => Promise<unknown>) {
  const [state, setState] = useState<AutosaveState>('idle');
  const [error, setError] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const latestSave = useRef(save);
  const pending = useRef<Partial<P>>({});
  const inFlight = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    latestSave.current = save;
  }, [save]);
  useEffect(() => () => clearTimeout(timer.current), []);

  /** Sends what is waiting now, after any save on its way; resolves once nothing is waiting. */
  const flush = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    while (inFlight.current) await inFlight.current;
    const body = pending.current;
    if (isEmpty(body)) return;
    pending.current = {};
    setState('saving');
    const run = (async () => {
      try {
        await latestSave.current(body);
        setError(null);
        setSavedAt(new Date());
        setState(isEmpty(pending.current) ? 'saved' : 'pending');
      } catch (failure) {
        pending.current = mergePatches(body, pending.current);
        setError(failure instanceof ApiError ? failure.summary : 'The changes could not be saved.');
        setState('error');
      }
    })();
    inFlight.current = run;
    await run;
    inFlight.current = null;
  }, []);

  /** Records a change and saves it after the pause. */
  const queue = useCallback(
    (patch: Partial<P>) => {
      pending.current = mergePatches(pending.current, patch);
      setState('pending');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    },
    [flush],
  );

  return { state, error, savedAt, queue, flush };
}

const STATUS_TEXT: Record<Exclude<AutosaveState, 'error'>, string> = {
  idle: '',
  pending: 'Unsaved changes',
  saving: 'Saving…',
  saved: 'All changes saved',
};

/**
 * The autosave's state in words, announced to screen readers as it changes; given `savedAt`, a
 * saved page says when it last saved (staff §5: the reviewer sees their work is kept).
 */
export function AutosaveStatus({
  state,
  error,
  savedAt,
}: {
  state: AutosaveState;
  error: string | null;
  savedAt?: Date | null;
}) {
  const text =
    state === 'error'
      ? `Not saved: ${error ?? 'try again'}`
      : state === 'saved' && savedAt
        ? `Saved at ${formatDateTime(savedAt)}`
        : STATUS_TEXT[state];
  return (
    <Text size="sm" role="status" c={state === 'error' ? 'red.9' : 'gray.7'}>
      {text}
    </Text>
  );
}
