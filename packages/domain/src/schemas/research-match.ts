import { z } from 'zod';
import { MAX_KEYWORDS, RM_IRB_STATUSES } from '../constants/research-match';

/**
 * Research Match applications, summaries and RM ids (staff §3 request summary, §5, §7 GET/PATCH
 * request/{id}/summary; researcher §2, §3, §5). Messages the spec words are verbatim; the others
 * are decisions 158–169.
 */
export const RESEARCH_MATCH_MESSAGES = {
  /** Staff §5, verbatim (its trailing colon included). */
  rmIdFormat: (ids: readonly string[]) => `${ids.join(', ')} do not follow valid format of RM plus 4 digits:`,
  rmIdBase: 'All Research Match IDs should start with the same base, ex: RM0001',
  tooManyKeywords: `Choose at most ${MAX_KEYWORDS} keywords.`,
  notResearchMatch: 'Only Research Match applications have a request summary.',
  dueDatePast: 'The due date must be today or later.',
  dueDateFormat: 'Enter the due date as YYYY-MM-DD.',
  irbStatus: 'Choose 1 (fully approved) or 2 (partially approved).',
  baseFormat: 'Enter a base as RM plus 4 digits, e.g. RM0001.',
  cohortNonAutism: 'Projects not related to autism can only recruit from SPARK.',
  documentsOwn: 'Choose a file you uploaded for this application.',
  applicationRequired: 'Fill in the Research Match application.',
  irbRequired:
    "Research Match requires an approved IRB. Please add the IRB approval to the project's IRB record before applying.",
  chooseProjectOrRequest: 'Upload Research Match documents for a project or a request of yours.',
  /** The picker's confirmation when Research Match is chosen (researcher §5 "carry their own confirmation messages"). */
  pickerConfirmation:
    'Research Match applications are reviewed quarterly by a committee; the deadlines are March 31st, June 30th, September 30th and December 31st. A Research Match request cannot include other resources.',
} as const;

/** A Research Match id: 'RM' plus 4 digits, optionally a suffix after a hyphen (decision 160). */
const RM_ID = /^RM(\d{4})(?:-[A-Z0-9]{1,10})?$/;
/** The base of an id: 'RM' and its 4 digits. */
export const rmBaseOf = (id: string): string | null => (RM_ID.test(id) ? id.slice(0, 6) : null);
export const RM_BASE = /^RM\d{4}$/;

export type RmIdsResult = { ids: string[]; base: string | null } | { error: string };

/**
 * The staff summary's RM ids (staff §5): split on commas, spaces or new lines, trimmed and
 * upper-cased, duplicates dropped; each must be 'RM' plus 4 digits and all must share one base.
 */
export function parseRmIds(input: string | readonly string[]): RmIdsResult {
  const parts = (typeof input === 'string' ? [input] : input).flatMap((part) => part.split(/[\s,]+/));
  const ids = [...new Set(parts.map((part) => part.trim().toUpperCase()).filter(Boolean))];
  const invalid = ids.filter((id) => !RM_ID.test(id));
  if (invalid.length > 0) return { error: RESEARCH_MATCH_MESSAGES.rmIdFormat(invalid) };
  const bases = new Set(ids.map((id) => rmBaseOf(id)!));
  if (bases.size > 1) return { error: RESEARCH_MATCH_MESSAGES.rmIdBase };
  return { ids, base: ids.length ? [...bases][0]! : null };
}

/** The summary's free-text answers (staff §3 "request summary"), each editable by admins. */
export const SUMMARY_TEXT_FIELDS = [
  'scientific_title',
  'scientific_abstract',
  'research_aim',
  'meeting_notes',
  'principalInvestigator',
  'email',
  'institution',
  'hypotheses',
  'irb_status_comments',
  'region',
  'std_instruments',
  'build_preference',
  'genetic_request',
  'procedure',
  'time_required',
  'justification',
  'incl_criteria',
  'excl_criteria',
  'feedback',
  'funding',
  'risks',
  'stakeholder_feedback',
  'considerations',
] as const;
export type SummaryTextField = (typeof SUMMARY_TEXT_FIELDS)[number];
/** The summary's multiple-choice answers, as lists of labels. */
export const SUMMARY_LIST_FIELDS = ['study_type', 'category', 'keywords', 'cohort'] as const;
export type SummaryListField = (typeof SUMMARY_LIST_FIELDS)[number];

/** Bound every text: summaries hold paragraphs, not documents. */
export const SUMMARY_TEXT_MAX = 20_000;
const bounded = (max: number) =>
  z.string().max(max, { error: `Ensure this field has no more than ${max} characters.` });
