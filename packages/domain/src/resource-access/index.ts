import type { RequestStatusId, RequestTypeId } from '../constants/statuses';
import { REQUEST_MESSAGES } from '../schemas/request-rules';

/**
 * Which resources a researcher may pick in the request wizard (researcher §5 "Resource mixing":
 * the disabled-resource reasons; restricted resources, decision 090; Autism BrainNet resources,
 * decision 091). One rule for the picker; the server refuses the same requests on its own.
 */

/** The cohort of Autism BrainNet (ABN) resources; they are offered only with the abn_epic flag. */
export const ABN_COHORT = 'ABN';

/** The request type through which a researcher applies for ABN data access. */
export const ABN_DATA_REQUEST_TYPE: RequestTypeId = 6;

/**
 * An ABN data request is "under review" from submission until it is decided: Submitted, Under
 * Review, Revisions Requested, Review Meeting, Deferred or Conditionally Approved.
 */
export const ABN_REVIEW_STATUSES: readonly RequestStatusId[] = [2, 3, 6, 8, 9, 10];

export const RESOURCE_DISABLED_REASONS = {
  approved: REQUEST_MESSAGES.alreadyApprovedShort,
  abnUnderReview: '* You have an ABN Data Request that is currently under review',
  abnMustApply: '* Must apply for above Data Access before requesting this resource',
  restricted: `* ${REQUEST_MESSAGES.restrictedResource}`,
} as const;

export interface PickableResource {
  /** The caller already holds an approved request for it. */
  approved: boolean;
  /** A restricted (limited) resource: only its allowed users may request it. */
  restricted: boolean;
  /** Whether the requester is on the restricted resource's allowed users. */
  allowed: boolean;
  /** The resource's cohort names. */
  cohorts: readonly (string | null)[];
  /**
   * The network's Data Access entry (type 6): what the other ABN resources wait for. It is closed
   * once approved, and while a data request of the researcher is under review.
   */
  abnDataAccess?: boolean;
}

export interface Requester {
  /** The researcher's ABN data access was approved (the session user's `abn_approved`). */
  abnApproved: boolean;
  /** The researcher has an ABN data request in one of ABN_REVIEW_STATUSES. */
  abnDataRequestUnderReview: boolean;
}

export const isAbnResource = (resource: Pick<PickableResource, 'cohorts'>): boolean =>
  resource.cohorts.some((cohort) => cohort === ABN_COHORT);

/** Whether an ABN data request in this status counts as under review. */
export const abnRequestUnderReview = (status: number): boolean =>
  (ABN_REVIEW_STATUSES as readonly number[]).includes(status);

/**
 * Why a researcher may not pick a resource, or null when they may: already approved; the ABN Data
 * Access entry once approved or while a data request is under review; another ABN resource before
 * ABN data access is approved (under review while their data request is, else they must apply
 * first); a restricted resource they are not an allowed user of.
 */
export function resourceDisabledReason(resource: PickableResource, requester: Requester): string | null {
  if (resource.approved) return RESOURCE_DISABLED_REASONS.approved;
  if (resource.abnDataAccess) {
    if (requester.abnApproved) return RESOURCE_DISABLED_REASONS.approved;
    return requester.abnDataRequestUnderReview ? RESOURCE_DISABLED_REASONS.abnUnderReview : null;
  }
  if (isAbnResource(resource) && !requester.abnApproved)
    return requester.abnDataRequestUnderReview
      ? RESOURCE_DISABLED_REASONS.abnUnderReview
      : RESOURCE_DISABLED_REASONS.abnMustApply;
  if (resource.restricted && !resource.allowed) return RESOURCE_DISABLED_REASONS.restricted;
  return null;
}

/**
 * The resources a project may be offered: ABN resources only with the abn_epic flag; projects not
 * related to autism only resources without a cohort (so never ABN).
 */
export function offeredResources<T extends Pick<PickableResource, 'cohorts'>>(
  resources: readonly T[],
  { nonAutism, abnEpic }: { nonAutism: boolean; abnEpic: boolean },
): T[] {
  return resources.filter((resource) => {
    if (nonAutism) return resource.cohorts.every((cohort) => !cohort);
    return abnEpic || !isAbnResource(resource);
  });
}
