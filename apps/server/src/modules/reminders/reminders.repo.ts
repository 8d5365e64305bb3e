import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { WORKFLOW_STATUS, type ReminderKind } from '@rrp/domain';
import { groups, reminderSends, reminderSettings, userGroups, users } from '../../db/schema';
import type { DbOrTx } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';
import { REVIEW_COMPLETE } from '../../platform/research-match-reviews';
import { selectPage, type ParsedList } from '../../platform/list';

/**
 * What the reminders read and write (decision 273): their settings, what was sent, and for each
 * kind the items now due, in SQL over the requests' status stays, the reviews, the RDAs' history.
 */

export type SettingRow = typeof reminderSettings.$inferSelect;

export async function listSettings(db: DbOrTx): Promise<SettingRow[]> {
  return db.select().from(reminderSettings).orderBy(asc(reminderSettings.id));
}

/** One page of GET reminder-setting/ and the total. */
export function settingsPage(db: DbOrTx, list: ParsedList) {
  return selectPage(db, reminderSettings, list);
}

export async function findSetting(db: DbOrTx, id: number): Promise<SettingRow | null> {
  const [row] = await db.select().from(reminderSettings).where(eq(reminderSettings.id, id));
  return row ?? null;
}

export async function updateSetting(
  db: DbOrTx,
  id: number,
  changes: Partial<typeof reminderSettings.$inferInsert>,
): Promise<SettingRow> {
  const [row] = await db
    .update(reminderSettings)
    .set({ ...changes, modified: new Date() })
    .where(eq(reminderSettings.id, id))
    .returning();
  return row!;
}

/** One thing someone is reminded of. `recipientId` null: every administrator. */
export interface DueItem {
  itemKey: string;
  recipientId: number | null;
  /** The object it is about, for the e-mail log (`request` or `institution`) and the link. */
  model: 'request' | 'institution';
  objectId: number;
  /** One line of the e-mail's list, without its link. */
  line: string;
  /** Where it is dealt with. */
  path: string;
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const daysBefore = (now: Date, days: number) => at(new Date(now.getTime() - days * 86_400_000));
const day = (value: string | Date) => new Date(value).toISOString().slice(0, 10);
const requestName = (row: { portal_request_id: string; display_name: string }) =>
  row.display_name ? `${row.portal_request_id} (${row.display_name})` : row.portal_request_id;

/**
 * Reviewers of Research Match applications under review whose due date is within `days`, and
 * whose review of this cycle is not complete (a reviewer who declared a conflict is not asked).
 */
export async function reviewsDue(db: DbOrTx, now: Date, days: number): Promise<DueItem[]> {
  const rows = await rowsOf<{
    request_id: number;
    portal_request_id: string;
    display_name: string;
    due_date: string;
    user_id: number;
  }>(
    db,
    sql`select request.id as request_id, request.portal_request_id, request.display_name,
        summary.due_date, assignment.user_id
      from request_summaries summary
      join requests request on request.id = summary.request_id
      join request_reviewers assignment on assignment.request_id = request.id and assignment.reviewer_role is not null
      join users reviewer on reviewer.id = assignment.user_id and reviewer.is_active
      where request.status_id = ${WORKFLOW_STATUS.underReview}::integer
        and summary.due_date > ${at(now)}
        and summary.due_date <= ${at(new Date(now.getTime() + days * 86_400_000))}
        and not exists (
          select 1 from review_conflicts conflict
          where conflict.request_id = request.id and conflict.user_id = assignment.user_id and conflict.conflict_exists
        )
        and not exists (
          select 1 from reviews review
          where review.request_id = request.id and review.reviewer_id = assignment.user_id
            and review.cycle = greatest(summary.review_cycle, 1) and ${REVIEW_COMPLETE}
        )
      order by summary.due_date, request.id`,
  );
  return rows.map((row) => ({
    // A new due date is a new item: the reviewer hears again about the new deadline.
    itemKey: `request:${row.request_id}:due:${day(row.due_date)}`,
    recipientId: Number(row.user_id),
    model: 'request',
    objectId: Number(row.request_id),
    line: `${requestName(row)}: due ${day(row.due_date)}`,
    path: `/request/${row.request_id}`,
  }));
}

/**
 * Institutions whose current RDA has been waiting for its signing official's signature (Signature
 * Needed) for at least `days`, since it last became so in its history (else since it was made).
 */
export async function rdasAwaitingSignature(db: DbOrTx, now: Date, days: number): Promise<DueItem[]> {
  const rows = await rowsOf<{
    institution_id: number;
    name: string;
    official_id: number;
    file_id: number;
    since: string;
  }>(
    db,
    sql`select institution.id as institution_id, institution.name, institution.current_io_id as official_id,
        rda.id as file_id, coalesce(waiting.since, rda.created) as since
      from institutions institution
      join files rda on rda.id = institution.current_rda_id
      join users official on official.id = institution.current_io_id and official.is_active
      left join lateral (
        select min(version.modified) as since
        from history version
        where version.model = 'file' and version.object_id = rda.id::text
          and version.version > coalesce((
            select max(other.version) from history other
            where other.model = 'file' and other.object_id = rda.id::text
              and (other.data -> 'additionalData' ->> 'status') is distinct from '1'
          ), 0)
      ) waiting on true
      where rda.additional_data ->> 'status' = '1'
        and coalesce(waiting.since, rda.created) <= ${daysBefore(now, days)}
      order by since, institution.id`,
  );
  return rows.map((row) => ({
    itemKey: `rda:${row.file_id}`,
    recipientId: Number(row.official_id),
    model: 'institution',
    objectId: Number(row.institution_id),
    line: `${row.name}: RDA waiting since ${day(row.since)}`,
    path: `/rda/${row.file_id}`,
  }));
}

/** Requests in `status` since at least `days` ago (their current stay), oldest first. */
export async function requestsWaitingIn(
  db: DbOrTx,
  status: number,
  now: Date,
  days: number,
  options: { untouched?: boolean } = {},
): Promise<
  {
    id: number;
    portal_request_id: string;
    display_name: string;
    owner_id: number;
    project_id: number;
    since: string;
  }[]
> {
  const rows = await rowsOf<{
    id: number;
    portal_request_id: string;
    display_name: string;
    owner_id: number;
    project_id: number;
    since: string;
  }>(
    db,
    sql`select request.id, request.portal_request_id, request.display_name, request.owner_id,
        request.project_id, stay.entered_at as since
      from request_status_stays stay
      join requests request on request.id = stay.request_id and request.status_id = stay.status_id
      where stay.left_at is null and stay.status_id = ${status}::integer
        and stay.entered_at <= ${daysBefore(now, days)}
        ${options.untouched ? sql`and request.modified <= ${daysBefore(now, days)}` : sql``}
      order by stay.entered_at, request.id`,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), owner_id: Number(row.owner_id) }));
}

