import { REQUEST_TYPE, type RequestStatusId } from '../constants/statuses';
import { WORKFLOW_STATUS } from './transitions';

/**
 * Renewals of requests (researcher §2 "Renewals", §3 Renewal, §7 renewal calls, §8; staff §3
 * renewal, §4.4, §5 "Renewal form", §7 GET/POST/PATCH renewal, §8 expiry notices, §9). The
 * messages the spec words are verbatim; the others are decisions 085–088.
 */
export const RENEWAL_MESSAGES = {
  sunsetExpired: (date: string) => `Your sunset date expired on ${date}`,
  irbExpired: (date: string) => `Your IRB document expired on ${date}`,
  requestNotFound: 'Request not found.',
  notOwner: 'Only the owner of a request may renew it.',
  notRenewable: 'Only approved or fulfilled requests can be renewed.',
  noExpiration: 'This request has no expiration date yet; it can be renewed once it is fulfilled.',
  notYet: (date: string) =>
    `This request can be renewed from six months before it expires (it expires on ${date}).`,
  openRenewal: 'This request already has a renewal awaiting review.',
  researchMatch: 'Research Match renewals are filed through the Research Match renewal form.',
  wrongType: 'The renewal type does not match the request.',
  usagePolicy: 'Please agree to the terms to continue.',
  choiceFixed: 'The renewal choice cannot be changed once submitted.',
  notEditable: 'This renewal can only be edited while it is submitted or revisions are requested.',
  statusChoice: 'Select a valid choice.',
  staffStatus: 'Only staff can change the status of a renewal.',
  ownerAnswers: 'Only the owner of a request can change the answers of its renewal.',
  formErrors: 'Please fix the errors on the form.',
  ownFile: 'Choose a file you uploaded.',
  otherApplication: 'The Research Match application named here is not the request being renewed.',
} as const;

/** Renewal extension: 3 years (staff §9: 365*3 days). */
export const RENEWAL_EXTENSION_DAYS = 365 * 3;
/** The Project Updates Dashboard covers expirations in the next 6 months (staff §4.4, §9). */
export const EXPIRY_WINDOW_MONTHS = 6;
/** IRB near-expiry warning on the dashboard: 60 days (staff §4.4, §9). */
export const IRB_WARNING_DAYS = 60;

const DAY_MS = 86_400_000;

/** Requests that may be renewed: Approved and Fulfilled (decision 085). */
export const RENEWABLE_STATUSES: readonly RequestStatusId[] = [4, 7];
/** Research Match requests and their renewals (the cohort-recontact kind). */
export const RECONTACT_TYPES: readonly number[] = [4, 5];
/**
 * A Research Match renewal sends the application back to Submitted (researcher §4, staff §4.3)
 * from these statuses: the approved or fulfilled application being renewed.
 */
export const RECONTACT_RENEWAL_FROM: readonly RequestStatusId[] = [
  WORKFLOW_STATUS.approved,
  WORKFLOW_STATUS.fulfilled,
];
/** The request type of a Research Match renewal. */
export const RESEARCH_MATCH_RENEWAL_TYPE = REQUEST_TYPE.researchMatchRenewal;

/** Whether a renewal may move a request from `from` to `to` (Research Match: back to Submitted). */
export function isRenewalSubmission(from: number, to: number): boolean {
  return to === 2 && RECONTACT_RENEWAL_FROM.includes(from as RequestStatusId);
}

/** The statuses staff may give a renewal (decision 085). */
export const RENEWAL_STATUS_CHOICES: readonly RequestStatusId[] = [2, 3, 4, 5, 6];
/** A renewal in these statuses is open: another one cannot be filed for the same request. */
export const OPEN_RENEWAL_STATUSES: readonly RequestStatusId[] = [2, 3, 6];
/** The owner may edit a renewal's answers in these statuses (an edit of 6 returns it to 2). */
export const EDITABLE_RENEWAL_STATUSES: readonly RequestStatusId[] = [2, 6];

/** `date` plus `months` calendar months (UTC). */
export function addMonthsUtc(date: Date, months: number): Date {
  const next = new Date(date.getTime());
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

/** The expiration date a Yes on a renewal gives: today plus 365*3 days (staff §4.4, §9). */
export function renewedExpiration(now: Date = new Date()): Date {
  return new Date(now.getTime() + RENEWAL_EXTENSION_DAYS * DAY_MS);
}

export type RequestExpiryState = 'none' | 'expired' | 'expiring' | 'valid';

/**
 * A request's expiry state: none without an expiration date, expired once it has passed,
 * expiring within the dashboard's 6 months, otherwise valid.
 */
export function requestExpiryState(
  expirationDate: string | Date | null | undefined,
  now: Date = new Date(),
): RequestExpiryState {
  if (!expirationDate) return 'none';
  const at = new Date(expirationDate).getTime();
  if (Number.isNaN(at)) return 'none';
  if (at <= now.getTime()) return 'expired';
  if (at <= addMonthsUtc(now, EXPIRY_WINDOW_MONTHS).getTime()) return 'expiring';
  return 'valid';
}

/** Whether a request's renewal window is open: it expires within 6 months, or has expired. */
export function renewalWindowOpen(expirationDate: string | Date | null | undefined, now = new Date()) {
  const state = requestExpiryState(expirationDate, now);
  return state === 'expired' || state === 'expiring';
}

/** The IRB renewal dates the dashboard lists: passed, or within 60 days (staff §9). */
export function irbNeedsUpdate(renewalDate: string | null | undefined, now: Date = new Date()): boolean {
  if (!renewalDate) return false;
  const at = Date.parse(`${renewalDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(at)) return false;
  return at - now.getTime() <= IRB_WARNING_DAYS * DAY_MS;
}
