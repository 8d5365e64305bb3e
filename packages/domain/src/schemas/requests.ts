import { z } from 'zod';
import { MAX_ID } from './safe-input';
import { tissueOrderSchema } from './tissue-orders';
import { REQUEST_STATUSES, REQUEST_TYPES } from '../constants/statuses';
import { normalizeSampleIds } from '../forms/validate';
import { SAMPLE_BATCH_SIZE } from '../workflows/sample-batches';
import { decisionOptionSchema } from './decisions';
import { irbRecordSchema } from './projects';
import { createRequestCommentSchema, reviewUserSchema, zendeskTicketIdsInputSchema } from './request-staff';
import { liftSampleInfo, REQUEST_MESSAGES, SAMPLE_AVAILABILITY, USAGE_QUESTIONS } from './request-rules';

/**
 * Resource requests as the API answers and takes them (researcher §3 Request, §7 request /
 * validateSamples, §8; staff §3 request, §7); the messages and pure rules are in `request-rules`.
 */

// ---------------------------------------------------------------------------------------------
// DTOs

const personRef = z.object({ id: z.number(), display_name: z.string() });

export const requestProjectSchema = z.object({
  id: z.number(),
  title: z.string(),
  abstract: z.string(),
  portal_project_id: z.string(),
  non_autism_research: z.boolean(),
  latest_irb: irbRecordSchema.nullable(),
});

export const requestDatasetRefSchema = z.object({
  id: z.number(),
  dataset_id: z.string(),
  name: z.string(),
  version: z.number(),
  type: z.number(),
  cohort: z.object({ id: z.number(), name: z.string() }).nullable(),
  accession_id: z.string().nullable(),
  access_types: z.array(z.string()),
});
export type RequestDatasetRef = z.infer<typeof requestDatasetRefSchema>;

export const accessControlEntrySchema = z.object({
  user_id: z.number(),
  display_name: z.string().optional(),
  email: z.string().optional(),
  removal_date: z.string().nullable(),
  verified: z.boolean(),
});
export type AccessControlEntry = z.infer<typeof accessControlEntrySchema>;

/** A request as the API answers (`expand=project,datasets` expands the project and datasets). */
export const requestSchema = z.object({
  id: z.number(),
  portal_request_id: z.string(),
  display_name: z.string(),
  type: z.number(),
  type_name: z.string(),
  status: z.number(),
  status_name: z.string(),
  project: z.union([z.number(), requestProjectSchema]),
  owner: personRef,
  creator: personRef.nullable(),
  institution: z.object({ id: z.number(), name: z.string() }).nullable(),
  cohorts: z.array(z.object({ id: z.number(), name: z.string() })),
  submission_date: z.string().nullable(),
  decision_date: z.string().nullable(),
  expiration_date: z.string().nullable(),
  /** When access was withdrawn (Suspended); cleared when the request returns to Fulfilled. */
  revocation_date: z.string().nullable(),
  /** A rejection locks the reviewer list (staff §4.2). */
  reviewers_locked: z.boolean(),
  /** Assigned reviewers (staff §3), for staff who may see them. */
  review_users: z.array(reviewUserSchema).optional(),
  /**
   * `expand=summary` on Research Match applications: the staff summary's list fields (the
   * research-match list's expandable rows and CSV), for callers who may read the summary.
   */
  summary: z
    .object({
      scientific_title: z.string(),
      scientific_abstract: z.string(),
      review_quarter: z.string().nullable(),
      review_cycle: z.number(),
      due_date: z.string().nullable(),
      keywords: z.array(z.string()),
      category: z.array(z.string()),
      study_type: z.array(z.string()),
      region: z.string(),
    })
    .nullable()
    .optional(),
  /**
   * The caller's own assignment on a Research Match application they review (staff §2.6, §4.3):
   * their role, conflict-of-interest answer, review and its progress, and whether the scoring form
   * is open to them now.
   */
  my_review: z
    .object({
      reviewer_role: z.number().nullable(),
      reviewer_role_name: z.string().nullable(),
      conflict_exists: z.boolean().nullable(),
      conflict_id: z.number().nullable(),
      review_id: z.number().nullable(),
      progress: z.string(),
      can_score: z.boolean(),
    })
    .optional(),
  /** Orders of a pilot tissue or tissue request sent to BINS, newest first, for those who read them. */
  bins_data: z.array(tissueOrderSchema).optional(),
  /** Support tickets (staff §3), for staff who may see them. */
  zendesk_ticket_ids: z.array(z.string()).optional(),
  access_control_list: z.array(accessControlEntrySchema),
  /** While it awaits a decision: when it is expected, and how that is reckoned (decision 201), or null. */
  expected_decision: z.object({ date: z.string(), basis: z.string() }).nullable(),
  /** The newest renewal, each with its own status (researcher §2 "(Renewal <status>)"), or null. */
  latest_renewal: z
    .object({
      id: z.number(),
      status: z.number(),
      status_name: z.string(),
      submission_date: z.string().nullable(),
    })
    .nullable(),
  datasets: z.union([z.array(z.number()), z.array(requestDatasetRefSchema)]),
  sample_type: z.object({ id: z.number(), name: z.string(), type: z.string() }).nullable(),
  /**
   * Per type: biospecimen `{ sample_type, samples: { id: amount }, generate_ipscs, …form answers }`;
   * dataset `{ globus_username, usage_answers }`; research match `{ title, abstract, … }`.
   */
  additional_data: z.record(z.string(), z.unknown()),
  intent_to_download: z.boolean().nullable(),
  agreed_nih: z.boolean().nullable(),
  data_safeguard: z.boolean().nullable(),
  gpf_access_status: z.number().nullable(),
  agreed_to_usage_policy: z.boolean(),
  research_team_ready: z.boolean(),
  first_req_on_project: z.boolean(),
  project_has_approved_req: z.boolean(),
  has_new_irb: z.boolean(),
  is_editable: z.boolean(),
  created: z.string(),
  modified: z.string(),
  permissions: z.array(z.string()),
  /**
   * On a request's detail (not in lists): the decisions open to the caller from its status, from
   * the workflow tables (DESIGN §3); empty for roles that may not decide.
   */
  transitions: z.array(decisionOptionSchema).optional(),
  /**
   * On the detail of a request returned to its owner (Revisions Requested, Deferred), for the
   * owner and deciders: the e-mail that came with that decision, or null when none was sent
   * (decision 128).
   */
  decision_message: z
    .object({ subject: z.string(), body: z.string(), sent: z.string() })
    .nullable()
    .optional(),
});
export type RequestDto = z.infer<typeof requestSchema>;

