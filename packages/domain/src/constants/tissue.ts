/**
 * Autism BrainNet (ABN) tissue network constants (staff §3 abn_donor / abn_data, §5, §9;
 * researcher §3, §9): the donor vocabularies the catalogue filters on, the filter bounds, and
 * which donors only staff may select. Value lists the spec does not enumerate are decision 231.
 */

/** Request types of the tissue network (foundation §9). */
export const TISSUE_REQUEST_TYPE = { dataAccess: 6, pilot: 7, tissue: 8 } as const;
/** The two types that carry a collection (an inventory cart) of donors. */
export const CART_REQUEST_TYPES: readonly number[] = [TISSUE_REQUEST_TYPE.pilot, TISSUE_REQUEST_TYPE.tissue];
export const TISSUE_NETWORK_TYPES: readonly number[] = [6, 7, 8];
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
