import { permissionsFor, type Actor } from '@rrp/domain';
import type { InstitutionReadInput } from './institutions-read.repo';
import { institutionPermissions } from './institutions-read.repo';

/*
 * What the institution read model's statements take from Node: the caller, the domain's
 * permission answers for each combination of an institution's facts, and the moment before
 * which a waiting institution counts as unresponsive.
 */

/** An institution in Pending SBSO or Follow Up for longer than this is unresponsive (docs/decisions.md). */
const UNRESPONSIVE_AFTER_DAYS = 30;

/** The subject the Institution conditions read, for one combination of the facts. */
function subjectOfFacts(actor: Actor | null, facts: { isOfficial: boolean; isMember: boolean }) {
  const callerId = actor?.userId ?? null;
  return {
    // An id no account has: someone else signs for the institution.
    currentIoId: facts.isOfficial ? callerId : -1,
    memberIds: facts.isMember && callerId !== null ? [callerId] : [],
  };
}

/** The statement's inputs for this caller at `now`. */
export function institutionReadInput(
  actor: Actor | null,
  options: { expandOfficial: boolean; now?: Date },
): InstitutionReadInput {
  const now = options.now ?? new Date();
  return {
    // An id no account has, for a visitor.
    callerId: actor?.userId ?? -1,
    expandOfficial: options.expandOfficial,
    unresponsiveBefore: new Date(now.getTime() - UNRESPONSIVE_AFTER_DAYS * 86_400_000),
    permissions: institutionPermissions.answersFor(actor, (facts) =>
      permissionsFor(actor, 'Institution', subjectOfFacts(actor, facts)),
    ),
  };
}
