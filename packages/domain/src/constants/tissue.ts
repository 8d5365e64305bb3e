import { REQUEST_TYPE } from './statuses';

/**
 * Autism BrainNet (ABN) tissue network constants (staff §3 abn_donor / abn_data, §5, §9;
 * researcher §3, §9): the donor vocabularies the catalogue filters on, the filter bounds, and
 * which donors only staff may select. Value lists the spec does not enumerate are decision 231.
 */

/** Request types of the tissue network (foundation §9). */
export const TISSUE_REQUEST_TYPE = {
  dataAccess: REQUEST_TYPE.tissueDataAccess,
  pilot: REQUEST_TYPE.pilotTissue,
  tissue: REQUEST_TYPE.tissue,
} as const;
/** The two types that carry a collection (an inventory cart) of donors. */
export const CART_REQUEST_TYPES: readonly number[] = [TISSUE_REQUEST_TYPE.pilot, TISSUE_REQUEST_TYPE.tissue];
export const TISSUE_NETWORK_TYPES: readonly number[] = [6, 7, 8];
/**
 * When the reviews of a tissue request moved to Under Review by a decision are due (the Begin
 * Review screen asks for a date instead): this many days on, at noon (decision 311).
 */
export const TISSUE_REVIEW_DEFAULT_DAYS = 28;
/** The network's resources as the request wizard offers them, by request type (decision 235). */
export const TISSUE_RESOURCE_NAMES: Record<6 | 7 | 8, string> = {
  6: 'Autism BrainNet Data Access',
  7: 'Pilot Tissue Request',
  8: 'Tissue Request',
};
/** The form of each: the ABN security form ('Acknowledge') for data access, the tissue form otherwise. */
export const TISSUE_FORM_IDS: Record<6 | 7 | 8, string> = {
  6: 'abn_security',
  7: 'abn_tissue',
  8: 'abn_tissue',
};
/** The file type of the tissue form's documents (atlas file, NIH biosketch). */
export const TISSUE_DOCUMENT = 'tissue_document';

export const DONOR_DIAGNOSES = ['ASD', 'Control', 'Dup15q Syndrome', 'Other NDD'] as const;
export const DONOR_CONFIRMATION_STATUSES = [
  'Confirmed',
  'Confirmed by Records',
  'Diagnosis Under Review',
  'Records Under Review',
  'Not Confirmed',
] as const;
export const DONOR_GENDERS = ['Male', 'Female'] as const;
/** What is held of a hemisphere or the brainstem. */
export const TISSUE_STATES = ['Frozen', 'Fixed', 'Frozen & Fixed', 'Not Available'] as const;
export const TISSUE_QUALITIES = ['Good', 'Fair', 'Poor'] as const;
export const DONOR_PRESERVATIONS = ['Frozen', 'Formalin Fixed', 'Frozen & Formalin Fixed'] as const;
export const RESPIRATOR_ANSWERS = ['Yes', 'No', 'Unknown'] as const;
/** The donor flag of staff §3 ("flag (Atypical)"). */
export const DONOR_FLAGS = ['Atypical'] as const;
/** Questionnaires held per donor; `abn_survey/?survey_type=` downloads one (staff §7). */
export const DONOR_SURVEY_TYPES = ['ADI-R', 'SRS-2', 'SCQ', 'Vineland-3'] as const;
export type DonorSurveyType = (typeof DONOR_SURVEY_TYPES)[number];
/** Kinds of donor documents (doc_type; doc_type_v is its display name). */
export const DONOR_DOCUMENT_TYPES = {
  neuropath: 'Neuropathology Report',
  clinical: 'Clinical Records Summary',
  consent: 'Donation Consent',
} as const;

/** Tissue filter bounds (staff §5, §9; researcher §9 age 0 to 130). */
export const TISSUE_FILTER_BOUNDS = {
  age: { min: 0, max: 130 },
  pmi: { min: 0, max: 200 },
  rin: { min: 0, max: 130 },
} as const;
export type TissueRangeFilter = keyof typeof TISSUE_FILTER_BOUNDS;

/** The tissue data fetch limit (researcher §9 "tissue data 2000", staff §9 "ABN data limit 2000"). */
export const TISSUE_DATA_LIMIT = 2000;

/**
 * Donors whose confirmation status contains Under Review or Not Confirmed cannot be selected by
 * non-admins (staff §5); the tissue project managers and access administrators may (staff §6).
 */