/** Owners of requests in Revisions Requested for at least `days`. */
export async function revisionsWaiting(db: DbOrTx, now: Date, days: number): Promise<DueItem[]> {
  const rows = await requestsWaitingIn(db, WORKFLOW_STATUS.revisionsRequested, now, days);
  return rows.map((row) => ({
    itemKey: `request:${row.id}`,
    recipientId: row.owner_id,
    model: 'request',
    objectId: row.id,
    line: `${requestName(row)}: revisions requested on ${day(row.since)}`,
    path: `/request/${row.id}`,
  }));
}

/** Submitted requests nothing has happened to for at least `days` (for every administrator). */
export async function submittedUntouched(db: DbOrTx, now: Date, days: number): Promise<DueItem[]> {
  const rows = await requestsWaitingIn(db, WORKFLOW_STATUS.submitted, now, days, { untouched: true });
  return rows.map((row) => ({
    itemKey: `request:${row.id}`,
    recipientId: null,
    model: 'request',
    objectId: row.id,
    line: `${requestName(row)}: submitted ${day(row.since)}`,
    path: `/request/${row.id}`,
  }));
}

/** The items of `kind` each recipient (or, for null, the administrators) heard of within `days`. */
export async function recentlySent(
  db: DbOrTx,
  kind: ReminderKind,
  itemKeys: readonly string[],
  since: Date,
): Promise<Set<string>> {
  if (itemKeys.length === 0) return new Set();
  const rows = await db
    .select({ itemKey: reminderSends.itemKey, recipientId: reminderSends.recipientId })
    .from(reminderSends)
    .where(
      and(
        eq(reminderSends.kind, kind),
        inArray(reminderSends.itemKey, [...new Set(itemKeys)]),
        gt(reminderSends.sentAt, since),
      ),
    );
  return new Set(rows.map((row) => sentKey(row.itemKey, row.recipientId)));
}

export const sentKey = (itemKey: string, recipientId: number | null) =>
  `${itemKey}|${recipientId ?? 'admins'}`;

/** Rows per insert (PGlite takes at most 65,535 parameters per statement). */
const SENDS_PER_INSERT = 1_000;

export async function recordSends(
  db: DbOrTx,
  rows: {
    kind: ReminderKind;
    itemKey: string;
    recipientId: number | null;
    emailLogId: number | null;
    sentAt: Date;
  }[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += SENDS_PER_INSERT) {
    await db.insert(reminderSends).values(rows.slice(start, start + SENDS_PER_INSERT));
  }
}

export interface Recipient {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  reminderEmailOptedIn: boolean;
}

const recipientColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  reminderEmailOptedIn: users.reminderEmailOptedIn,
};

export async function recipientsByIds(db: DbOrTx, ids: readonly number[]): Promise<Recipient[]> {
  if (ids.length === 0) return [];
  return db
    .select(recipientColumns)
    .from(users)
    .where(and(inArray(users.id, [...new Set(ids)]), eq(users.isActive, true)));
}

/** The active holders of a role (the administrators the submitted-requests reminder goes to). */
export async function activeHoldersOf(db: DbOrTx, role: string): Promise<Recipient[]> {
  return db
    .select(recipientColumns)
    .from(users)
    .innerJoin(userGroups, eq(userGroups.userId, users.id))
    .innerJoin(groups, eq(groups.id, userGroups.groupId))
    .where(and(eq(groups.name, role), eq(users.isActive, true)))
    .orderBy(asc(users.id));
}