const summaryText = bounded(SUMMARY_TEXT_MAX);
const label = bounded(200).refine((value) => value.trim().length > 0, { error: 'Enter a value.' });

const DUE_DATE = /^(\d{4}-\d{2}-\d{2})(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;
/**
 * The due date as staff send it: a day (stored at 12:00 UTC, staff §4.3 "set to the chosen date at
 * 12:00") or a full timestamp; null clears it.
 */
export function dueDateAt(value: string): Date | null {
  const match = DUE_DATE.exec(value.trim());
  if (!match) return null;
  const at = match[2] ? new Date(value.trim()) : new Date(`${match[1]}T12:00:00Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** Whether a due date lies before the start of today (UTC): refused (issue 17 "Bad input"). */
export const dueDateInPast = (at: Date, now: Date = new Date()) =>
  at.getTime() < Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

/**
 * PATCH request/{id}/summary: any of the summary's fields (staff §7). `rm_ids` as a list or one
 * string of ids; `due_date` a day or a timestamp, not in the past.
 */
export const updateRequestSummarySchema = z.strictObject({
  ...Object.fromEntries(SUMMARY_TEXT_FIELDS.map((key) => [key, summaryText.optional()])),
  ...Object.fromEntries(
    SUMMARY_LIST_FIELDS.map((key) => [
      key,
      z
        .array(label)
        .max(key === 'keywords' ? 50 : 20)
        .optional(),
    ]),
  ),
  keywords: z.array(label).max(MAX_KEYWORDS, { error: RESEARCH_MATCH_MESSAGES.tooManyKeywords }).optional(),
  irb_status: z
    .union([z.literal(1), z.literal(2)], { error: RESEARCH_MATCH_MESSAGES.irbStatus })
    .nullable()
    .optional(),
  rm_ids: z.union([bounded(2000), z.array(bounded(40)).max(100)]).optional(),
  due_date: z
    .string()
    .max(40)
    .refine((value) => dueDateAt(value) !== null, { error: RESEARCH_MATCH_MESSAGES.dueDateFormat })
    .nullable()
    .optional(),
}) as z.ZodType<UpdateRequestSummaryInput>;

export type UpdateRequestSummaryInput = Partial<Record<SummaryTextField, string>> &
  Partial<Record<SummaryListField, string[]>> & {
    irb_status?: 1 | 2 | null;
    rm_ids?: string | string[];
    due_date?: string | null;
  };

/** GET request/{id}/summary (staff §3): `meeting_notes` only for those who edit the summary. */
export const requestSummarySchema = z.object({
  request: z.number(),
  portal_request_id: z.string(),
  ...Object.fromEntries(SUMMARY_TEXT_FIELDS.map((key) => [key, z.string()])),
  meeting_notes: z.string().optional(),
  ...Object.fromEntries(SUMMARY_LIST_FIELDS.map((key) => [key, z.array(z.string())])),
  irb_status: z.number().nullable(),
  irb_status_name: z.string().nullable(),
  rm_ids: z.array(z.string()),
  due_date: z.string().nullable(),
  review_quarter: z.string().nullable(),
  review_cycle: z.number(),
  modified: z.string(),
  permissions: z.array(z.string()),
}) as unknown as z.ZodType<RequestSummaryDto>;

export type RequestSummaryDto = Record<SummaryTextField, string> &
  Record<SummaryListField, string[]> & {
    request: number;
    portal_request_id: string;
    meeting_notes?: string;
    irb_status: number | null;
    irb_status_name: string | null;
    rm_ids: string[];
    due_date: string | null;
    review_quarter: string | null;
    review_cycle: number;
    modified: string;
    permissions: string[];
  };

export const rmIrbStatusName = (status: number | null) =>
  status === null ? null : (RM_IRB_STATUSES[status as keyof typeof RM_IRB_STATUSES] ?? null);

/** GET request/{id}/summary/rm-base/?base=RM0001: the query of the RM ids confirmation. */
export const rmBaseQuerySchema = z.strictObject({
  base: z.string().regex(RM_BASE, { error: RESEARCH_MATCH_MESSAGES.baseFormat }),
});

/** The other requests using a base (staff §5: request, id, researcher, institution). */
export const rmBaseUsersSchema = z.object({
  base: z.string(),
  requests: z.array(
    z.object({
      id: z.number(),
      portal_request_id: z.string(),
      rm_ids: z.array(z.string()),
      researcher: z.string(),
      institution: z.string().nullable(),
    }),
  ),
});
export type RmBaseUsersDto = z.infer<typeof rmBaseUsersSchema>;
