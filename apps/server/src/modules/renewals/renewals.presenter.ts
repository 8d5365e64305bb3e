import { permissionsFor, REQUEST_TYPES, renewalStatusName, type Actor, type RenewalDto } from '@rrp/domain';
import type { RenewalView } from './renewals.repo';

/** What the permission conditions read of a renewal: its request's owner and team (isOwner, isTeamMember). */
export interface RenewalSubject {
  ownerId: number;
  teamMemberIds: number[];
}

export function renewalSubject(
  ownerId: number,
  actor: Actor | null,
  callerIsMember: boolean,
): RenewalSubject {
  const ids = [ownerId];
  if (actor && callerIsMember) ids.push(actor.userId);
  return { ownerId, teamMemberIds: ids };
}

/** Keys the server keeps beside the form's answers: the expiration date before and after. */
export const EXPIRATION_BEFORE = 'expiration_before';
export const EXPIRATION_AFTER = 'expiration_after';

const fullName = (person: { firstName: string; lastName: string; email: string }) =>
  `${person.firstName} ${person.lastName}`.trim() || person.email;

const isoOrNull = (value: unknown) => (typeof value === 'string' && value ? value : null);

export function presentRenewal(actor: Actor | null, view: RenewalView, subject: RenewalSubject): RenewalDto {
  const { renewal, request, owner } = view;
  const answers = { ...renewal.additionalData };
  const before = isoOrNull(answers[EXPIRATION_BEFORE]);
  const after = isoOrNull(answers[EXPIRATION_AFTER]);
  delete answers[EXPIRATION_BEFORE];
  delete answers[EXPIRATION_AFTER];
  return {
    id: renewal.id,
    request: request.id,
    portal_request_id: request.portalRequestId,
    type: renewal.typeId,
    type_name: REQUEST_TYPES[renewal.typeId as keyof typeof REQUEST_TYPES] ?? '',
    status: renewal.statusId,
    status_name: renewalStatusName(renewal.statusId),
    owner: owner ? { id: owner.id, display_name: fullName(owner) } : null,
    agreed_to_usage_policy: renewal.agreedToUsagePolicy,
    additional_data: answers,
    expiration_before: before,
    expiration_after: after,
    submission_date: renewal.submissionDate?.toISOString() ?? null,
    created: renewal.created.toISOString(),
    modified: renewal.modified.toISOString(),
    permissions: permissionsFor(actor, 'Renewal', subject),
  };
}
