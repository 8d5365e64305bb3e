import { z } from 'zod';
import { idSchema } from './safe-input';
import { LIMITS } from '../constants/limits';
import { MESSAGES } from './messages';

/** What the compliance screen shows after sending (staff §8). */
export const EMAIL_MESSAGES = {
  sentTitle: 'Email has been sent',
  sentBody: 'Your email was successfully sent.',
  errorTitle: 'Error while sending email',
} as const;

const EMAIL_PATTERN = /^[^\s@,;<>()]+@[^\s@,;<>()]+\.[^\s@,;<>()]+$/;

/** The addresses of a recipient field: a list, or text split on spaces and commas (staff §5). */
export function splitRecipients(value: string | readonly string[]): string[] {
  const parts = typeof value === 'string' ? [value] : value;
  return parts
    .flatMap((part) => part.split(/[\s,]+/))
    .map((part) => part.trim())
    .filter(Boolean);
}

export function isEmailAddress(value: string): boolean {
  return value.length <= LIMITS.field.email && EMAIL_PATTERN.test(value);
}

/** Distinct addresses, first spelling kept, compared without case. */
function distinct(addresses: string[]): string[] {
  const seen = new Set<string>();
  return addresses.filter((address) => {
    const key = address.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export const recipientsSchema = z
  .union([z.string().max(20_000), z.array(z.string().max(LIMITS.field.email * 4)).max(200)])
  .transform((value) => distinct(splitRecipients(value)))
  .refine((addresses) => addresses.every(isEmailAddress), { error: MESSAGES.invalidEmail })
  .refine((addresses) => addresses.length <= 100, { error: 'Send to at most 100 addresses at once.' });

const templateKey = z
  .string()
  .trim()
  .regex(/^[a-z0-9_-]{1,50}$/, { error: 'Use lowercase letters, digits, - or _.' });

/** POST email/: the e-mail composer (staff §3 "e-mail payload", §7 "POST send email"). */
export const sendEmailSchema = z.strictObject({
  to: recipientsSchema.refine((addresses) => addresses.length > 0, { error: MESSAGES.invalidEmail }),
  cc: recipientsSchema.default([]),
  bcc: recipientsSchema.default([]),
  subject: z.string({ error: MESSAGES.blank }).trim().min(1, { error: MESSAGES.blank }).max(255),
  /** Plain text, or HTML (sanitised by the server). */
  body: z.string({ error: MESSAGES.blank }).trim().min(1, { error: MESSAGES.blank }).max(50_000),
  email_template: templateKey.default('custom'),
  model_name: templateKey.nullable().optional(),
  object_ids: z.array(idSchema()).max(1000).default([]),
  /** Without it, every `to` address must belong to a portal user. */
  send_to_non_existing_user: z.boolean().default(false),
});
export type SendEmail = z.infer<typeof sendEmailSchema>;
export type SendEmailInput = z.input<typeof sendEmailSchema>;

export const emailLogSchema = z.object({
  id: z.number(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  subject: z.string(),
  body: z.string(),
  html: z.string().nullable(),
  template: z.string(),
  model_name: z.string().nullable(),
  object_ids: z.array(z.number()),
  status: z.enum(['queued', 'sending', 'sent', 'failed']),
  last_error: z.string().nullable(),
  created: z.string(),
  sent_at: z.string().nullable(),
  created_by: z.object({ id: z.number(), full_name: z.string() }).nullable(),
});
export type EmailLogDto = z.infer<typeof emailLogSchema>;

/** GET email/: a template filled in for objects ("Email info": email_type, model_name, obj_ids). */
export const emailInfoQuerySchema = z.strictObject({
  email_type: templateKey,
  model_name: templateKey,
  obj_ids: z
    .string()
    .regex(/^\d{1,15}(,\d{1,15})*$/, { error: 'Enter ids separated by commas.' })
    .transform((value) => value.split(',').map(Number)),
});

export const emailInfoSchema = z.object({
  from: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  subject: z.string(),
  body: z.string(),
  email_template: z.string(),
  model_name: z.string(),
  object_ids: z.array(z.number()),
});
export type EmailInfoDto = z.infer<typeof emailInfoSchema>;
