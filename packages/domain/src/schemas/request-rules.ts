import type { RequestStatusId, RequestTypeId } from '../constants/statuses';
import { normalizeSampleIds } from '../forms/validate';
import { MESSAGES } from './messages';

/**
 * Resource requests (researcher §2 "Request wizard", §3 Request, §5, §7 request / validateSamples,
 * §8; staff §3 request, §7). Messages are the spec's, verbatim, where it words them; the others
 * are decision 055.
 */
export const REQUEST_MESSAGES = {
  requiredField: MESSAGES.requiredField,
  shareWithSimons: (product: string) => `This is required by ${product} to continue`,
  saveFailedIds: '* Save Failed.  Please fix the ids below and try again',
  fixIds: '* Please fix the ids below!',
  deleted: 'Request Deleted Successfully',
  deletionFailed: 'Request Deletion Failed',
  cannotDeleteDecided: 'An approved or rejected request cannot be deleted.',
  notEditable:
    'This request can only be edited while it is a draft, revisions are requested or it is deferred.',
  alreadyApproved: (names: string[]) =>
    `You are already approved for this resource: ${names.join(', ')}. An approved resource cannot be requested again.`,
  alreadyApprovedShort: '* You are already approved for this resource',
  irbExpired:
    "The IRB on this project has expired. Please update the project's IRB before requesting resources.",
  chooseDataset: 'Please choose at least one dataset.',
  chooseSampleType: 'Please choose a sample type.',
  unknownDataset: 'One or more datasets were not found or are not available.',
  unknownSampleType: 'Sample type not found.',
  restrictedResource: 'This resource is restricted; you are not on its list of allowed users.',
  nonAutismCohort: 'Projects not related to autism can only request resources without a cohort.',
  unsupportedType: 'This request type cannot be filed through this form.',
  samplesRequired: '* Required field',
  invalidSampleIds: (ids: string[]) => `${REQUEST_MESSAGES.saveFailedIds}: ${ids.join(', ')}`,
  amount: 'Requested amounts must be numbers greater than 0.',
  usageAnswers: 'Please answer all three questions True and agree to the terms to continue.',
  termsRequired: 'Please agree to the terms to continue.',
  nihAgreement: 'Please agree to the NIH Genomic Data Sharing Policy.',
  dataSafeguard: 'Please agree to the data safeguards.',
  gpfChoice: 'Please choose whether your team needs GPF access.',
  teamMember: 'Each team member must be a member of the project’s research team.',
  teamDuplicate: 'A team member may be listed only once.',
  chooseProject: 'Please choose a project.',
  notYourProject: 'You can only request resources for your own projects.',
  statusNotAllowed: 'A request can only be created (1) or submitted (2) here.',
  alreadySubmitted: 'This request has already been submitted.',
  sampleInfoTwice: (key: string) =>
    `${key} is given twice, in sample_info and in additional_data, with different values: send it once.`,
  cohortsOfResources: (names: string[]) =>
    `The cohorts of this request are those of its resources: ${names.join(', ') || 'none'}.`,
} as const;

/** Mixing messages (researcher §5 "Resource mixing"); the wizard shows them in its confirmation. */
export const RESOURCE_MIX_MESSAGES = {
  dataset: 'A dataset cannot be combined with a sample type or Research Match.',
  oneBiospecimen: 'Only one biospecimen can be requested per request.',
  researchMatch: 'Research Match cannot be combined with other resource types.',
  tissue: 'Tissue-network requests cannot be combined with other resource types.',
  abn: 'Autism BrainNet resources cannot be combined with other resources.',
} as const;

/** The request statuses a researcher may edit in; an edit resets them to Submitted (researcher §4). */
export const RETURN_TO_APPLICANT_STATUSES: readonly RequestStatusId[] = [6, 9];
/** What the owner may open in the wizard: a draft (to continue and submit) or a returned request. */
export const OWNER_EDITABLE_STATUSES: readonly RequestStatusId[] = [1, ...RETURN_TO_APPLICANT_STATUSES];
/**
 * Requests in these statuses cannot be deleted: approved or rejected (researcher §8), and the
 * statuses an approval leads to — pending team, fulfilled, suspended, archived (decision 093).
 */
