import { z } from 'zod';
import { idSchema } from './safe-input';
import { LIMITS } from '../constants/limits';
import { INSTITUTION_STATUSES, RDA_STATUSES } from '../constants/statuses';

const institutionStatusIds = Object.keys(INSTITUTION_STATUSES).map(Number) as [number, ...number[]];
/** An institution status, 1 to 6 (foundation §4). */
const institutionStatus = z.literal(institutionStatusIds, {
  error: `Choose a status from 1 (${INSTITUTION_STATUSES[1]}) to 6 (${INSTITUTION_STATUSES[6]}).`,
});

const name = z
  .string()
  .trim()
  .min(1, { error: 'Please provide an institution' })
  .max(LIMITS.field.institutionName);
const domain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{3,253}$)([a-z0-9-]+\.)+[a-z]{2,}$/, { error: 'Enter a domain like example.edu.' });

export const institutionSchema = z.object({
  id: z.number(),
  name: z.string(),
  official_name: z.string(),
  display_name: z.string(),
  ein: z.string().nullable(),
  nonprofit: z.boolean(),
  domains: z.array(z.string()),
  associated_names: z.array(z.string()),
  status: z.number(),
  status_name: z.string(),
  phone_number: z.string().nullable(),
  current_io: z
    .union([z.number(), z.object({ id: z.number(), full_name: z.string(), email: z.string() })])
    .nullable(),
  current_rda: z.number().nullable(),
  rda_status: z.number().nullable(),
  comments: z.string().nullable(),
  admin_acknowledge: z.boolean(),
  is_unresponsive: z.boolean(),
  created: z.string(),
  permissions: z.array(z.string()),
});
export type InstitutionDto = z.infer<typeof institutionSchema>;

/** What visitors and researchers see of an institution in the picker. */
export const institutionSummarySchema = institutionSchema.pick({
  id: true,
  name: true,
  display_name: true,
  status: true,
});

/** The fields of the administrator's institution form, as sent (no defaults: an edit changes only what it sends). */
const institutionFormSchema = z.strictObject({
  name,
  official_name: name,
  ein: z.string().trim().max(LIMITS.field.ein).nullable().optional(),
  nonprofit: z.boolean(),
  domains: z.array(domain).max(20),
  associated_names: z.array(z.string().trim().min(1).max(LIMITS.field.institutionName)).max(20),
  phone_number: z.string().trim().max(LIMITS.field.phone).nullable().optional(),
  comments: z.string().max(5000).nullable().optional(),
});

export const createInstitutionSchema = institutionFormSchema.extend({
  nonprofit: institutionFormSchema.shape.nonprofit.default(true),
  domains: institutionFormSchema.shape.domains.default([]),
  associated_names: institutionFormSchema.shape.associated_names.default([]),
  status: institutionStatus.optional(),
});
export type CreateInstitution = z.infer<typeof createInstitutionSchema>;

export const updateInstitutionSchema = institutionFormSchema.partial().extend({
  /** A review decision (Approve 3, Reject 4, Follow Up 5), allowed only from Institution Under Review. */
  status: z.literal([3, 4, 5]).optional(),
  admin_acknowledge: z.boolean().optional(),
});
export type UpdateInstitution = z.infer<typeof updateInstitutionSchema>;

/** The statuses an RDA file holds (4, 'No RDA at this time', is what an institution without one shows). */
export const rdaStatusIds = [1, 2, 3] as const;

/** RDA signing messages: the spec's (staff §5, foundation §5) and ours where it gives none. */
export const RDA_MESSAGES = {
  signatureMismatch: 'Signature does not match full name',
  /** A non-administrator on the admin form (status above Signature Needed) signs as the SBSO. */
  sbsoSignatureMismatch: 'Signature must match the full name of the SBSO',
  status: `Choose a status: 1 (${RDA_STATUSES[1]}), 2 (${RDA_STATUSES[2]}) or 3 (${RDA_STATUSES[3]}).`,
  dayOfSigning: 'The signature date must be the day of signing.',
} as const;

/** Staff §5: the typed signature equals the full name, whatever the case and spacing. */
export function signatureMatches(typed: string, fullName: string): boolean {
  const normal = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();
  return normal(typed) !== '' && normal(typed) === normal(fullName);
}

/**
 * A calendar date of an RDA: `YYYY-MM-DD`, or as the spec sends and stores it, at noon
 * (`YYYY-MM-DDT12:00:00`, foundation §7). Other times are refused: a midnight in another time
 * zone would silently name another day.
 */
