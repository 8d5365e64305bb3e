import { z } from 'zod';
import { idSchema } from './safe-input';
import { RESEARCH_TEAM_ROLES } from '../constants/catalogue';
import { LIMITS } from '../constants/limits';
import { emailSchema } from './common';
import { MESSAGES } from './messages';

/** Project, IRB record and research-team messages (researcher §5 and §8), verbatim where the spec has them. */
export const PROJECT_MESSAGES = {
  previousDate: 'Must have a previous date',
  futureDate: 'Must have a future date',
  requiredField: MESSAGES.requiredField,
  tooLong: (max: number) => `Ensure this field has no more than ${max} characters.`,
  nonAutismFixed: 'The autism-related answer cannot be changed after the project is created.',
  choosePi: 'Please choose the Principal Investigator.',
  notAPrimaryResearcher: 'The Principal Investigator must be a primary researcher.',
  irbPdfOnly: 'The IRB document must be a PDF file.',
  irbNotOfProject: 'This IRB file does not belong to this project.',
  deletionBlocked:
    'The institution has users with approved, rejected or fullfilled requests and thus can not be deleted.',
  piRoleReserved: 'Only the Principal Investigator can have the Primary Researcher role.',
  notEditable: 'This project can no longer be edited.',
} as const;

export const TITLE_MAX = 300;
export const ABSTRACT_MAX = 20_000;
export const ASSURANCE_NUMBER_MAX = 24;
export const GLOBUS_USERNAME_MAX = 512;

/**
 * The autism question, worded alike on New Project, in the wizard and in the audit trail
 * (decision 130). 'Yes' stores `non_autism_research: false`.
 */
export const AUTISM_QUESTION = 'Is this project related to autism?';

/** IRB designations (researcher §3, §9): 1 approved, 2 exempt or not required. */
export const IRB_DESIGNATIONS = { 1: 'Approved', 2: 'Exempt or not required' } as const;
export type IrbDesignation = keyof typeof IRB_DESIGNATIONS;

/** The IRB expiry states a project can be in (researcher §4). */
export const IRB_EXPIRY_STATES = ['expired', 'near_expiry', 'valid', 'exempt', 'none'] as const;
export type IrbExpiryState = (typeof IRB_EXPIRY_STATES)[number];

/** `user_role` is a 1-based index into RESEARCH_TEAM_ROLES; the PI has 1. */
export const PI_TEAM_ROLE = 1;
export const teamRoleName = (userRole: number): string => RESEARCH_TEAM_ROLES[userRole - 1] ?? 'Unknown';

const dayString = z.iso.date({ error: 'Please enter a valid date.' });

/** Today's calendar date in UTC as YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The instant an IRB stops being valid: the start (00:00 UTC) of its renewal date, so an IRB whose
 * renewal date is today is already due.
 */
export function irbExpiresAt(renewalDate: string): number {
  return Date.parse(`${renewalDate.slice(0, 10)}T00:00:00Z`);
}

/**
 * IRB expiry state (researcher §4): none without an IRB, exempt for designation 2, expired when the
 * renewal date has come, near expiry when fewer than LIMITS.irbNearExpiryMs remain, otherwise valid.
 */
export function irbExpiryState(
  irb: { designation?: number | null; renewal_date?: string | null } | null | undefined,
  now: Date = new Date(),
): IrbExpiryState {
  if (!irb) return 'none';
  if (Number(irb.designation) === 2) return 'exempt';
  if (!irb.renewal_date) return 'valid';
  const expiresAt = irbExpiresAt(irb.renewal_date);
  if (Number.isNaN(expiresAt)) return 'valid';
  const remaining = expiresAt - now.getTime();
  if (remaining <= 0) return 'expired';
  if (remaining < LIMITS.irbNearExpiryMs) return 'near_expiry';
  return 'valid';
}

const designationSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z.union([z.literal(1), z.literal(2)], { error: 'Please choose a designation.' }),
);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: PROJECT_MESSAGES.tooLong(max) })
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * An IRB record's additional_data (researcher §5 "IRB form"): the approval date must not be after
 * today, an approved IRB needs a renewal date after today, an exempt one has none.
 */
