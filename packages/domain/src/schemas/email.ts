import { z } from 'zod';
import { idListTextSchema, idSchema } from './safe-input';
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
  /** Stored files sent with the e-mail (ids of files the sender may read). */
  attachments: z.array(idSchema()).max(20).default([]),
  /** The portal's sender address; any other is refused (the portal sends as itself only). */
  from: z.string().trim().max(LIMITS.field.email).optional(),
  /** The composer is not feedback (the feedback form sends `feedback: true`). */
  feedback: z.literal(false).optional(),
  /** A bot-check answer is not needed from signed-in staff; accepted as the spec's payload has it. */
  recaptcha_token: z.string().max(4000).optional(),
});
export type SendEmail = z.infer<typeof sendEmailSchema>;
export type SendEmailInput = z.input<typeof sendEmailSchema>;

/** The feedback form's texts (staff §8 "Feedback: success 'Thank You'; failure modal 'Error'"). */
export const FEEDBACK_MESSAGES = {
  required: 'Required',
  thankYou: 'Thank You',
  thankYouBody: 'Your feedback has been sent to our support team.',
  error: 'Error',
  subject: 'Portal feedback',
} as const;

/** Feedback texts are messages, not documents. */
export const FEEDBACK_MAX_LENGTH = 5000;

/**
 * The feedback form, signed in or out (staff §2.14, §5): POST email/ with `feedback: true`. The
 * text is required; a contact e-mail is required when a reply is wanted; the bot-check answer
 * is verified by the server. It always goes to the support address.
 */
export const feedbackSchema = z
  .strictObject({
    feedback: z.literal(true),
    /** The feedback text (sanitised by the server). */
    body: z
      .string({ error: FEEDBACK_MESSAGES.required })
      .trim()
      .min(1, { error: FEEDBACK_MESSAGES.required })
      .max(FEEDBACK_MAX_LENGTH),
    reply_wanted: z.boolean().default(false),
    /** Where a reply goes; required with `reply_wanted`. */
    contact_email: z.string().trim().max(LIMITS.field.email).default(''),
    recaptcha_token: z.string().max(4000).optional(),
    is_v2: z.boolean().optional(),
  })
  .superRefine((input, ctx) => {
    if (input.reply_wanted && !input.contact_email) {
      ctx.addIssue({ code: 'custom', path: ['contact_email'], message: FEEDBACK_MESSAGES.required });
    } else if (input.contact_email && !isEmailAddress(input.contact_email)) {
      ctx.addIssue({ code: 'custom', path: ['contact_email'], message: MESSAGES.invalidEmail });
    }
  });
export type Feedback = z.infer<typeof feedbackSchema>;
export type FeedbackInput = z.input<typeof feedbackSchema>;

/** POST email/ (staff §7 "POST send email"): the staff composer, or the feedback form. */
export const postEmailSchema = z.discriminatedUnion('feedback', [sendEmailSchema, feedbackSchema]);
export type PostEmail = z.infer<typeof postEmailSchema>;

/** What POST email/ answers for feedback: that it was received, nothing of the log. */
export const feedbackReceivedSchema = z.object({ detail: z.string() });

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
  /** Delivery attempts so far (retried with backoff, failed after the last). */
  attempts: z.number(),
  last_error: z.string().nullable(),
  /** The entry this one is a copy of, when it was sent again from the log. */
  resent_from: z.number().nullable(),
  created: z.string(),
  sent_at: z.string().nullable(),
  created_by: z.object({ id: z.number(), full_name: z.string() }).nullable(),
});
export type EmailLogDto = z.infer<typeof emailLogSchema>;

/** GET email/: a template filled in for objects ("Email info": email_type, model_name, obj_ids). */
export const emailInfoQuerySchema = z.strictObject({
  email_type: templateKey,
  model_name: templateKey,
  obj_ids: idListTextSchema('Enter ids separated by commas.'),
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