const rdaDay = (error: string) =>
  z
    .string({ error })
    .regex(/^\d{4}-\d{2}-\d{2}(T12:00:00(\.0{1,6})?Z?)?$/, { error, abort: true })
    .refine((value) => z.iso.date().safeParse(value.slice(0, 10)).success, { error });

const rdaSignature = z.string().trim().min(1, { error: 'Required field' }).max(200);

/**
 * The fields of an RDA's additional_data a `PATCH file/{id}/` may send (staff §3, §7), as JSON
 * or as multipart text (numbers as strings). The signing official's signature, the lead's
 * countersignature, or the admin form (status, comments, name, renewal date, a revised PDF's
 * date, and — while the RDA awaits it — the official's signature and its date as received).
 */
export const rdaChangesSchema = z.strictObject({
  status: z
    .union([z.literal(rdaStatusIds), z.enum(['1', '2', '3'])], { error: RDA_MESSAGES.status })
    .optional(),
  signature: rdaSignature.optional(),
  signature_date: rdaDay('Enter the signature date as YYYY-MM-DD.').optional(),
  sf_signature: rdaSignature.optional(),
  sf_signature_date: rdaDay('Enter the foundation signature date as YYYY-MM-DD.').optional(),
  /** Sent with a revised PDF (multipart PATCH): the day the document was revised. */
  revised_date: rdaDay('Enter the revision date as YYYY-MM-DD.').optional(),
  renewal_date: rdaDay('Enter the renewal date as YYYY-MM-DD.').nullable().optional(),
  comments: z.string().max(5000).nullable().optional(),
  name: z.string().trim().min(1, { error: 'Required field' }).max(200).optional(),
});
export type RdaChanges = z.infer<typeof rdaChangesSchema>;

/**
 * `PATCH file/{id}/` of an RDA as sent: the fields inside `additional_data` (as the spec puts
 * them), at the top level (the product's form), or both; a field sent in both places must
 * carry the same value.
 */
export const updateRdaSchema = rdaChangesSchema.extend({ additional_data: rdaChangesSchema.optional() });
export type UpdateRda = z.infer<typeof updateRdaSchema>;

export const fileSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The stored file's name (foundation §3 `file_name`; the same as `name`). */
  file_name: z.string(),
  /** Where the bytes download from with the caller's session (foundation §3 `file`). */
  file: z.string(),
  type: z.string(),
  file_type: z.string(),
  size: z.number(),
  creator: z.number().nullable(),
  project: z.number().nullable(),
  institution: z.number().nullable(),
  dataset: z.number().nullable(),
  additional_data: z.record(z.string(), z.unknown()),
  created: z.string(),
  base64: z.string().optional(),
  signed_url: z.string().optional(),
  permissions: z.array(z.string()),
});
export type FileDto = z.infer<typeof fileSchema>;

export const userInstitutionSchema = z.object({
  id: z.number(),
  institution: z.number(),
  user: z.union([z.number(), z.object({ id: z.number(), full_name: z.string(), email: z.string() })]),
  primary: z.boolean(),
  verified: z.boolean(),
  last_checked: z.string().nullable(),
  removal_reason: z.string().nullable(),
  joinder_date: z.string().nullable(),
  created: z.string(),
  permissions: z.array(z.string()),
});
export type UserInstitutionDto = z.infer<typeof userInstitutionSchema>;

/** PATCH user-institution/{id}/: the researcher agrees to the joinder (the server stamps the time). */
export const updateUserInstitutionSchema = z.strictObject({ joinder_date: z.iso.datetime({ offset: true }) });

/**
 * PATCH user-institution/{id}/ by staff (decision 148): any of the primary flag, verification,
 * the joinder date (null clears it) and a removal reason (which ends the affiliation).
 */
export const staffUpdateUserInstitutionSchema = z.strictObject({
  primary: z.boolean().optional(),
  verified: z.boolean().optional(),
  joinder_date: z.iso.datetime({ offset: true }).nullable().optional(),
  removal_reason: z.string().trim().min(1).max(254).nullable().optional(),
});
export type StaffUpdateUserInstitution = z.infer<typeof staffUpdateUserInstitutionSchema>;