export const RESTRICTED_CONFIRMATION_MARKERS = ['Under Review', 'Not Confirmed'] as const;
export function isRestrictedDonor(confirmationStatus: string | null | undefined): boolean {
  const status = (confirmationStatus ?? '').toLowerCase();
  return RESTRICTED_CONFIRMATION_MARKERS.some((marker) => status.includes(marker.toLowerCase()));
}

/** Request statuses that give a researcher ABN data access (`abn_approved`): Approved, Fulfilled. */
export const ABN_ACCESS_STATUSES: readonly number[] = [4, 7];

/**
 * The status filter of the ABN dashboard's data and pilot tabs (staff §2.7): New Requests are
 * Submitted ones.
 */
export const ABN_STATUS_FILTER: readonly { status: number; label: string }[] = [
  { status: 2, label: 'New Requests' },
  { status: 3, label: 'Under Review' },
  { status: 6, label: 'Revisions Requested' },
  { status: 12, label: 'Approved (Pending Team)' },
  { status: 4, label: 'Approved' },
  { status: 7, label: 'Fulfilled' },
];

export type AbnDashboardTabKey = 'data' | 'pilot' | 'new' | 'review' | 'decision' | 'team' | 'fulfil';
export interface AbnDashboardTab {
  key: AbnDashboardTabKey;
  label: string;
  types: readonly number[];
  statuses: readonly number[];
  /** The data and pilot tabs have the status filter. */
  filtered: boolean;
}
const FILTER_STATUSES = ABN_STATUS_FILTER.map((entry) => entry.status);
/**
 * The ABN dashboard's tabs (staff §2.7, decision 237): data access and pilot applications by
 * status filter; tissue requests by their place in the review cycle — New (Submitted), Under
 * Review, Make Decision (Review Meeting: review closed), Pending Team, Awaiting Fulfillment
 * (Approved).
 */
export const ABN_DASHBOARD_TABS: readonly AbnDashboardTab[] = [
  {
    key: 'data',
    label: 'Autism BrainNet Data Requests',
    types: [6],
    statuses: FILTER_STATUSES,
    filtered: true,
  },
  { key: 'pilot', label: 'Pilot Applications', types: [7], statuses: FILTER_STATUSES, filtered: true },
  { key: 'new', label: 'New', types: [8], statuses: [2], filtered: false },
  { key: 'review', label: 'Under Review', types: [8], statuses: [3], filtered: false },
  { key: 'decision', label: 'Make Decision', types: [8], statuses: [8], filtered: false },
  { key: 'team', label: 'Pending Team', types: [8], statuses: [12], filtered: false },
  { key: 'fulfil', label: 'Awaiting Fulfillment', types: [8], statuses: [4], filtered: false },
];

/**
 * The tissue review criteria (staff §3 review; researcher §3 "Tissue review"), each scored 0 to 50
 * in steps of 5 with a comment; then the comment-only fields.
 */
export const TISSUE_REVIEW_CRITERIA = [
  'importance',
  'autism_understanding',
  'novel',
  'design',
  'alternatives',
  'preliminary_data',
  'expertise',
] as const;
export type TissueReviewCriterion = (typeof TISSUE_REVIEW_CRITERIA)[number];
export const TISSUE_REVIEW_COMMENTS = ['funding', 'missing_info', 'recommendation'] as const;
export type TissueReviewComment = (typeof TISSUE_REVIEW_COMMENTS)[number];
export const TISSUE_SCORE = { min: 0, max: 50, step: 5 } as const;
/** The score guide (staff §2.6, §9): 50 outstanding … 0 no interest. */
export const TISSUE_SCORE_GUIDE: readonly { score: number; meaning: string }[] = [
  { score: 50, meaning: 'Outstanding' },
  { score: 40, meaning: 'Strong' },
  { score: 30, meaning: 'Average' },
  { score: 20, meaning: 'Weaker than most projects funded' },
  { score: 10, meaning: 'Few virtues' },
  { score: 0, meaning: 'No interest' },
];

/** A typed score snapped to the step and clamped to 0–50 (staff §5, after a 1 s pause). */
export function snapTissueScore(value: number): number {
  if (!Number.isFinite(value)) return TISSUE_SCORE.min;
  const snapped = Math.round(value / TISSUE_SCORE.step) * TISSUE_SCORE.step;
  return Math.min(TISSUE_SCORE.max, Math.max(TISSUE_SCORE.min, snapped));
}
