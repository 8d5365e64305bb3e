import { REQUEST_STATUS_ACTIONS, REQUEST_STATUSES, type RequestStatusId } from '../constants/statuses';
import type { RoleKey } from '../constants/roles';
import type { Actor } from '../permissions/actor';
import { can } from '../permissions/can';

/**
 * The request workflow (staff §4.2, §4.3; foundation §4): which status a request may move to,
 * from which status, in which flow. This file is the one place these rules are written; the
 * server's `applyTransition` enforces them and the decision screen draws its options from them.
 * Choices where the spec is silent are decisions 072–074.
 */

export const WORKFLOW_STATUS = {
  created: 1,
  submitted: 2,
  underReview: 3,
  approved: 4,
  rejected: 5,
  revisionsRequested: 6,
  fulfilled: 7,
  reviewMeeting: 8,
  deferred: 9,
  conditionallyApproved: 10,
  withdrawn: 11,
  approvedPendingTeam: 12,
  archived: 13,
  suspended: 14,
} as const satisfies Record<string, RequestStatusId>;

const S = WORKFLOW_STATUS;

export const FLOW_KEYS = ['plain', 'research_match', 'biospecimen', 'default'] as const;
/**
 * - `plain`: the general administrator on dataset and funding requests.
 * - `research_match`: administrators of Research Match requests (types 4, 5).
 * - `biospecimen`: biospecimen and tissue requests (types 2, 6, 7, 8), also for project managers.
 * - `default`: any other role that may decide.
 */
export type FlowKey = (typeof FLOW_KEYS)[number];

export const FLOW_NAMES: Record<FlowKey, string> = {
  plain: 'General administrator',
  research_match: 'Research Match',
  biospecimen: 'Tissue and biospecimen',
  default: 'Default',
};

type Table = Partial<Record<RequestStatusId, readonly RequestStatusId[]>>;

/**
 * From status -> the statuses a decider may choose, per flow. Approve (4) stands for the
 * pending-team variant too: it lands on Approved (Pending Team) (12) while the team is
 * incomplete (`resolveDecision`). Every flow lets a pending-team request be approved or rejected.
 */
export const DECISION_FLOWS: Record<FlowKey, Table> = {
  plain: {
    [S.submitted]: [S.underReview, S.approved, S.rejected, S.revisionsRequested],
    [S.underReview]: [S.approved, S.rejected, S.revisionsRequested],
    [S.revisionsRequested]: [S.rejected],
    [S.approved]: [S.fulfilled],
    [S.fulfilled]: [S.suspended, S.archived],
    [S.approvedPendingTeam]: [S.approved, S.rejected],
    [S.archived]: [S.fulfilled],
    [S.suspended]: [S.fulfilled],
  },
  research_match: {
    [S.submitted]: [S.underReview, S.withdrawn, S.deferred, S.rejected],
    [S.underReview]: [S.reviewMeeting, S.withdrawn, S.deferred, S.rejected],
    [S.reviewMeeting]: [S.rejected, S.approved, S.conditionallyApproved, S.withdrawn, S.deferred],
    [S.conditionallyApproved]: [S.rejected, S.approved],
    [S.approvedPendingTeam]: [S.approved, S.rejected],
  },
  biospecimen: {
    [S.submitted]: [S.underReview, S.approved, S.rejected, S.revisionsRequested],
    [S.underReview]: [S.approved, S.rejected, S.revisionsRequested, S.reviewMeeting],
    [S.revisionsRequested]: [S.rejected],
    [S.approved]: [S.revisionsRequested, S.fulfilled],
    [S.fulfilled]: [],
    [S.reviewMeeting]: [S.rejected, S.approved, S.conditionallyApproved, S.withdrawn, S.deferred],
    [S.conditionallyApproved]: [S.rejected, S.approved],
    [S.approvedPendingTeam]: [S.approved, S.rejected],
  },
  default: {
    [S.underReview]: [S.approved, S.rejected, S.revisionsRequested],
    [S.approvedPendingTeam]: [S.approved, S.rejected],
  },
};

/**
 * The owner's own moves, open in every flow: submitting a draft, and resubmitting a request
 * returned with revisions requested or deferred (researcher §4, staff §4.3). Staff who file or
 * edit requests for a PI make them too.
 */
export const SUBMISSION_TRANSITIONS: Table = {
  [S.created]: [S.submitted],
  [S.revisionsRequested]: [S.submitted],
  [S.deferred]: [S.submitted],
};

/**
 * Decisions that always send an e-mail (staff §4.2 "Submitting a decision"): approve, reject,
 * defer and conditionally approve in the Research Match flow, and a rejection in any flow
 * ("Rejected: an e-mail is sent"): the one composed, or else the drafted one (decision 096).
 * Every other decision sends one only if it is composed.
 */
export const REQUIRED_EMAIL_DECISIONS: Record<FlowKey, readonly RequestStatusId[]> = {
  plain: [S.rejected],
  research_match: [S.approved, S.approvedPendingTeam, S.rejected, S.deferred, S.conditionallyApproved],
  biospecimen: [S.rejected],
  default: [S.rejected],
};

/** The statuses that are a decision on the application (they set `decision_date`). */
export const DECISION_STATUSES: readonly RequestStatusId[] = [
  S.approved,
  S.rejected,
  S.revisionsRequested,
  S.deferred,
  S.conditionallyApproved,
  S.withdrawn,
  S.approvedPendingTeam,
];

export const RESEARCH_MATCH_TYPES: readonly number[] = [4, 5];
/** Biospecimen (2), brain-tissue data access (6), pilot tissue (7) and tissue (8) requests. */
export const BIOSPECIMEN_FLOW_TYPES: readonly number[] = [2, 6, 7, 8];