/** The proposed signing official (`io_data`). */
export const officialDataSchema = z.object({
  first_name: z.string().trim().min(1, { error: 'First name is required' }).max(LIMITS.field.name),
  last_name: z.string().trim().min(1, { error: 'Last name is required' }).max(LIMITS.field.name),
  email: z.string().trim().max(LIMITS.field.email).email({ error: 'Please enter a valid email address.' }),
  phone_number: z.string().trim().max(LIMITS.field.phone).nullable().optional(),
});

/**
 * POST institution-helper/ (foundation §3): a researcher proposes their institution and names
 * its signing official; the administrator's form creates one outright, in the status it sends
 * (`institution_data.status`, which only administrators may send).
 */
export const proposeInstitutionSchema = z.strictObject({
  institution_data: z.strictObject({ name, official_name: name, status: institutionStatus.optional() }),
  io_data: officialDataSchema,
  confirm_duplicate_domain: z.boolean().optional(),
});
export type ProposeInstitution = z.infer<typeof proposeInstitutionSchema>;

/**
 * PATCH institution-helper/: a researcher names a new official for their institution
 * (`institution`, `io_data`). An administrator updates the institution: `institution_data` takes
 * the fields of `PATCH institution/{id}/` (a status is a review decision), `io_data` invites a
 * new signing official; either or both.
 */
export const replaceOfficialSchema = z
  .strictObject({
    institution: idSchema(),
    institution_data: updateInstitutionSchema.optional(),
    io_data: officialDataSchema.optional(),
  })
  .refine((input) => input.institution_data !== undefined || input.io_data !== undefined, {
    error: 'Send institution_data, io_data or both.',
  });
export type ReplaceOfficial = z.infer<typeof replaceOfficialSchema>;

/** What the invitation link's token yields: who is invited, for which institution. */
export const invitationSchema = z.object({
  user_type: z.literal('sbso'),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone_number: z.string().nullable(),
  institution: z.object({ id: z.number(), name: z.string() }),
});
export type InvitationDto = z.infer<typeof invitationSchema>;

export const suggestionSchema = z.object({ id: z.number(), name: z.string(), display_name: z.string() });

/** POST institution/{id}/verification: the official confirms or removes affiliated researchers. */
export const verificationSchema = z.strictObject({
  entries: z
    .array(
      z.strictObject({
        user_id: idSchema(),
        verified: z.boolean(),
        removal_reason: z.string().trim().max(500).nullable().optional(),
      }),
    )
    .min(1),
  /** The annual researcher review: every affiliated researcher must be marked. */
  annual_review: z.boolean().default(false),
});
export type Verification = z.infer<typeof verificationSchema>;

/** POST user-institution/: a researcher without an institution joins a known one (unverified until the official confirms). */
export const joinInstitutionSchema = z.strictObject({
  institution: idSchema(),
  user: idSchema().optional(),
  primary: z.boolean().optional(),
});

/** Institution messages the spec gives verbatim (staff §5; "fullfilled" is the spec's spelling). */
export const INSTITUTION_MESSAGES = {
  /** A researcher's institution-helper call carrying what only the admin form sends. */
  adminFormOnly: 'Only administrators set this.',
  deletionBlocked:
    'The institution has users with approved, rejected or fullfilled requests and thus can not be deleted.',
} as const;

const deletionUserSchema = z.object({ id: z.number(), full_name: z.string(), email: z.string() });
const deletionRequestSchema = z.object({
  id: z.number(),
  portal_request_id: z.string().nullable(),
  status: z.number(),
  status_name: z.string(),
  owner: z.object({ id: z.number(), full_name: z.string() }),
});
export type DeletionRequestDto = z.infer<typeof deletionRequestSchema>;

/**
 * GET institution/{id}/deletion/: what deleting the institution would do. `deletable` is false
 * while any of its users has an approved, rejected or fulfilled request (`blocking_requests`).
 */
export const institutionDeletionSchema = z.object({
  deletable: z.boolean(),
  /** Researcher and official accounts deleted with the institution (it is their only affiliation). */
  users: z.array(deletionUserSchema),
  /** Accounts that stay (staff, or affiliated elsewhere) and only lose their affiliation. */
  kept_users: z.array(deletionUserSchema),
  /** Open requests deleted with their owners or the institution. */
  open_requests: z.array(deletionRequestSchema),
  blocking_requests: z.array(deletionRequestSchema),
  rda_files: z.number(),
});
export type InstitutionDeletionDto = z.infer<typeof institutionDeletionSchema>;