export const UNDELETABLE_STATUSES: readonly RequestStatusId[] = [4, 5, 7, 12, 13, 14];
/** Statuses that mean "approved for the resource" (it cannot be requested again). */
export const APPROVED_STATUSES: readonly RequestStatusId[] = [4, 7, 12];
export const REQUEST_CREATED = 1;
export const REQUEST_SUBMITTED = 2;

/** The request types filed by the dataset/biospecimen wizard today. */
export const WIZARD_REQUEST_TYPES: readonly RequestTypeId[] = [1, 2];
export const RECONTACTING_TYPES: readonly RequestTypeId[] = [4, 5];

/** Biospecimen sample forms (researcher §3 "Biospecimen request forms"); the sample type's `type`. */
export const SAMPLE_FORM_IDS = ['ipsc', 'plasma', 'fibroblast', 'lcl', 'dna', 'lcl_dna'] as const;
export type SampleFormId = (typeof SAMPLE_FORM_IDS)[number];

/** Sample availability values (researcher §3 "Sample availability result"). */
export const SAMPLE_AVAILABILITY = [
  'Invalid Id',
  'Unavailable',
  'Available',
  'Limited',
  'IPSC NOT CONSENTED',
  'CPLs Available',
] as const;
export type SampleAvailability = (typeof SAMPLE_AVAILABILITY)[number];
/** Sample-table states (decision 057). */
export const SAMPLE_STATUSES = ['available', 'limited', 'unavailable', 'cpls'] as const;
export type SampleStatus = (typeof SAMPLE_STATUSES)[number];

/** The three usage questions (researcher §5 "Usage step"), each to be answered True. */
export const USAGE_QUESTIONS = [
  'I will use the requested resources only for the research described in the project.',
  'I will not attempt to identify or contact any participant.',
  'I will acknowledge the portal and the cohorts in publications that use these resources.',
] as const;

// ---------------------------------------------------------------------------------------------
// Pure rules

/** A resource as the picker or the server sees it, for the mixing rules. */
export type ResourceKind = 'dataset' | 'sample_type' | 'research_match' | 'tissue' | 'abn';
export interface SelectedResource {
  kind: ResourceKind;
  id?: number | string;
}

/**
 * Whether a selection of resources may form one request (researcher §5 "Resource mixing"): null
 * when it may, else the message. Tissue-network, dataset and Research Match selections take no
 * other resource type; one biospecimen per request; ABN resources are not mixed with others.
 */
export function resourceMixError(selection: readonly SelectedResource[]): string | null {
  const kinds = new Set(selection.map((item) => item.kind));
  const count = (kind: ResourceKind) => selection.filter((item) => item.kind === kind).length;
  if (kinds.has('abn') && kinds.size > 1) return RESOURCE_MIX_MESSAGES.abn;
  if (kinds.has('tissue') && kinds.size > 1) return RESOURCE_MIX_MESSAGES.tissue;
  if (kinds.has('dataset') && kinds.size > 1) return RESOURCE_MIX_MESSAGES.dataset;
  if (kinds.has('research_match') && kinds.size > 1) return RESOURCE_MIX_MESSAGES.researchMatch;
  if (count('sample_type') > 1) return RESOURCE_MIX_MESSAGES.oneBiospecimen;
  // One network resource per request: data access, a pilot or a tissue request.
  if (count('abn') + count('tissue') > 1) return RESOURCE_MIX_MESSAGES.abn;
  if (count('research_match') > 1) return RESOURCE_MIX_MESSAGES.researchMatch;
  return null;
}

/** The request type a (valid) selection files as. */
export function requestTypeForSelection(selection: readonly SelectedResource[]): RequestTypeId | null {
  const first = selection[0];
  if (!first) return null;
  switch (first.kind) {
    case 'dataset':
      return 1;
    case 'sample_type':
      return 2;
    case 'research_match':
      return 4;
    case 'abn':
      return 6;
    case 'tissue':
      return 8;
  }
}

/** Sample ids as the wizard and the server take them (researcher §5 "Sample IDs"). */
export const normalizeRequestSampleIds = normalizeSampleIds;

/** What the inventory holds about one sample id (decision 057). */
export interface SampleRecord {
  sampleTypeId: number;
  amountAvailable: number;
  ipscConsented: boolean;
  status: SampleStatus | string;
}

