import { z } from 'zod';

/**
 * Outbound webhooks (beyond the spec, issue 19): endpoints a superuser registers, and the events
 * posted to them, signed the Standard Webhooks way (webhook-id, webhook-timestamp,
 * webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">).
 */
export const WEBHOOK_EVENT_TYPES = {
  'request.status_changed': 'A request changed status',
  'request.decided': 'A request was decided (approved, rejected, revisions, …)',
  'institution.status_changed': 'An institution was decided or changed status',
  'rda.status_changed': "An institution's RDA changed status",
  'dataset.released': 'A dataset version was released',
} as const;
export type WebhookEventType = keyof typeof WEBHOOK_EVENT_TYPES;
export const WEBHOOK_EVENT_TYPE_KEYS = Object.keys(WEBHOOK_EVENT_TYPES) as [
  WebhookEventType,
  ...WebhookEventType[],
];
/** The test event a superuser sends from the screen; not subscribable. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_MESSAGES = {
  required: 'This field is required.',
  url: 'Enter a valid URL starting with http:// or https://.',
  httpsOnly: 'Webhook URLs must use https.',
  privateAddress: 'Webhook URLs may not point at loopback, private or link-local addresses.',
  unresolvable: 'The host name of this URL could not be resolved.',
  secret: 'The secret must be whsec_ followed by 24 to 64 bytes in base64.',
  eventTypes: 'Choose at least one event type.',
  unknownEventType: (value: string) => `"${value}" is not a valid choice.`,
  inactive: 'This endpoint is switched off; switch it on to send a test event.',
  sending: 'This delivery is being sent; wait for its answer before sending it again.',
} as const;

/** whsec_ + base64 of 24–64 random bytes (Standard Webhooks' secret format). */
export function isWebhookSecret(value: string): boolean {
  const encoded = value.slice('whsec_'.length);
  if (!value.startsWith('whsec_') || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0) {
    return false;
  }
  const bytes = (encoded.length / 4) * 3 - (encoded.match(/=/g)?.length ?? 0);
  return bytes >= 24 && bytes <= 64;
}

const secretSchema = z
  .string({ error: WEBHOOK_MESSAGES.required })
  .trim()
  .refine(isWebhookSecret, { error: WEBHOOK_MESSAGES.secret });

const urlSchema = z
  .string({ error: WEBHOOK_MESSAGES.required })
  .trim()
  .min(1, { error: WEBHOOK_MESSAGES.required })
  .max(2000)
  .pipe(z.url({ protocol: /^https?$/, error: WEBHOOK_MESSAGES.url }));

// An enum, not `value in WEBHOOK_EVENT_TYPES`: `in` also finds `constructor` and `toString`, and
// the OpenAPI document then names the accepted values.
const eventTypesSchema = z
  .array(
    z.enum(WEBHOOK_EVENT_TYPE_KEYS, {
      error: (issue) => WEBHOOK_MESSAGES.unknownEventType(String(issue.input).slice(0, 100)),
    }),
    { error: WEBHOOK_MESSAGES.eventTypes },
  )
  .min(1, { error: WEBHOOK_MESSAGES.eventTypes })
  .transform((values) => [...new Set(values)]);

/** POST webhook/ */
export const createWebhookSchema = z.strictObject({
  url: urlSchema,
  secret: secretSchema,
  event_types: eventTypesSchema,
  description: z.string().trim().max(500).default(''),
  active: z.boolean().default(true),
});
export type CreateWebhook = z.infer<typeof createWebhookSchema>;

/** PATCH webhook/{id}/: any of the fields; a new secret replaces the old one. */
export const updateWebhookSchema = z.strictObject({
  url: urlSchema.optional(),
  secret: secretSchema.optional(),
  event_types: eventTypesSchema.optional(),
  description: z.string().trim().max(500).optional(),
  active: z.boolean().optional(),
});
export type UpdateWebhook = z.infer<typeof updateWebhookSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['queued', 'sending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

const deliveryStatusSchema = z.enum(WEBHOOK_DELIVERY_STATUSES);

export const webhookSchema = z.object({
  id: z.number(),
  url: z.string(),
  /** The secret is never answered; its last characters tell which one is set. */
  secret_hint: z.string(),
  event_types: z.array(z.enum(WEBHOOK_EVENT_TYPE_KEYS)),
  description: z.string(),
  active: z.boolean(),
  created: z.string(),
  modified: z.string(),
  /** The latest delivery, for the list. */
  last_delivery: z
    .object({ status: deliveryStatusSchema, status_code: z.number().nullable(), created: z.string() })
    .nullable(),
});
export type WebhookDto = z.infer<typeof webhookSchema>;

/** The JSON body of every event (previous and current hold the fields that changed state). */
export interface WebhookEvent {
  id: string;
  type: WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  occurred_at: string;
  object: { model: string; id: string };
  previous: Record<string, unknown> | null;
  current: Record<string, unknown> | null;
}

export const webhookEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  occurred_at: z.string(),
  object: z.object({ model: z.string(), id: z.string() }),
  previous: z.record(z.string(), z.unknown()).nullable(),
  current: z.record(z.string(), z.unknown()).nullable(),
});

export const webhookDeliverySchema = z.object({
  id: z.number(),
  endpoint: z.number(),
  event_id: z.string(),
  event_type: z.string(),
  status: deliveryStatusSchema,
  attempts: z.number(),
  status_code: z.number().nullable(),
  error: z.string().nullable(),
  /** When the next attempt is due (queued ones only). */
  next_attempt_at: z.string().nullable(),
  created: z.string(),
  delivered_at: z.string().nullable(),
  payload: webhookEventSchema,
});
export type WebhookDeliveryDto = z.infer<typeof webhookDeliverySchema>;