/**
 * Which table applies to a request of `type` decided in `role` (decision 072): the general
 * administrator by the request's kind; tissue project managers on tissue and biospecimen
 * requests; Research Match administrators on Research Match requests; otherwise the default table.
 * Whether the role may decide at all is the permission table's `decide` on Request.
 */
export function flowFor(type: number, role: RoleKey | null): FlowKey {
  const researchMatch = RESEARCH_MATCH_TYPES.includes(type);
  const biospecimen = BIOSPECIMEN_FLOW_TYPES.includes(type);
  if (role === 'portal_admin')
    return researchMatch ? 'research_match' : biospecimen ? 'biospecimen' : 'plain';
  if (role === 'abn_proj_mgr' && biospecimen) return 'biospecimen';
  if (role === 'rm_admin' && researchMatch) return 'research_match';
  return 'default';
}

export type EmailRule = 'required' | 'optional';

export interface DecisionOption {
  /** The status the request will have. */
  status: RequestStatusId;
  /** That status's name. */
  name: string;
  /** The verb on the button (foundation §4 action names). */
  action: string;
  email: EmailRule;
}

export function emailRule(flow: FlowKey, to: RequestStatusId): EmailRule {
  return REQUIRED_EMAIL_DECISIONS[flow].includes(to) ? 'required' : 'optional';
}

const statusName = (status: number): string =>
  REQUEST_STATUSES[status as RequestStatusId] ?? `Status ${status}`;

/** The table's targets from `from`, before the team is considered. */
export function tableTargets(flow: FlowKey, from: number): readonly RequestStatusId[] {
  return DECISION_FLOWS[flow][from as RequestStatusId] ?? [];
}

/**
 * What approving leads to: Approved (Pending Team) while a principal or co-investigator member
 * is incomplete, Approved once the team is complete. A pending-team request cannot be approved
 * again until its team is complete (it is promoted on its own then).
 */
function resolveTarget(from: number, to: RequestStatusId, teamComplete: boolean): RequestStatusId | null {
  if (to !== S.approved) return to;
  if (teamComplete) return S.approved;
  return from === S.approvedPendingTeam ? null : S.approvedPendingTeam;
}

/** The decisions open from `from` in `flow`, as the decision screen lists them. */
export function decisionOptions(flow: FlowKey, from: number, teamComplete: boolean): DecisionOption[] {
  const options: DecisionOption[] = [];
  for (const target of tableTargets(flow, from)) {
    const status = resolveTarget(from, target, teamComplete);
    if (status === null) continue;
    options.push({
      status,
      name: statusName(status),
      action: REQUEST_STATUS_ACTIONS[target],
      email: emailRule(flow, status),
    });
  }
  return options;
}

export const WORKFLOW_MESSAGES = {
  notAllowed: (to: number, from: number, allowed: readonly DecisionOption[]) =>
    allowed.length === 0
      ? `${statusName(to)} cannot be chosen: no decision can be made on a request that is ${statusName(from)}.`
      : `${statusName(to)} cannot be chosen for a request that is ${statusName(from)}. Allowed: ${allowed
          .map((option) => option.name)
          .join(', ')}.`,
  ownerNotAllowed: (to: number, from: number) =>
    `A request that is ${statusName(from)} cannot be moved to ${statusName(to)} here.`,
  teamIncomplete:
    'The research team is not complete yet: the request becomes Approved once every principal investigator and co-investigator is complete.',
  recipientsRequired: 'Add at least one recipient.',
  chooseRequest: 'Choose the request this document is for.',
  /** New requests of an owner with a suspended request (researcher home, decision 067). */
  suspendedPrevents: 'Suspended Request prevents this action.',
  attachmentUnknown:
    'This attachment cannot be used: upload it as a decision document of this request first.',
} as const;

export type DecisionResult =
  | { ok: true; status: RequestStatusId; email: EmailRule }
  | { ok: false; message: string; allowed: DecisionOption[] };

/**
 * Checks a decision against the table: `to` must be one of the options from `from` (choosing
 * Approved or Approved (Pending Team) both mean "approve", resolved by the team's state).
 */
export function resolveDecision(input: {
  flow: FlowKey;
  from: number;
  to: number;
  teamComplete: boolean;
}): DecisionResult {
  const { flow, from, teamComplete } = input;
  const allowed = decisionOptions(flow, from, teamComplete);
  const asked = input.to === S.approvedPendingTeam ? S.approved : input.to;
  if (!tableTargets(flow, from).includes(asked as RequestStatusId)) {
    return { ok: false, message: WORKFLOW_MESSAGES.notAllowed(input.to, from, allowed), allowed };
  }
  const resolved = resolveTarget(from, asked as RequestStatusId, teamComplete);
  if (resolved === null) return { ok: false, message: WORKFLOW_MESSAGES.teamIncomplete, allowed };
  return { ok: true, status: resolved, email: emailRule(flow, resolved) };
}

/** Whether the owner's submit / resubmit move from `from` to `to` is in the table. */
export function isSubmission(from: number, to: number): boolean {
  return (SUBMISSION_TRANSITIONS[from as RequestStatusId] ?? []).includes(to as RequestStatusId);
}

/**
 * The decisions open to an actor in their active role on a request of `type` in status `from`:
 * none without `decide` on Request (the permission table), else their flow's options.
 */
export function decisionsFor(
  actor: Actor | null,
  request: { type: number; status: number },
  teamComplete: boolean,
): { flow: FlowKey | null; options: DecisionOption[] } {
  if (!actor || !can(actor, 'decide', 'Request')) return { flow: null, options: [] };
  const flow = flowFor(request.type, actor.role);
  return { flow, options: decisionOptions(flow, request.status, teamComplete) };
}
