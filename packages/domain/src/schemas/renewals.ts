import { z } from 'zod';
import { MAX_ID } from './safe-input';
import { REQUEST_STATUSES, type RequestStatusId } from '../constants/statuses';
import { RENEWAL_MESSAGES, RENEWAL_STATUS_CHOICES } from '../workflows/renewal-rules';

/**
 * The renewal calls' payloads and answers (researcher §7, staff §7). Their rules, dates and
 * messages are in workflows/renewal-rules.ts, free of the schema library so that screens showing
 * expiry notices need not load it.
 */
/** The answers of the renewal form: checked by the form validator, so only a JSON object here. */
const answersSchema = z.record(z.string(), z.unknown(), { error: 'Enter the answers of the form.' });
const idField = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).positive({ error: message }).max(MAX_ID);

/** POST renewal/ (researcher §7, staff §7): the request, its renewal type and the form's answers. */
export const createRenewalSchema = z.strictObject({
  request: idField('Choose a request.'),
  type: idField(RENEWAL_MESSAGES.wrongType).optional(),
  agreed_to_usage_policy: z.boolean().optional(),
  additional_data: answersSchema,
});
export type CreateRenewalInput = z.infer<typeof createRenewalSchema>;

/** PATCH renewal/{id}/: staff set its status; the owner edits the answers while it is open. */
export const updateRenewalSchema = z.strictObject({
  status: z.coerce
    .number({ error: RENEWAL_MESSAGES.statusChoice })
    .int({ error: RENEWAL_MESSAGES.statusChoice })
    .refine((value) => RENEWAL_STATUS_CHOICES.includes(value as RequestStatusId), {
      error: RENEWAL_MESSAGES.statusChoice,
    })
    .optional(),
  agreed_to_usage_policy: z.boolean().optional(),
  additional_data: answersSchema.optional(),
});
export type UpdateRenewalInput = z.infer<typeof updateRenewalSchema>;

const personRef = z.object({ id: z.number(), display_name: z.string() });

/** A renewal as GET/POST/PATCH renewal answer it (staff §3 renewal). */
export const renewalSchema = z.object({
  id: z.number(),
  request: z.number(),
  portal_request_id: z.string(),
  type: z.number(),
  type_name: z.string(),
  status: z.number(),
  status_name: z.string(),
  owner: personRef.nullable(),
  agreed_to_usage_policy: z.boolean(),
  /** The form's answers; `renew` is the renewal choice. */
  additional_data: z.record(z.string(), z.unknown()),
  /** The request's expiration date before and after this renewal (null when unchanged). */
  expiration_before: z.string().nullable(),
  expiration_after: z.string().nullable(),
  submission_date: z.string().nullable(),
  created: z.string(),
  modified: z.string(),
  permissions: z.array(z.string()),
});
export type RenewalDto = z.infer<typeof renewalSchema>;

export const renewalStatusName = (status: number) =>
  REQUEST_STATUSES[status as RequestStatusId] ?? String(status);
