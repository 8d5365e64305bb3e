import { REQUEST_STATUSES, WORKFLOW_STATUS, type RequestDto as RequestView } from '@rrp/domain';

const DAY_MS = 86_400_000;

export const SUSPENDED_STATUS = WORKFLOW_STATUS.suspended;
export const SUSPENDED_PREVENTS = 'Suspended Request prevents this action.';
export const SUSPENDED_ACTION_NEEDED = 'Suspended. Action Nedeed';

/** Statuses that ask someone to act; the list highlights them (decision 066). */
export const FLAGGED_STATUSES: readonly number[] = [
  WORKFLOW_STATUS.revisionsRequested,
  WORKFLOW_STATUS.deferred,
  WORKFLOW_STATUS.approvedPendingTeam,
  WORKFLOW_STATUS.suspended,
];

/** Access Details are shown only for approved or fulfilled requests (researcher §2). */
export const ACCESS_DETAIL_STATUSES: readonly number[] = [4, 7];

export const ACCESS_MESSAGES = {
  institution: 'Institution must be approved to view Access Details.',
  rda: 'RDA must be fulfilled to view Access Details.',
  none: 'There are no datasets with accessible details or access details has been restricted.',
} as const;

export function statusName(request: Pick<RequestView, 'status' | 'status_name'>): string {
  return (
    request.status_name ||
    (REQUEST_STATUSES[request.status as keyof typeof REQUEST_STATUSES] ?? String(request.status))
  );
}

/**
 * The research-match list's status: the application's, with "(Renewal <status>)" when it has a
 * renewal (researcher §2 "Lists").
 */
export function listStatusName(
  request: Pick<RequestView, 'status' | 'status_name' | 'type' | 'latest_renewal'>,
) {
  const renewal = [4, 5].includes(request.type) ? request.latest_renewal : null;
  return renewal ? `${statusName(request)} (Renewal ${renewal.status_name})` : statusName(request);
}

export const refId = (value: unknown): number | null =>
  typeof value === 'number'
    ? value
    : value && typeof value === 'object' && 'id' in value
      ? Number(value.id)
      : null;

export function personName(value: unknown): string {
  if (!value || typeof value !== 'object') return '';
  const person = value as { display_name?: string; full_name?: string; email?: string };
  return person.display_name || person.full_name || person.email || '';
}

export const institutionName = (request: Pick<RequestView, 'institution'>) => request.institution?.name ?? '';

/** Who filed the request: its creator, else its owner. */
export const creatorName = (request: Pick<RequestView, 'creator' | 'owner'>) =>
  personName(request.creator) || personName(request.owner);

/** What the request asks for, as the list column "Requested Resource" shows it. */
export function requestResourceName(
  request: Pick<RequestView, 'display_name' | 'datasets' | 'sample_type' | 'type_name'>,
): string {
  return (
    request.display_name ||
    request.datasets
      .map((dataset) => (typeof dataset === 'object' ? dataset.name : ''))
      .filter(Boolean)
      .join(', ') ||
    request.sample_type?.name ||
    `${request.type_name} request`
  );
}

export function cohortNames(request: Pick<RequestView, 'cohorts' | 'datasets'>): string {
  const names = new Set<string>(request.cohorts.map((cohort) => cohort.name));
  if (names.size === 0)
    for (const dataset of request.datasets)
      if (typeof dataset === 'object' && dataset.cohort) names.add(dataset.cohort.name);
  return [...names].join(', ');
}

/** 'EXPIRED' once the expiration date has passed, else 'Expires in {n} days' (staff §4.4). */
export function expiryText(expirationDate: string | null | undefined, now = Date.now()): string | null {
  if (!expirationDate) return null;
  const remaining = new Date(expirationDate).getTime() - now;
  if (Number.isNaN(remaining)) return null;
  if (remaining <= 0) return 'EXPIRED';
  const days = Math.ceil(remaining / DAY_MS);
  return `Expires in ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** Statuses after which a missing IRB no longer matters. */
const CLOSED_STATUSES: readonly number[] = [5, 11, 13];

/**
 * 'IRB Required' when a team member lacks a latest IRB (staff §4.4). Team members work under their
 * project's latest IRB, so this is a request (not closed) whose project has none (decision 067).
 */
export function irbRequired(request: Pick<RequestView, 'status' | 'project'>): boolean {
  if (CLOSED_STATUSES.includes(request.status)) return false;
  return typeof request.project === 'object' && request.project.latest_irb === null;
}

/** The notices the researcher home shows beside a request. */
export function homeNotices(request: RequestView, userId: number, now = Date.now()): string[] {
  const notices: string[] = [];
  if (request.status === SUSPENDED_STATUS && refId(request.owner) === userId)
    notices.push(SUSPENDED_ACTION_NEEDED);
  if (irbRequired(request)) notices.push('IRB Required');
  const expiry = expiryText(request.expiration_date, now);
  if (expiry) notices.push(expiry);
  return notices;
}

/** Every message of a 400 body (nested ones too), for an error modal. */
export function collectMessages(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap((item) => collectMessages(item));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) =>
      key === 'correlation_id' || key === 'code' ? [] : collectMessages(item),
    );
  return [];
}