// ---------------------------------------------------------------------------------------------
// Inputs

/** A database id: a positive whole number that fits the id columns. */
const id = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(MAX_ID, { error: message });

export const accessControlInputSchema = z.object({
  user_id: id('Please choose a team member.'),
  removal_date: z.union([z.iso.date(), z.iso.datetime()]).nullish(),
});
export type AccessControlInput = z.infer<typeof accessControlInputSchema>;

const usageAnswers = z
  .array(z.boolean({ error: REQUEST_MESSAGES.usageAnswers }).nullable())
  .max(USAGE_QUESTIONS.length, { error: REQUEST_MESSAGES.usageAnswers })
  .nullish()
  .describe('The three usage questions (researcher §5), each to be answered true; optional.');

/** A form answer the form validator reads as a number (numbers or numeric text). */
const numberAnswer = z.union([z.number(), z.string().max(50)]).nullish();

/** A request input's `additional_data` once parsed: free-form answers, typed usage answers. */
export type AdditionalDataInput = Record<string, unknown> & {
  usage_answers?: (boolean | null)[] | null;
};

/** `additional_data.sample_info` (researcher §3); the forms validate the values. */
const sampleInfoSchema = z.strictObject({
  shipment_type: z.string().max(50).nullish().describe('LCL: live, frozen or not_applicable.'),
  dna_amount: numberAnswer.describe('DNA: micrograms.'),
  dna_concentration: numberAnswer.describe('DNA: ng per microliter.'),
  num_cells: numberAnswer,
  volume: numberAnswer.describe('Microliters.'),
});

/**
 * `additional_data` of a request input (researcher §3, §7): per type, biospecimens send
 * `sample_type`, `samples` ({id: amount}, or ids) and the form's answers, with the sample details
 * at the top level or nested as the spec writes them (`sample_info`); datasets send
 * `globus_username`. The usage answers may come here too. The request's form validates the
 * answers; `sample_info` arrives lifted to the top-level answers.
 */
const additionalDataInputSchema = z
  .looseObject({ usage_answers: usageAnswers, sample_info: sampleInfoSchema.nullish() })
  .transform((value, context) => {
    const { data, conflicts } = liftSampleInfo(value);
    for (const key of conflicts) {
      context.issues.push({
        code: 'custom',
        input: value,
        path: ['sample_info', key],
        message: REQUEST_MESSAGES.sampleInfoTwice(key),
      });
    }
    return data as AdditionalDataInput;
  })
  .describe(
    'Per type: biospecimens `sample_type`, `samples` ({id: amount}) and the form answers (sample details also as `sample_info`); datasets `globus_username`.',
  );

/** Cohort ids; for dataset and biospecimen requests they must be those of the resources. */
const cohortIds = z
  .array(id('Cohorts are given by their ids.'))
  .max(100)
  .nullish()
  .describe("Optional; a dataset or biospecimen request's cohorts are those of its resources.");

const requestType = z.coerce
  .number({ error: REQUEST_MESSAGES.unsupportedType })
  .int()
  .refine((value) => value in REQUEST_TYPES, { error: REQUEST_MESSAGES.unsupportedType });

const requestStatus = z.coerce
  .number({ error: REQUEST_MESSAGES.statusNotAllowed })
  .int()
  .refine((value) => value in REQUEST_STATUSES, { error: REQUEST_MESSAGES.statusNotAllowed });