export const irbDataSchema = z
  .object({
    designation: designationSchema,
    approval_date: dayString,
    renewal_date: z
      .union([dayString, z.literal(''), z.null()])
      .optional()
      .transform((value) => (value ? value : null)),
    assurance_number: optionalText(ASSURANCE_NUMBER_MAX),
  })
  .superRefine((data, ctx) => {
    const today = todayIso();
    if (data.approval_date > today) {
      ctx.addIssue({ code: 'custom', path: ['approval_date'], message: PROJECT_MESSAGES.previousDate });
    }
    if (data.designation === 1) {
      if (!data.renewal_date) {
        ctx.addIssue({ code: 'custom', path: ['renewal_date'], message: PROJECT_MESSAGES.requiredField });
      } else if (data.renewal_date <= today) {
        ctx.addIssue({ code: 'custom', path: ['renewal_date'], message: PROJECT_MESSAGES.futureDate });
      }
    }
  })
  .transform((data) => ({ ...data, renewal_date: data.designation === 2 ? null : data.renewal_date }));
export type IrbData = z.output<typeof irbDataSchema>;

/** An IRB file as a project shows it (`expand=latest_irb`). */
export const irbRecordSchema = z.object({
  id: z.number(),
  name: z.string(),
  designation: z.number().nullable(),
  approval_date: z.string().nullable(),
  renewal_date: z.string().nullable(),
  assurance_number: z.string().nullable(),
  created: z.string(),
});
export type IrbRecordDto = z.infer<typeof irbRecordSchema>;

const personRef = z.object({ id: z.number(), display_name: z.string() });

export const projectSchema = z.object({
  id: z.number(),
  portal_project_id: z.string(),
  title: z.string(),
  abstract: z.string(),
  non_autism_research: z.boolean(),
  public_title: z.string().nullable(),
  public_abstract: z.string().nullable(),
  owner: z.union([z.number(), personRef]),
  institution: z.union([z.number(), z.object({ id: z.number(), name: z.string() })]).nullable(),
  latest_irb: z.union([z.number(), irbRecordSchema]).nullable(),
  irb_state: z.enum(IRB_EXPIRY_STATES),
  /** The renewal date of the latest IRB (null when exempt or without an IRB), for lists. */
  irb_renewal_date: z.string().nullable(),
  is_editable: z.boolean(),
  display_name: z.string(),
  creator: z.union([z.number(), personRef]).nullable(),
  created: z.string(),
  modified: z.string(),
  permissions: z.array(z.string()),
  /** The caller's actions on the project's research team (`update`: Edit Team). */
  team_permissions: z.array(z.string()),
});
export type ProjectDto = z.infer<typeof projectSchema>;

const title = z
  .string({ error: PROJECT_MESSAGES.requiredField })
  .trim()
  .min(1, { error: PROJECT_MESSAGES.requiredField })
  .max(TITLE_MAX, { error: PROJECT_MESSAGES.tooLong(TITLE_MAX) });
const abstract = z
  .string({ error: PROJECT_MESSAGES.requiredField })
  .trim()
  .min(1, { error: PROJECT_MESSAGES.requiredField })
  .max(ABSTRACT_MAX, { error: PROJECT_MESSAGES.tooLong(ABSTRACT_MAX) });

