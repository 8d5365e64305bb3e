import { z } from 'zod';
import { idSchema } from './safe-input';
import { LIMITS } from '../constants/limits';
import { SHIPPING_VENDORS } from '../constants/catalogue';
import { emailSchema, passwordSchema } from './common';
import { MESSAGES } from './messages';
import { roleKeySchema } from './session';

const requiredName = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(LIMITS.field.name);

/** ORCID iD: four groups of four digits, the last character may be X. */
export const orcidSchema = z
  .string()
  .trim()
  .max(LIMITS.field.orcid)
  .regex(/^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/, { error: 'Enter an ORCID iD like 0000-0002-1825-0097.' });

const botCheck = {
  recaptcha: z.string().max(4096).optional(),
  is_v2: z.boolean().optional(),
};

/** POST register-user/: the researcher form (foundation §3). `confirmEmail` stays in the browser. */
export const registerResearcherSchema = z.object({
  first_name: requiredName(MESSAGES.firstNameRequired),
  last_name: requiredName(MESSAGES.lastNameRequired),
  email: emailSchema,
  password: passwordSchema,
  agreed_to_terms: z.literal(true, { error: MESSAGES.mustAgreeToTerms }),
  institution: idSchema().nullable().optional(),
  orcid: orcidSchema.optional(),
  ...botCheck,
});
export type RegisterResearcher = z.infer<typeof registerResearcherSchema>;

/** The signing-official variant: adds title, phone and the invitation token; no institution. */
export const registerOfficialSchema = registerResearcherSchema
  .omit({ institution: true, orcid: true })
  .extend({
    title: z.string().trim().min(1, { error: MESSAGES.blank }).max(LIMITS.field.title),
    phone_number: z
      .string()
      .trim()
      .min(1, { error: 'Please provide a phone number' })
      .max(LIMITS.field.phone),
    token: z.string().min(1).max(200),
  });
export type RegisterOfficial = z.infer<typeof registerOfficialSchema>;

/** The browser form adds the confirmation field, checked against the e-mail. */
export const registerResearcherFormSchema = registerResearcherSchema
  .extend({ confirmEmail: z.string() })
  .refine((form) => form.confirmEmail.trim().toLowerCase() === form.email.trim().toLowerCase(), {
    error: MESSAGES.emailsMismatch,
    path: ['confirmEmail'],
  });

export const forgotPasswordSchema = z.object({
  email: z.string().trim().max(LIMITS.field.email).email({ error: MESSAGES.invalidEmailReset }),
  ...botCheck,
});
export type ForgotPassword = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    password: passwordSchema,
    confirm_password: z.string({ error: MESSAGES.blank }),
    token: z.string().min(1).max(200),
  })
  .refine((input) => input.password === input.confirm_password, {
    error: MESSAGES.passwordsMismatch,
    path: ['confirm_password'],
  });
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

export const verifyUserQuerySchema = z.strictObject({ token: z.string().min(1).max(200) });

/**
 * What GET verify-user/ answers (foundation §7 "returns a token"): with `password_set`, a session
 * token as api-token-auth/ answers it (null when sign-in would still ask something, e.g. the
 * terms); without, the token that sets the first password (decision 105). `already_verified`: the
 * link was used before and the account is verified, so the person only needs to sign in.
 */
export const verifyUserResponseSchema = z.object({
  token: z.string().nullable(),
  password_set: z.boolean(),
  already_verified: z.boolean(),
});
export type VerifyUserResult = z.infer<typeof verifyUserResponseSchema>;

/** A one-time token from an e-mailed link, as its page posts it. */
export const emailedTokenSchema = z.strictObject({ token: z.string().min(1).max(200) });

/** Asks for a fresh verification link for one of the user's added addresses. */
export const resendEmailVerificationSchema = z.strictObject({ email: emailSchema });

/** An added address as My Profile shows it: it counts only once verified (decision 107). */
export const emailAddressSchema = z.object({ email: z.string(), verified: z.boolean() });
export type EmailAddressDto = z.infer<typeof emailAddressSchema>;

/** Globus identity: user@host style, or a UUID (foundation §5). */
export const globusUsernameSchema = z
  .string()
  .trim()
  .max(254)
  .regex(/^([^@\s]+@[^@\s]+\.[^@\s]+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i, {
    error: MESSAGES.invalidGlobusId,
  });

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** PATCH user/{id}/ by the user themself: profile fields and the primary role. */
export const updateProfileSchema = z.strictObject({
  first_name: requiredName(MESSAGES.firstNameRequired).optional(),
  last_name: requiredName(MESSAGES.lastNameRequired).optional(),
  title: optionalText(LIMITS.field.title),
  phone_number: optionalText(LIMITS.field.phone),
  address: optionalText(254),
  city: optionalText(100),
  region: optionalText(100),
  postal_code: optionalText(20),
  country: optionalText(100),
  shipping_vendor: z.enum(SHIPPING_VENDORS).nullable().optional(),
  shipping_vendor_account_number: optionalText(50),
  globus_username: globusUsernameSchema.nullable().optional().or(z.literal('')),
  orcid: orcidSchema.nullable().optional().or(z.literal('')),
  primary_role: roleKeySchema.optional(),
  emails: z.array(emailSchema).max(10).optional(),
  phone_numbers: z.array(z.string().trim().min(1).max(LIMITS.field.phone)).max(10).optional(),
  /** Whether reminders about stalled work are e-mailed to the user (decision 274). */
  reminder_email_opted_in: z.boolean().optional(),
});
export type UpdateProfile = z.infer<typeof updateProfileSchema>;

/** POST api-token-auth/ as a staff member acting as another user. */
export const impersonateSchema = z.strictObject({ email: emailSchema, token: z.string().min(1).max(4096) });

export const postLogSchema = z.strictObject({ log: z.string().trim().min(1).max(5000) });

/** GET/PATCH user/{id}/ for the user themself (My Profile). */
export const userProfileSchema = z.object({
  id: z.number(),
  email: z.string(),
  /** A new sign-in address waiting to be confirmed from its mailbox (decision 307), or null. */
  pending_email: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  title: z.string().nullable(),
  phone_number: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string().nullable(),
  shipping_vendor: z.string().nullable(),
  shipping_vendor_account_number: z.string().nullable(),
  globus_username: z.string().nullable(),
  orcid: z.string().nullable(),
  primary_role: roleKeySchema.nullable(),
  groups: z.array(z.string()),
  verified: z.boolean(),
  active: z.boolean(),
  last_login: z.string().nullable(),
  emails: z.array(z.string()),
  /** The same addresses with whether each is verified yet. */
  email_addresses: z.array(emailAddressSchema),
  phone_numbers: z.array(z.string()),
  /** Reminders about stalled work are e-mailed (decision 274); the bell shows them either way. */
  reminder_email_opted_in: z.boolean(),
  permissions: z.array(z.string()),
});
export type UserProfileDto = z.infer<typeof userProfileSchema>;
