import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { roleKeySchema } from './session';
import { idSchema } from './safe-input';
import { emailSchema } from './common';
import { MESSAGES } from './messages';
import { globusUsernameSchema, updateProfileSchema, userProfileSchema } from './accounts';

/**
 * The admin user form (staff §2.12, §3 user, §7 POST/PATCH user; foundation §7 user/create_user):
 * one schema serves the API and the web form, so both give the same per-field messages.
 */

export const USER_MESSAGES = {
  nameTooLong: `Ensure this field has no more than ${LIMITS.field.name} characters.`,
  institutionUnknown: 'Please select an institution',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  emailTaken: MESSAGES.emailTaken,
} as const;

const adminName = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(LIMITS.field.name, { error: USER_MESSAGES.nameTooLong });

/** Role keys as sent; which are known, grantable and compatible is decided by `roleChangeErrors`. */
const groupsSchema = z.array(z.string().trim().max(50)).max(20);

/** What kind of user the account is, as the admin form records it (decision 145). */
export const USER_TYPES = [
  'Researcher',
  'Foundation Staff',
  'Reviewer',
  'Institution Official',
  'Other',
] as const;

const adminFields = {
  title: z.string().trim().max(LIMITS.field.title).nullable().optional(),
  groups: groupsSchema.optional(),
  /** The primary institution (POST user: "user fields plus institution"). */
  institution: idSchema(USER_MESSAGES.institutionUnknown).nullable().optional(),
  /** Every current institution, the first the primary one (PATCH user: "institutions"). */
  institutions: z.array(idSchema(USER_MESSAGES.institutionUnknown)).max(20).optional(),
  profile: z
    .object({ globus_username: globusUsernameSchema.nullable().optional().or(z.literal('')) })
    .optional(),
  additional_data: z.object({ user_type: z.enum(USER_TYPES).nullable().optional() }).optional(),
  comments: z.string().trim().max(5000).nullable().optional(),
};

/** POST user/ and POST user/create_user/: a new account; the user sets a password from the e-mail. */
export const createUserSchema = z.object({
  first_name: adminName(MESSAGES.firstNameRequired),
  last_name: adminName(MESSAGES.lastNameRequired),
  email: emailSchema,
  ...adminFields,
});
export type CreateUser = z.infer<typeof createUserSchema>;

/**
 * PATCH user/{id}/: the profile fields anyone edits on their own record, plus the admin fields
 * (only the admin form may send them), plus `active` to deactivate or reactivate an account.
 */
export const updateUserSchema = updateProfileSchema.extend({
  first_name: adminName(MESSAGES.firstNameRequired).optional(),
  last_name: adminName(MESSAGES.lastNameRequired).optional(),
  email: emailSchema.optional(),
  active: z.boolean().optional(),
  ...adminFields,
});
export type UpdateUser = z.infer<typeof updateUserSchema>;

/** The keys of PATCH user/{id}/ only the admin form may send: their presence makes it an admin edit. */
export const ADMIN_USER_KEYS = [
  'email',
  'active',
  'groups',
  'institution',
  'institutions',
  'profile',
  'additional_data',
  'comments',
] as const satisfies readonly (keyof UpdateUser)[];

/** The web form: the create payload's fields, the institutions as one multi-select. */
export const userFormSchema = createUserSchema
  .omit({ institution: true, profile: true, additional_data: true })
  .extend({
    institutions: z.array(idSchema()).max(20),
    groups: groupsSchema,
    globus_username: globusUsernameSchema.or(z.literal('')),
    user_type: z.enum(USER_TYPES).nullable(),
    title: z.string().trim().max(LIMITS.field.title),
    comments: z.string().trim().max(5000),
  });
export type UserForm = z.infer<typeof userFormSchema>;

/** POST user/{id}/resend_email/: 1 the verification link, 2 the set-your-password link (decision 147). */
export const RESEND_OPERATIONS = { verification: 1, setPassword: 2 } as const;
export const resendEmailSchema = z.object({
  operation: z
    .union([z.literal(RESEND_OPERATIONS.verification), z.literal(RESEND_OPERATIONS.setPassword)])
    .default(RESEND_OPERATIONS.setPassword),
});

/** An affiliation as the user page lists it (foundation §3 user-institution, with the name). */
export const userAffiliationSchema = z.object({
  id: z.number(),
  institution: z.number(),
  institution_name: z.string(),
  primary: z.boolean(),
  verified: z.boolean(),
  created: z.string(),
  last_checked: z.string().nullable(),
  joinder_date: z.string().nullable(),
  removal_reason: z.string().nullable(),
});

/** One time a staff member acted as the user (post-log entries of impersonated sessions). */
export const impersonationEntrySchema = z.object({
  id: z.number(),
  impersonator: z.object({ id: z.number(), full_name: z.string(), email: z.string() }).nullable(),
  log: z.string(),
  created: z.string(),
});

/**
 * GET user/{id}/ (staff §3 user): the profile, plus what the caller's grants open. Admin notes
 * and who acted as the user are null for callers who may not see them.
 */
export const userDetailSchema = userProfileSchema.extend({
  display_name: z.string(),
  roles: z.array(roleKeySchema),
  created: z.string(),
  created_by: z.number().nullable(),
  password_set: z.boolean(),
  suspended_request: z.number().nullable(),
  /** The primary affiliation's joinder date. */
  joinder_date: z.string().nullable(),
  profile: z.object({ globus_username: z.string().nullable() }),
  additional_data: z.object({ user_type: z.string().nullable() }),
  /** Current and ended affiliations, current first. */
  user_institutions: z.array(userAffiliationSchema),
  comments: z.string().nullable(),
  impersonation_history: z.array(impersonationEntrySchema).nullable(),
});
export type UserDetailDto = z.infer<typeof userDetailSchema>;

/** GET user-email/ and user-email/{id}/. */
export const userEmailSchema = z.object({
  id: z.number(),
  user: z.number(),
  email: z.string(),
  primary: z.boolean(),
  verified: z.boolean(),
});
export type UserEmailDto = z.infer<typeof userEmailSchema>;

/** GET user-phone/ and user-phone/{id}/. */
export const userPhoneSchema = z.object({
  id: z.number(),
  user: z.number(),
  phone_number: z.string(),
  primary: z.boolean(),
});
export type UserPhoneDto = z.infer<typeof userPhoneSchema>;
