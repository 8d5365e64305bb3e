import { z } from 'zod';
import { idSchema, MAX_ID } from './safe-input';
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

const CHOOSE_REQUEST = 'Choose a request.';
/** `additional_data.rm_application`: the renewed application as `{id}` (staff §3) or its bare id. */
const applicationRefSchema = z.union([idSchema(CHOOSE_REQUEST), z.object({ id: idSchema(CHOOSE_REQUEST) })], {
  error: CHOOSE_REQUEST,
});

/**
 * POST renewal/ (researcher §7, staff §7): the request, its renewal type and the form's answers.
 * The spec's call names the request only inside the answers (`additional_data.rm_application`);
 * the web app sends `request` as well. Either names it; when both do, they must agree.
 */
export const createRenewalSchema = z
  .strictObject({
    request: idField(CHOOSE_REQUEST).optional(),
    type: idField(RENEWAL_MESSAGES.wrongType).optional(),
    agreed_to_usage_policy: z.boolean().optional(),
    additional_data: answersSchema,
  })
  .transform((input, ctx) => {
    const named = input.additional_data.rm_application;
    let fromAnswers: number | undefined;
    if (named !== undefined && named !== null) {
      const parsed = applicationRefSchema.safeParse(named);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', path: ['rm_application'], message: CHOOSE_REQUEST });
        return z.NEVER;
      }
      fromAnswers = typeof parsed.data === 'number' ? parsed.data : parsed.data.id;
    }
    if (input.request !== undefined && fromAnswers !== undefined && input.request !== fromAnswers) {
      ctx.addIssue({ code: 'custom', path: ['rm_application'], message: RENEWAL_MESSAGES.otherApplication });
      return z.NEVER;
    }
    const request = input.request ?? fromAnswers;
    if (request === undefined) {
      ctx.addIssue({ code: 'custom', path: ['request'], message: CHOOSE_REQUEST });
      return z.NEVER;
    }
    return { ...input, request };
  });
export type CreateRenewalInput = z.output<typeof createRenewalSchema>;

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
