import { useState } from 'react';
import type { ApiRequest } from '@/lib/api-client';
import { editConflictOf, openEditConflictDialog } from './edit-conflict';

/** A save of an object the screen showed: the body and the version it is based on. */
export interface VersionedWrite<Body> {
  body: Body;
  /** `'shown'` (the version the screen read), a version the conflict dialog gave, or none (as before). */
  ifMatch?: string;
}

/**
 * The request options of a versioned write: `If-Match`, and a 412 left to the caller (who opens
 * the conflict dialog). Without a version the write is sent as it always was.
 */
export function versionedRequest(ifMatch: string | undefined): Pick<ApiRequest, 'ifMatch' | 'handleStatus'> {
  return ifMatch ? { ifMatch, handleStatus: [400, 412] } : {};
}

/** What an edit form tells `saveVersioned`: how to send, what it sends and how its fields are named. */
export interface VersionedSave<Saved> {
  /** Sends the form's body with this `If-Match`. */
  send: (ifMatch: string) => Promise<Saved>;
  /**
   * The body the form sends and the object as it is now (the 412's `current`; null when it is
   * gone), both in the shape the dialog shows, so like is compared with like.
   */
  sides: (current: Record<string, unknown> | null) => {
    mine: Record<string, unknown>;
    theirs: Record<string, unknown>;
  };
  /** The form's label of each field of the body. */
  labels: Record<string, string>;
  /** Takes theirs: reads the object again and shows it in the form; what was typed is discarded. */
  reload: () => Promise<unknown>;
}

type Choice = { overwrite: string | null } | 'reload' | 'dismiss';

/**
 * Saves an edit form's body based on the version the screen showed (issue 33). When someone else
 * saved first (a 412) the shared conflict dialog asks: reload theirs, or overwrite on purpose
 * (resent with the version the dialog showed, so a third change meets the dialog again).
 * Resolves with the saved object, or null when nothing was saved (theirs reloaded, or the dialog
 * closed without a choice); any other failure is thrown as before.
 */
export async function saveVersioned<Saved>(
  save: VersionedSave<Saved>,
  ifMatch = 'shown',
): Promise<Saved | null> {
  try {
    return await save.send(ifMatch);
  } catch (failure) {
    const conflict = editConflictOf(failure);
    if (!conflict) throw failure;
    const { mine, theirs } = save.sides(Object.keys(conflict.current).length ? conflict.current : null);
    const choice = await new Promise<Choice>((resolve) =>
      openEditConflictDialog({
        conflict: { ...conflict, current: theirs },
        mine,
        labels: save.labels,
        onReload: () => resolve('reload'),
        onOverwrite: (etag) => resolve({ overwrite: etag }),
        onDismiss: () => resolve('dismiss'),
      }),
    );
    if (choice === 'dismiss') return null;
    if (choice === 'reload') {
      await save.reload();
      return null;
    }
    // No version to give (the object is gone): `*` asks only that it exists.
    return saveVersioned(save, choice.overwrite ?? '*');
  }
}

/**
 * Reloading an edit form: reads the object again, then starts the form afresh from it (its key
 * changes, so it remounts). Only on purpose: a background refetch never discards what was typed.
 */
export function useFormReload(refetch: () => Promise<unknown>) {
  const [generation, setGeneration] = useState(0);
  return {
    formKey: generation,
    reload: async () => {
      await refetch();
      setGeneration((current) => current + 1);
    },
  };
}