/**
 * POST request/ (researcher §7): project, type, agreed_to_usage_policy, access_control_list,
 * the download intent fields, and `datasets` (dataset kinds) or `additional_data` (the others;
 * biospecimens: `sample_type`, `samples` and the form's answers). The product's extras are
 * optional: `usage_answers` (the wizard's three answers; also accepted in `additional_data`),
 * `cohorts` (checked against the resources), `submit: true` (or status 2) to submit at once
 * (otherwise the request is saved as Created), and `owner`, with which an admin or tissue project
 * manager files for a PI (it must be the project's owner). Any other field is refused.
 */
export const createRequestSchema = z.strictObject({
  project: id(REQUEST_MESSAGES.chooseProject),
  type: requestType,
  owner: id('Please choose the Principal Investigator.').nullish(),
  datasets: z.array(id(REQUEST_MESSAGES.unknownDataset)).nullish(),
  additional_data: additionalDataInputSchema.nullish(),
  cohorts: cohortIds,
  access_control_list: z.array(accessControlInputSchema).nullish(),
  intent_to_download: z.boolean().nullish(),
  agreed_nih: z.boolean().nullish(),
  data_safeguard: z.boolean().nullish(),
  gpf_access_status: z.union([z.literal(1), z.literal(2)], { error: REQUEST_MESSAGES.gpfChoice }).nullish(),
  agreed_to_usage_policy: z.boolean().nullish(),
  usage_answers: usageAnswers,
  submit: z.boolean().nullish(),
  status: requestStatus.nullish(),
});
export type CreateRequestInput = z.infer<typeof createRequestSchema>;

/**
 * PATCH request/{id}/ (researcher §7): access_control_list, additional_data (samples alone too),
 * the download intent fields; `status: 2` (or `submit`) submits a Created request. Edits in
 * Revisions Requested or Deferred reset the status to Submitted. From a decider, `status` alone
 * is a decision (staff §7). Any other field is refused.
 */
export const updateRequestSchema = z.strictObject({
  additional_data: additionalDataInputSchema.optional(),
  access_control_list: z.array(accessControlInputSchema).optional(),
  intent_to_download: z.boolean().nullish(),
  agreed_nih: z.boolean().nullish(),
  data_safeguard: z.boolean().nullish(),
  gpf_access_status: z.union([z.literal(1), z.literal(2)], { error: REQUEST_MESSAGES.gpfChoice }).nullish(),
  agreed_to_usage_policy: z.boolean().optional(),
  usage_answers: usageAnswers,
  submit: z.boolean().optional(),
  status: requestStatus.optional(),
  /** Staff §7: a staff comment to add, and the Zendesk ticket ids; sent on their own (decision 081). */
  comments: z.strictObject({ add: createRequestCommentSchema.shape.text }).optional(),
  zendesk_ticket_ids: zendeskTicketIdsInputSchema.shape.zendesk_ticket_ids.optional(),
});
export type UpdateRequestInput = z.infer<typeof updateRequestSchema>;

export const validateSamplesSchema = z.object({
  ids: z
    .union([z.array(z.string()), z.string()])
    .transform((value) => normalizeSampleIds(value))
    .refine((ids) => ids.length > 0, { error: REQUEST_MESSAGES.samplesRequired })
    .refine((ids) => ids.length <= SAMPLE_BATCH_SIZE, {
      error: `Validate at most ${SAMPLE_BATCH_SIZE} ids at a time.`,
    }),
  sample_type: id(REQUEST_MESSAGES.chooseSampleType),
  generate_ipscs: z.boolean().nullish(),
});
export type ValidateSamplesInput = z.infer<typeof validateSamplesSchema>;

export const sampleValidationSchema = z.object({
  id: z.string(),
  availability: z.enum(SAMPLE_AVAILABILITY),
  amount_available: z.number().nullable(),
  unit: z.string().nullable(),
  ipsc_consented: z.boolean().nullable(),
  request_count: z.number(),
  approved_count: z.number(),
});
export type SampleValidation = z.infer<typeof sampleValidationSchema>;
/** The answer: one entry per (normalised) id, in the order sent. */
export const validateSamplesResultSchema = z.object({ results: z.array(sampleValidationSchema) });
export type ValidateSamplesResult = z.infer<typeof validateSamplesResultSchema>;

/** Request list filters (researcher §7, staff §7) the API takes today. */
export const REQUEST_ORDERINGS = [
  'submission_date',
  'portal_request_id',
  'display_name',
  'status',
  'created',
  'modified',
  'owner',
  'institution',
] as const;

/** DELETE request/{id}/ success (researcher §8 'Request Deleted Successfully'). */
export const requestDeletedSchema = z.object({
  status: z.literal(true),
  msg: z.string(),
  data: z.object({ id: z.number(), portal_request_id: z.string(), display_name: z.string() }),
});
export type RequestDeleted = z.infer<typeof requestDeletedSchema>;
