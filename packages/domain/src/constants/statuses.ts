/** Reference tables seeded into the database; ids are the spec's and never change. */

export const REQUEST_STATUSES = {
  1: 'Created',
  2: 'Submitted',
  3: 'Under Review',
  4: 'Approved',
  5: 'Rejected',
  6: 'Revisions Requested',
  7: 'Fulfilled',
  8: 'Review Meeting',
  9: 'Deferred',
  10: 'Conditionally Approved',
  11: 'Withdrawn',
  12: 'Approved (Pending Team)',
  13: 'Archived',
  14: 'Suspended',
} as const;
export type RequestStatusId = keyof typeof REQUEST_STATUSES;

/** The verb used for the transition into each status (foundation §4 "Action names match"). */
export const REQUEST_STATUS_ACTIONS: Record<RequestStatusId, string> = {
  1: 'Create',
  2: 'Submit',
  3: 'Under Review',
  4: 'Approve',
  5: 'Reject',
  6: 'Request Revisions',
  7: 'Fulfill',
  8: 'Review Meeting',
  9: 'Defer',
  10: 'Conditionally Approve',
  11: 'Withdraw',
  12: 'Approved (Pending Team)',
  13: 'Archive',
  14: 'Suspend',
};

export const REQUEST_TYPES = {
  1: 'Dataset',
  2: 'Biospecimen',
  3: 'Funding',
  4: 'Research Match',
  5: 'Research Match Renewal',
  6: 'Data Access to a brain-tissue network',
  7: 'Pilot Tissue Request',
  8: 'Tissue Request',
} as const;
export type RequestTypeId = keyof typeof REQUEST_TYPES;
/** The request types by name, for code that branches on a request's type (ids as seeded, foundation §9). */
export const REQUEST_TYPE = {
  dataset: 1,
  biospecimen: 2,
  funding: 3,
  researchMatch: 4,
  researchMatchRenewal: 5,
  tissueDataAccess: 6,
  pilotTissue: 7,
  tissue: 8,
} as const satisfies Record<string, RequestTypeId>;

export const INSTITUTION_STATUSES = {
  1: 'Pending SBSO',
  2: 'Institution Under Review',
  3: 'Institution Approved',
  4: 'Institution Rejected',
  5: 'Institution Follow Up',
  6: 'Primary Researcher Adding New SBSO',
} as const;
export type InstitutionStatusId = keyof typeof INSTITUTION_STATUSES;
/** The institution statuses by name, for code that moves or tests an institution's status. */
export const INSTITUTION_STATUS = {
  pendingSbso: 1,
  underReview: 2,
  approved: 3,
  rejected: 4,
  followUp: 5,
  addingNewSbso: 6,
} as const satisfies Record<string, InstitutionStatusId>;
export const INSTITUTION_APPROVED = INSTITUTION_STATUS.approved;

export const RDA_STATUSES = {
  1: 'Signature Needed',
  2: 'Awaiting Execution',
  3: 'Fully Executed',
  4: 'No RDA at this time',
} as const;
export type RdaStatusId = keyof typeof RDA_STATUSES;
/** The RDA statuses by name (an RDA file's `additional_data.status`). */
export const RDA_STATUS = {
  signatureNeeded: 1,
  awaitingExecution: 2,
  fullyExecuted: 3,
  none: 4,
} as const satisfies Record<string, RdaStatusId>;
export const RDA_FULLY_EXECUTED = RDA_STATUS.fullyExecuted;

export const IRB_STATES = ['None', 'Approved', 'Exempt'] as const;
export const REVIEWER_TYPES = { 1: 'Primary Reviewer', 2: 'Secondary Reviewer', 3: 'Other' } as const;
export const TASK_STATES = ['Submitted', 'Pending', 'Overdue', 'Upcoming'] as const;

/** Turns a `{ id: name }` table into seedable rows. */
export function toRows<T extends Record<number, string>>(table: T): { id: number; name: string }[] {
  return Object.entries(table).map(([id, name]) => ({ id: Number(id), name }));
}
