import { canonicalId } from '@rrp/domain';
import { needsCollection, type Resource } from './rules';

/**
 * Where a wizard is started from, besides `?dataset=` and `?project=`: the Research Match route
 * (`/research-match/create`) names the resource, a tissue collection's "Request this collection"
 * names the tissue resource and the collection (`collectionRequestPath`).
 */
export interface WizardEntry {
  /** A resource key of the picker, e.g. 'research-match' or 'tissue-8'. */
  resource?: string | null;
  collection?: string | null;
}

/**
 * The selection (and collection) a wizard entry starts with: only a resource the requester may
 * pick now, as the picker would offer it; a collection only with a resource that asks for one.
 * Anything else starts the wizard empty, as New Request does.
 */
export function entrySelection(
  entry: WizardEntry,
  resources: readonly Resource[],
): { selection: Resource[]; cartId: number | null } | null {
  const resource = entry.resource
    ? resources.find((item) => item.key === entry.resource && !item.disabledReason)
    : undefined;
  if (!resource) return null;
  const cartId = entry.collection ? canonicalId(entry.collection) : undefined;
  return { selection: [resource], cartId: needsCollection([resource]) ? (cartId ?? null) : null };
}
