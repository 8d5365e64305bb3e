import {
  addMonthsUtc,
  CALENDAR_FEED_MESSAGES,
  CALENDAR_FEED_WINDOW,
  can,
  EXPIRY_WINDOW_MONTHS,
  mayAttempt,
  type Action,
  type Actor,
  type CalendarFeedDto,
  type RoleKey,
  type Subject,
} from '@rrp/domain';
import type { Db } from '../../platform/db/database';
import { ForbiddenError, NotFoundError } from '../../platform/http/errors';
import { feedSecrets, SECRET_FORMAT } from './calendar-secret';
import { calendarText, type CalendarItem } from './calendar-items';
import * as feeds from './calendar.repo';
import * as dates from './calendar-events.repo';

const DAY_MS = 86_400_000;

export interface CalendarDeps {
  db: Db;
  /** The server secret the feeds' secrets are derived from. */
  serverSecret: string;
  publicUrl: string;
  productName: string;
  now?: () => Date;
}

/** What the feed's owner may do in any role they hold (the feed is theirs, whatever role is active). */
function rolesOf(userId: number, roles: readonly RoleKey[]) {
  const actors: Actor[] = roles.map((role) => ({ userId, role, roles }));
  return {
    mayAttempt: (action: Action, subject: Subject) =>
      actors.some((actor) => mayAttempt(actor, action, subject)),
    holds: (action: Action, subject: Subject) => actors.some((actor) => can(actor, action, subject)),
  };
}

const requestName = (row: { portal_request_id: string; title: string }) =>
  row.title ? `${row.portal_request_id} (${row.title})` : row.portal_request_id;

/**
 * Calendar feeds (issue 33): a user's own dates at a secret address calendar clients read without
 * a session. The owner sees, regenerates and turns off the address on My Profile; a session of
 * staff acting as them may do none of it (the address would outlive the impersonation).
 */