/**
 * A sample id's availability for a request of `sampleType` (researcher §3, §5; decision 057):
 * unknown ids or ids of another sample type are Invalid Id; none left is Unavailable; a sample
 * to be reprogrammed (iPSC requests, or generate_ipscs) needs iPSC consent; cell lines only
 * nominable for reprogramming are CPLs Available; limited stock is Limited.
 */
export function sampleAvailability(
  sample: SampleRecord | null | undefined,
  request: { sampleTypeId: number; sampleTypeCode: string; generateIpscs?: boolean | null },
): SampleAvailability {
  if (!sample || sample.sampleTypeId !== request.sampleTypeId) return 'Invalid Id';
  if (sample.status === 'unavailable' || sample.amountAvailable <= 0) return 'Unavailable';
  if ((request.sampleTypeCode === 'ipsc' || request.generateIpscs) && !sample.ipscConsented) {
    return 'IPSC NOT CONSENTED';
  }
  if (sample.status === 'cpls') return 'CPLs Available';
  if (sample.status === 'limited') return 'Limited';
  return 'Available';
}

/** Whether an availability lets the request be saved: CPLs only when iPSCs are to be generated. */
export function availabilityPasses(
  availability: SampleAvailability,
  generateIpscs?: boolean | null,
): boolean {
  if (availability === 'CPLs Available') return Boolean(generateIpscs);
  return availability === 'Available' || availability === 'Limited';
}

/** A form's yes/no answer (or a boolean) as a boolean. */
export function yes(value: unknown): boolean {
  return value === true || value === 'yes' || value === 'true';
}

/**
 * The usage step (researcher §5): the terms box ticked (`agreed_to_usage_policy`, the applicant's
 * agreement the spec's payload carries); answers, when sent, all three True. Recontacting needs
 * only the terms box. The wizard always sends the answers; other clients may send only the
 * agreement (decision 095).
 */
export interface UsageAnswers {
  /** The three answers as sent, or null / undefined when only the agreement is sent. */
  answers?: readonly (boolean | null | undefined)[] | null;
  agreed_to_usage_policy?: boolean | null;
}
export function usageStepComplete(usage: UsageAnswers, recontacting: boolean): boolean {
  if (usage.agreed_to_usage_policy !== true) return false;
  if (recontacting || usage.answers == null) return true;
  const { answers } = usage;
  return answers.length === USAGE_QUESTIONS.length && answers.every((answer) => answer === true);
}

/**
 * Biospecimen details the spec groups under `sample_info` (researcher §3: LCL
 * `sample_info.shipment_type`; DNA `sample_info.dna_amount`, `dna_concentration`, also
 * `num_cells`, `volume`). The forms keep them as top-level answers of `additional_data`; a
 * payload may send them either way (decision 095).
 */
export const SAMPLE_INFO_FIELDS = [
  'shipment_type',
  'dna_amount',
  'dna_concentration',
  'num_cells',
  'volume',
] as const;
export type SampleInfoField = (typeof SAMPLE_INFO_FIELDS)[number];

/**
 * `additional_data` with `sample_info.*` moved to the top-level answers the forms read. Answers
 * null or absent in `sample_info` are not given; a key given in both places with different values
 * is listed in `conflicts` (the payload is ambiguous).
 */
export function liftSampleInfo(additionalData: Readonly<Record<string, unknown>>): {
  data: Record<string, unknown>;
  conflicts: SampleInfoField[];
} {
  const { sample_info: nested, ...rest } = additionalData;
  const data: Record<string, unknown> = { ...rest };
  const conflicts: SampleInfoField[] = [];
  if (!nested || typeof nested !== 'object') return { data, conflicts };
  for (const key of SAMPLE_INFO_FIELDS) {
    const value = (nested as Partial<Record<SampleInfoField, unknown>>)[key];
    if (value === undefined || value === null) continue;
    const flat = data[key];
    if (flat === undefined || flat === null) data[key] = value;
    else if (String(flat) !== String(value)) conflicts.push(key);
  }
  return { data, conflicts };
}

export function isRecontacting(type: number): boolean {
  return (RECONTACTING_TYPES as readonly number[]).includes(type);
}