/** Globus identity: user@host style, or a UUID (foundation §5), up to 512 characters on the team. */
const GLOBUS_ID =
  /^([^@\s]+@[^@\s]+\.[^@\s]+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
export const teamGlobusUsernameSchema = z
  .string()
  .trim()
  .max(GLOBUS_USERNAME_MAX, { error: MESSAGES.invalidGlobusId })
  .refine((value) => value === '' || GLOBUS_ID.test(value), { error: MESSAGES.invalidGlobusId })
  .nullish()
  .transform((value) => (value ? value : null));

const teamRoleIndex = z.coerce
  .number({ error: 'Please choose a role.' })
  .int({ error: 'Please choose a role.' })
  .min(1, { error: 'Please choose a role.' })
  .max(RESEARCH_TEAM_ROLES.length, { error: 'Please choose a role.' });

/** One row of the team table as the web app sends it (researcher §5 "Team", §7 POST research-team). */
export const researchTeamMemberInputSchema = z.object({
  id: idSchema().nullish(),
  user_id: idSchema().nullish(),
  project_id: idSchema().nullish(),
  email: emailSchema,
  first_name: z
    .string()
    .trim()
    .min(1, { error: MESSAGES.firstNameRequired })
    .max(LIMITS.field.name, { error: PROJECT_MESSAGES.tooLong(LIMITS.field.name) }),
  last_name: z
    .string()
    .trim()
    .min(1, { error: MESSAGES.lastNameRequired })
    .max(LIMITS.field.name, { error: PROJECT_MESSAGES.tooLong(LIMITS.field.name) }),
  user_role: teamRoleIndex,
  /** Null (or absent) when the institution is "Institution is not listed". */
  institution: idSchema().nullish(),
  globus_username: teamGlobusUsernameSchema,
  active: z.boolean().default(true),
});
export type ResearchTeamMemberInput = z.output<typeof researchTeamMemberInputSchema>;

/** Keeps the first row of each e-mail address (foundation §5: the team list is deduplicated by e-mail). */
export function dedupeTeamByEmail<T extends { email: string }>(rows: readonly T[]): T[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = row.email.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const teamRows = z.array(researchTeamMemberInputSchema).max(200).transform(dedupeTeamByEmail);

/** POST research-team/: the whole team of a project; members left out are removed. */
export const saveResearchTeamSchema = z.strictObject({
  project_id: idSchema(),
  team: teamRows,
});
export type SaveResearchTeam = z.output<typeof saveResearchTeamSchema>;

/** Warning codes on a team row, shown to the owner and staff (researcher §6). */
export const TEAM_WARNINGS = {
  missing_irb: 'Missing IRB',
  inactive: 'Inactive account',
  no_institution: 'No institution',
  no_agreement: 'No data agreement for the institution',
  rda_not_executed: 'Data agreement not fully executed',
  no_joinder: 'Joinder not signed',
} as const;
export type TeamWarning = keyof typeof TEAM_WARNINGS;

export const researchTeamMemberSchema = z.object({
  id: z.number(),
  project_id: z.number(),
  user_id: z.number().nullable(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  display_name: z.string(),
  user_role: z.number(),
  user_role_name: z.string(),
  is_pi: z.boolean(),
  institution: z.union([z.number(), z.object({ id: z.number(), name: z.string() })]).nullable(),
  globus_username: z.string().nullable(),
  active: z.boolean(),
  removal_date: z.string().nullable(),
  created: z.string(),
  /** The project's latest IRB file id (the IRB a team member works under). */
  latest_irb: z.number().nullable(),
  joinder_date: z.string().nullable(),
  /** The RDA status of the member's institution, null without one. */
  current_rda: z.number().nullable(),
  /** Whether the member's institution affiliation is verified (tint of removed rows). */
  verified: z.boolean(),
  /** Empty unless the caller is the owner or staff. */
  warnings: z.array(z.enum(Object.keys(TEAM_WARNINGS) as [TeamWarning, ...TeamWarning[]])),
});
export type ResearchTeamMemberDto = z.infer<typeof researchTeamMemberSchema>;

const publicText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: PROJECT_MESSAGES.tooLong(max) })
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));

/**
 * POST project/: the project form. `creator` (the spec's name) or `owner` is the PI an admin
 * creates the project for. `latest_irb` is an IRB file uploaded just before (without a project);
 * `team` rows are saved with the project, all in one transaction.
 */
export const createProjectSchema = z.strictObject({
  title,
  abstract,
  non_autism_research: z.boolean({ error: PROJECT_MESSAGES.requiredField }),
  public_title: publicText(TITLE_MAX),
  public_abstract: publicText(ABSTRACT_MAX),
  creator: idSchema().nullish(),
  owner: idSchema().nullish(),
  latest_irb: idSchema().nullish(),
  team: teamRows.optional(),
});
export type CreateProject = z.output<typeof createProjectSchema>;

/** PATCH project/{id}/: changed fields only; `non_autism_research` may be sent but not changed. */
export const updateProjectSchema = z.strictObject({
  title: title.optional(),
  abstract: abstract.optional(),
  non_autism_research: z.boolean().optional(),
  public_title: publicText(TITLE_MAX),
  public_abstract: publicText(ABSTRACT_MAX),
  creator: idSchema().nullish(),
  owner: idSchema().nullish(),
  latest_irb: idSchema().nullish(),
  team: teamRows.optional(),
});
export type UpdateProject = z.output<typeof updateProjectSchema>;

/** The body of a blocked DELETE project/{id}/ (researcher §7, §8). */
export const projectDeletionBlockedSchema = z.object({
  status: z.literal(false),
  non_field_errors: z.array(z.string()),
  data: z.object({
    non_field_errors: z.array(z.string()),
    requests: z.array(
      z.object({
        id: z.number(),
        portal_request_id: z.string(),
        status: z.number(),
        status_name: z.string(),
        owner: personRef,
      }),
    ),
  }),
});
export type ProjectDeletionBlocked = z.infer<typeof projectDeletionBlockedSchema>;

/** The body of a successful DELETE project/{id}/ (researcher §8 'Project Deleted Successfully.'). */
export const projectDeletedSchema = z.object({
  status: z.literal(true),
  msg: z.string(),
  data: z.object({ id: z.number(), portal_project_id: z.string(), title: z.string() }),
});
export type ProjectDeleted = z.infer<typeof projectDeletedSchema>;