export function createCalendarService(deps: CalendarDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const secrets = feedSecrets(deps.serverSecret);

  const addressOf = (secret: string) => `${deps.publicUrl}/api/calendar/${secret}.ics`;

  function ownerOnly(actor: Actor): number {
    if (actor.impersonatorId != null) throw new ForbiddenError(CALENDAR_FEED_MESSAGES.impersonating);
    return actor.userId;
  }

  function present(row: feeds.FeedRow | null): CalendarFeedDto {
    const secret = row && secrets.secretOf(row.nonce);
    // A feed whose secret the current server key no longer gives (the key was changed) is off.
    if (!row || !secret || secrets.hashOf(secret) !== row.tokenHash) return { url: null, created_at: null };
    return { url: addressOf(secret), created_at: row.created.toISOString() };
  }

  /** The owner's dates the feed holds, each kind only for a role that reads it. */
  async function itemsOf(userId: number, roles: readonly RoleKey[], at: Date): Promise<CalendarItem[]> {
    const may = rolesOf(userId, roles);
    const window = {
      from: new Date(at.getTime() - CALENDAR_FEED_WINDOW.daysBack * DAY_MS),
      to: new Date(at.getTime() + CALENDAR_FEED_WINDOW.daysAhead * DAY_MS),
    };
    const none = Promise.resolve([]);
    const scores = may.mayAttempt('update', 'Review');
    const runsMeetings = may.holds('review', 'ReviewCycle') && may.holds('read', 'ReviewMeeting');
    const [reviews, tissue, meetings, reviewedMeetings, rdas, irbs, expiries, joinders] = await Promise.all([
      scores ? dates.researchMatchReviewsDue(db, userId, window) : none,
      may.mayAttempt('update', 'TissueReview') ? dates.tissueReviewsDue(db, userId, window) : none,
      runsMeetings ? dates.applicationsAtMeeting(db, window) : none,
      scores && !runsMeetings ? dates.reviewedApplicationsAtMeeting(db, userId, window) : none,
      may.mayAttempt('sign', 'Rda') ? dates.rdasToSign(db, userId, window) : none,
      may.mayAttempt('update', 'Project') ? dates.irbRenewals(db, userId, window) : none,
      may.mayAttempt('read', 'Request')
        ? dates.accessExpiries(db, userId, window.from, addMonthsUtc(window.to, EXPIRY_WINDOW_MONTHS))
        : none,
      dates.joindersToSign(db, userId, window),
    ]);
    const filesRenewals = may.mayAttempt('create', 'Renewal');
    return [
      ...reviews.map((row) => ({
        kind: 'review-due' as const,
        objectId: row.request_id,
        start: new Date(row.at),
        allDay: false,
        summary: `Review due: ${requestName(row)}`,
        path: `/request/${row.request_id}`,
      })),
      ...tissue.map((row) => ({
        kind: 'tissue-review-due' as const,
        objectId: row.request_id,
        start: new Date(row.at),
        allDay: false,
        summary: `Tissue review due: ${requestName(row)}`,
        path: `/abn-review/${row.request_id}`,
      })),
      ...[...meetings, ...reviewedMeetings].map((row) => ({
        kind: 'review-meeting' as const,
        objectId: row.request_id,
        start: new Date(row.at),
        allDay: true,
        summary: `Ready for the review meeting: ${requestName(row)}`,
        path: runsMeetings ? `/request/${row.request_id}/review-meeting` : `/request/${row.request_id}`,
      })),
      ...rdas.map((row) => ({
        kind: 'rda-signature' as const,
        objectId: row.file_id,
        start: new Date(row.at),
        allDay: true,
        summary: `RDA waiting for your signature: ${row.institution_name}`,
        path: `/rda/${row.file_id}`,
      })),
      ...irbs.map((row) => ({
        kind: 'irb-renewal' as const,
        objectId: row.project_id,
        start: new Date(`${row.day}T00:00:00Z`),
        allDay: true,
        summary: `IRB renewal due: ${row.portal_project_id} (${row.title})`,
        path: `/project/${row.project_id}`,
      })),
      ...expiries.flatMap((row) => expiryItems(row, window, filesRenewals)),
      ...joinders.map((row) => ({
        kind: 'joinder' as const,
        objectId: row.affiliation_id,
        start: new Date(row.at),
        allDay: true,
        summary: `RDA joinder waiting for your signature: ${row.institution_name}`,
        path: '/joinder',
      })),
    ];
  }

  return {
    async get(actor: Actor): Promise<CalendarFeedDto> {
      return present(await feeds.findFeed(db, ownerOnly(actor)));
    },

    /** Makes the feed, or gives it a new address: the previous one stops working at once. */
    async turnOn(actor: Actor): Promise<CalendarFeedDto> {
      const userId = ownerOnly(actor);
      const { nonce, hash } = secrets.fresh();
      return present(await feeds.upsertFeed(db, { userId, nonce, tokenHash: hash, created: now() }));
    },

    async turnOff(actor: Actor): Promise<void> {
      await feeds.deleteFeed(db, ownerOnly(actor));
    },

    /** The feed at a secret address; anything but a live feed's secret is a 404 that says no more. */
    async feed(secret: string): Promise<string> {
      if (!SECRET_FORMAT.test(secret)) throw new NotFoundError();
      const owner = await feeds.feedOwnerByHash(db, secrets.hashOf(secret));
      if (!owner || !secrets.matches(owner.nonce, secret)) throw new NotFoundError();
      const at = now();
      const items = await itemsOf(owner.userId, owner.roles, at);
      return calendarText(items, { productName: deps.productName, publicUrl: deps.publicUrl, now: at });
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;

/** A request's expiry, and for its owner the day its renewal window opens, within the window. */
function expiryItems(
  row: dates.RequestDate & { owned: boolean },
  window: dates.Window,
  filesRenewals: boolean,
): CalendarItem[] {
  const expires = new Date(row.at);
  const opens = addMonthsUtc(expires, -EXPIRY_WINDOW_MONTHS);
  const items: CalendarItem[] = [];
  if (expires <= window.to) {
    items.push({
      kind: 'access-expiry',
      objectId: row.request_id,
      start: expires,
      allDay: true,
      summary: `Access expires: ${requestName(row)}`,
      path: `/request/${row.request_id}`,
    });
  }
  if (row.owned && filesRenewals && opens >= window.from && opens <= window.to) {
    items.push({
      kind: 'renewal-window',
      objectId: row.request_id,
      start: opens,
      allDay: true,
      summary: `Renewal window opens: ${requestName(row)}`,
      path: `/request/${row.request_id}`,
    });
  }
  return items;
}
