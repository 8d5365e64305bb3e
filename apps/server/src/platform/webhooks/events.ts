import { randomUUID } from 'node:crypto';
import {
  DECISION_STATUSES,
  INSTITUTION_STATUSES,
  RDA_STATUSES,
  REQUEST_STATUSES,
  type RequestStatusId,
  type WebhookEvent,
  type WebhookEventType,
} from '@rrp/domain';

/** One audited change as `recordHistory` writes it (snapshots with Dates already as strings). */
export interface AuditedChange {
  model: string;
  objectId: string;
  action: 'create' | 'update' | 'delete';
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

type Names = Record<number, string>;

function statusState(status: unknown, names: Names): Record<string, unknown> | null {
  if (typeof status !== 'number') return null;
  return { status, status_name: names[status] ?? null };
}

function event(
  type: WebhookEventType,
  change: AuditedChange,
  previous: Record<string, unknown> | null,
  current: Record<string, unknown> | null,
  now: Date,
  model = change.model,
): WebhookEvent {
  return {
    id: randomUUID(),
    type,
    occurred_at: now.toISOString(),
    object: { model, id: change.objectId },
    previous,
    current,
  };
}

function rdaStatus(snapshot: Record<string, unknown>): unknown {
  const data = snapshot.additionalData as Record<string, unknown> | undefined;
  return data?.status;
}

const isReleased = (snapshot: Record<string, unknown>) =>
  snapshot.available === true && typeof snapshot.releaseDate === 'string';

/**
 * The events one audited change makes: a request's or institution's new status (and, for a request,
 * a decision), an RDA's new status, a dataset version becoming released. Read from the history
 * snapshots, so every writer that audits its change (the one rule of `recordHistory`) emits them.
 */
export function eventsOf(change: AuditedChange, now = new Date()): WebhookEvent[] {
  const { before, after } = change;
  if (change.action === 'delete') return [];
  switch (change.model) {
    case 'request': {
      if (change.action !== 'update' || before.statusId === after.statusId) return [];
      const previous = statusState(before.statusId, REQUEST_STATUSES);
      const current = statusState(after.statusId, REQUEST_STATUSES);
      const events = [event('request.status_changed', change, previous, current, now)];
      if (DECISION_STATUSES.includes(after.statusId as RequestStatusId)) {
        events.push(event('request.decided', change, previous, current, now));
      }
      return events;
    }
    case 'institution':
      if (before.statusId === after.statusId) return [];
      return [
        event(
          'institution.status_changed',
          change,
          statusState(before.statusId, INSTITUTION_STATUSES),
          statusState(after.statusId, INSTITUTION_STATUSES),
          now,
        ),
      ];
    case 'file': {
      if (after.type !== 'rda' || rdaStatus(before) === rdaStatus(after)) return [];
      const current = statusState(rdaStatus(after), RDA_STATUSES);
      if (!current) return [];
      return [
        event(
          'rda.status_changed',
          change,
          statusState(rdaStatus(before), RDA_STATUSES),
          { ...current, institution_id: after.institutionId ?? null },
          now,
          'rda',
        ),
      ];
    }
    case 'dataset': {
      if (!isReleased(after) || isReleased(before)) return [];
      const state = (snapshot: Record<string, unknown>) => ({
        dataset_id: snapshot.datasetId ?? null,
        version: snapshot.version ?? null,
        available: snapshot.available ?? null,
        release_date: snapshot.releaseDate ?? null,
      });
      return [
        event(
          'dataset.released',
          change,
          change.action === 'create' ? null : state(before),
          state(after),
          now,
        ),
      ];
    }
    default:
      return [];
  }
}
