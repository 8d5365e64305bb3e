import { z } from 'zod';
import { idTextSchema, MAX_ID } from './safe-input';
import { REQUEST_STATUSES } from '../constants/statuses';
import { FLOW_KEYS, WORKFLOW_MESSAGES } from '../workflows/transitions';
import { recipientsSchema } from './email';
import { MESSAGES } from './messages';

/**
 * Decisions on a request (staff §4.2, §7): the options open to the caller, the prefilled e-mail
 * of a decision and the decision itself. The rules are in `workflows/`.
 */

export const decisionOptionSchema = z.object({
  status: z.number(),
  name: z.string(),
  action: z.string(),
  email: z.enum(['required', 'optional']),
});
export type DecisionOptionDto = z.infer<typeof decisionOptionSchema>;

export const teamGapSchema = z.object({
  user_id: z.number().nullable(),
  display_name: z.string(),
  reasons: z.array(z.string()),
});

/** GET request/{id}/decisions/: `flow` is null and `options` empty for a role that may not decide. */
export const requestDecisionsSchema = z.object({
  flow: z.enum(FLOW_KEYS).nullable(),
  status: z.number(),
  status_name: z.string(),
  options: z.array(decisionOptionSchema),
  team: z.object({ complete: z.boolean(), missing: z.array(teamGapSchema) }),
});
export type RequestDecisions = z.infer<typeof requestDecisionsSchema>;

const decisionStatus = z.coerce
  .number({ error: 'Please choose a decision.' })
  .int({ error: 'Please choose a decision.' })
  .refine((value) => value in REQUEST_STATUSES, { error: 'Please choose a decision.' });

/** GET request/{id}/decision-email/?status=N */
export const decisionEmailQuerySchema = z.strictObject({
  status: idTextSchema('Please choose a decision.').refine((value) => value in REQUEST_STATUSES, {
    error: 'Please choose a decision.',
  }),
});

/** The prefilled e-mail of a decision (the composer's starting point). */
export const decisionEmailSchema = z.object({
  to: z.array(z.string()),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  subject: z.string(),
  body: z.string(),
});
export type DecisionEmail = z.infer<typeof decisionEmailSchema>;

const fileId = z
  .number({ error: WORKFLOW_MESSAGES.attachmentUnknown })
  .int({ error: WORKFLOW_MESSAGES.attachmentUnknown })
  .positive({ error: WORKFLOW_MESSAGES.attachmentUnknown })
  .max(MAX_ID, { error: WORKFLOW_MESSAGES.attachmentUnknown });

/**
 * The e-mail sent with a decision: recipients as lists or text split on spaces and commas
 * (staff §5); attachments are files uploaded before as `decision_docs` of this request.
 */
export const decisionEmailInputSchema = z.strictObject({
  to: recipientsSchema.refine((addresses) => addresses.length > 0, {
    error: WORKFLOW_MESSAGES.recipientsRequired,
  }),
  cc: recipientsSchema.default([]),
  bcc: recipientsSchema.default([]),
  subject: z.string({ error: MESSAGES.blank }).trim().min(1, { error: MESSAGES.blank }).max(255),
  body: z.string({ error: MESSAGES.blank }).trim().min(1, { error: MESSAGES.blank }).max(50_000),
  attachments: z.array(fileId).max(20, { error: 'Attach at most 20 files.' }).default([]),
});
export type DecisionEmailInput = z.infer<typeof decisionEmailInputSchema>;

/** POST request/{id}/decision/: the new status, and the e-mail when one is sent. */
export const decisionInputSchema = z.strictObject({
  status: decisionStatus,
  email: decisionEmailInputSchema.nullish(),
});
export type DecisionInput = z.infer<typeof decisionInputSchema>;
export type DecisionInputRaw = z.input<typeof decisionInputSchema>;

/** The file type of the documents attached to a decision e-mail (staff §4.2). */
export const DECISION_DOCS_FILE_TYPE = 'decision_docs';
