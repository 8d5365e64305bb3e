import type { WebhookDeliveryDto, WebhookDto, WebhookEventType } from '@rrp/domain';
import type { LastDelivery, WebhookDeliveryRow, WebhookRow } from './webhooks.repo';

/** Enough of the secret to tell which one is set, never enough to use it. */
const secretHint = (secret: string) => `whsec_…${secret.slice(-4)}`;

export function presentWebhook(row: WebhookRow, last: LastDelivery | undefined): WebhookDto {
  return {
    id: row.id,
    url: row.url,
    secret_hint: secretHint(row.secret),
    event_types: row.eventTypes as WebhookEventType[],
    description: row.description,
    active: row.active,
    created: row.created.toISOString(),
    modified: row.modified.toISOString(),
    last_delivery: last
      ? { status: last.status, status_code: last.statusCode, created: last.created.toISOString() }
      : null,
  };
}

export function presentDelivery(row: WebhookDeliveryRow): WebhookDeliveryDto {
  return {
    id: row.id,
    endpoint: row.endpointId,
    event_id: row.eventId,
    event_type: row.eventType,
    status: row.status,
    attempts: row.attempts,
    status_code: row.statusCode,
    error: row.lastError,
    next_attempt_at: row.status === 'queued' ? row.nextAttemptAt.toISOString() : null,
    created: row.created.toISOString(),
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    payload: row.payload,
  };
}
