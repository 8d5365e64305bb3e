import { sql, type AnyColumn } from 'drizzle-orm';
import {
  can,
  CONFLICT_REASONS,
  DUE_SOON_DAYS,
  REVIEWER_ASSISTANT_MESSAGES,
  REVIEWER_ROLES,
  reviewerGroupsFor,
  reviewerRoleName,
  type Actor,
  type ConflictReasons,
  type ReviewerConflict,
  type ReviewerSuggestions,
  type ReviewerWorkloadDetail,
  type ReviewerWorkloadRow,
  type ReviewLoadState,
} from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import { ListeningCache } from '../../platform/db/listening-cache';
import { DB_CHANNELS, type Listen } from '../../platform/db/notifications';
import { invalid, NotFoundError } from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import { parseListQuery, type ListSpec } from '../../platform/list';
import * as repo from './reviewer-assistant.repo';

/** A likely conflict in one sentence (the domain's words). */
function wordConflict(facts: repo.ConflictFacts): ReviewerConflict {
  const reason = (() => {
    switch (facts.kind) {
      case 'institution':
        return facts.member === null
          ? CONFLICT_REASONS.applicantInstitution(facts.institution ?? '')
          : CONFLICT_REASONS.memberInstitution(facts.institution ?? '', facts.member);
      case 'research_team':
        return CONFLICT_REASONS.researchTeam(facts.project ?? '');
      case 'declared':
        return CONFLICT_REASONS.declared(facts.request ?? '');
    }
  })();
  return { kind: facts.kind, reason };
}

const loadOf = (row: repo.WorkloadRow | repo.PoolRow) => ({
  open_reviews: Number(row.open_reviews),
  due_soon: Number(row.due_soon),
  overdue: Number(row.overdue),
  median_days_to_complete: row.median_days_to_complete === null ? null : Number(row.median_days_to_complete),
  completed_last_year: Number(row.completed_last_year),
});

const presentRow = (row: repo.WorkloadRow): ReviewerWorkloadRow => ({
  id: Number(row.id),
  display_name: row.display_name,
  email: row.email,
  groups: row.groups,
  ...loadOf(row),
});

/** A flagged reviewer assigned anyway, as the request's history keeps them. */
interface ReviewerConflictNote {
  user: number;
  display_name: string;
  conflicts: ReviewerConflict[];
  /** The reason staff gave, or null when none was given. */
  reason: string | null;
}

const column = (name: string) => sql.raw(`w.${name}`);

/** GET reviewer-workload/: ordering, search by name or e-mail, and one reviewer group. */
export const workloadList: ListSpec = {
  // The workload rows are a computed relation, not a table: its id column is an expression too
  // (the spec only orders by it, as the final tie-breaker).
  id: column('id') as unknown as AnyColumn,
  filters: {
    group: {
      type: 'text',
      column: column('groups'),
      lookups: ['exact'],
      build: (_lookup, raw) => {
        if (!(REVIEWER_ROLES as readonly string[]).includes(raw))
          throw new Error(`Choose one of the reviewer groups: ${REVIEWER_ROLES.join(', ')}.`);
        return sql`${raw}::text = any(w.groups)`;
      },
    },
  },
  ordering: Object.fromEntries(
    ['display_name', 'open_reviews', 'due_soon', 'overdue', 'median_days_to_complete'].map((name) => [
      name,
      column(name),
    ]),
  ),
  defaultOrdering: ['display_name'],
  search: [column('display_name'), column('email')],
};

/**
 * The reviewer assignment assistant (issue 33): suggestions for a request, the likely conflicts
 * of reviewers being assigned with the reasons given for them (for the request's history), and
 * every reviewer's workload. The routes check the grants; a request must be one the caller reads.
 */
export function createReviewerAssistantService(deps: {
  db: Db;
  /** The request as the permission table's conditions read it, or null when there is none. */
  requestSubject: (tx: DbOrTx, id: number, actor: Actor) => Promise<object | null>;
  /** The request as its history records it (for the notes of Start Review's reasons). */
  requestSnapshot?: (tx: DbOrTx, id: number) => Promise<Record<string, unknown> | null>;
  now?: () => Date;
}) {
  const { db } = deps;
  // The pool's load and the workload pages, kept until a write to what they are computed from
  // (migration 0030) or the day changes: the load is the same for every request, and computing it
  // over the whole pool is what a suggestion costs.
  const kept = new ListeningCache<string, object>(DB_CHANNELS.reviewerLoad, () => 'all', {
    max: 200,
    ttlMs: 60_000,
  });
  const clock = (): repo.LoadClock => {
    const now = deps.now?.() ?? new Date();
    const yearAgo = new Date(now);
    yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
    return { today: now.toISOString().slice(0, 10), yearAgo };
  };

  const stateOf = (dueDay: string | null, today: string): ReviewLoadState => {
    if (dueDay === null) return 'open';
    if (dueDay < today) return 'overdue';
    const soon = new Date(Date.parse(`${today}T00:00:00Z`) + DUE_SOON_DAYS * 86_400_000);
    return dueDay <= soon.toISOString().slice(0, 10) ? 'due_soon' : 'open';
  };

  /** A reason for someone this call does not newly assign is a 400 naming them. */
  async function refuseStray(tx: DbOrTx, stray: readonly number[]) {
    if (stray.length === 0) return;
    const names = await repo.namesOf(tx, stray);
    invalid({
      conflict_reasons: [
        REVIEWER_ASSISTANT_MESSAGES.reasonNotNew(stray.map((id) => names.get(id) ?? String(id)).join(', ')),
      ],
    });
  }

  /**
   * What the request's history keeps of reviewers newly assigned to it despite likely
   * conflicts: each flagged one with the flags and the reason given (null: none was given).
   * A reason for anyone not in `added` is a 400 on `conflict_reasons`.
   */
  async function conflictNotes(
    tx: DbOrTx,
    requestId: number,
    added: readonly number[],
    reasons: ConflictReasons | undefined,
  ): Promise<ReviewerConflictNote[]> {
    const given = (reasons ?? []).filter(
      (entry) => entry.request === undefined || entry.request === requestId,
    );
    const stray = given.filter((entry) => !added.includes(entry.user)).map((entry) => entry.user);
    await refuseStray(tx, stray);
    const flags = await repo.conflictsWith(tx, requestId, added);
    if (flags.size === 0) return [];
    const names = await repo.namesOf(tx, [...flags.keys()]);
    return added
      .filter((id) => flags.has(id))
      .map((id) => ({
        user: id,
        display_name: names.get(id) ?? String(id),
        conflicts: flags.get(id)!.map(wordConflict),
        reason: given.find((entry) => entry.user === id)?.reason ?? null,
      }));
  }

  return {
    /** Starts hearing the writes that change a reviewer's load; resolves to the unsubscribe. */
    subscribe: (listen: Listen) => kept.subscribe(listen),

    /** GET request/{id}/reviewer-suggestions/ */
    async suggestions(actor: Actor, requestId: number, limit: number): Promise<ReviewerSuggestions> {
      const subject = await deps.requestSubject(db, requestId, actor);
      const request = subject && (await repo.requestType(db, requestId));
      if (!subject || !request || !can(actor, 'read', 'Request', subject)) throw new NotFoundError();
      const groups = reviewerGroupsFor(request.typeId);
      const now = clock();
      // The answer is the same for everyone who may read the request, until something it is
      // computed from changes (migrations 0030 and 0031).
      return kept.get(`suggestions ${requestId} ${limit} ${now.today}`, async () => {
        const pool = await kept.get(`pool ${now.today}`, () =>
          repo.reviewerPool(db, { groups: REVIEWER_ROLES, clock: now, dueSoonDays: DUE_SOON_DAYS }),
        );
        const inFlow = pool.filter((row) => row.groups.some((group) => groups.includes(group)));
        const candidates = await repo.candidatesFor(db, {
          requestId,
          ids: inFlow.map((row) => row.id),
          ranks: inFlow.map((row) => row.load_rank),
          limit,
        });
        const byId = new Map(inFlow.map((row) => [row.id, row]));
        const suggested: ReviewerSuggestions = {
          request: requestId,
          reviewer_groups: [...groups],
          results: candidates.map(({ id, conflicts }) => {
            const row = byId.get(id)!;
            return {
              user: {
                id,
                display_name: row.display_name,
                email: row.email,
                institution:
                  row.institution_id === null
                    ? null
                    : { id: Number(row.institution_id), name: row.institution_name ?? '' },
              },
              groups: row.groups.filter((group) => groups.includes(group)),
              ...loadOf(row),
              conflicts: (conflicts ?? []).map(wordConflict),
            };
          }),
        };
        return suggested;
      });
    },

    conflictNotes,

    /**
     * Start Review and Begin Review with `conflict_reasons`: each reason names an assigned
     * reviewer of a chosen request (its `request`, or any chosen one; else a 400), and the
     * request's history notes that reviewer with their likely conflicts and the reason given.
     */
    async noteStartReasons(
      tx: DbOrTx,
      actor: Actor,
      assigned: readonly { requestId: number; userId: number }[],
      reasons: ConflictReasons,
    ): Promise<void> {
      const covers = (entry: ConflictReasons[number], row: { requestId: number; userId: number }) =>
        entry.user === row.userId && (entry.request === undefined || entry.request === row.requestId);
      await refuseStray(
        tx,
        reasons.filter((entry) => !assigned.some((row) => covers(entry, row))).map((entry) => entry.user),
      );
      const named = assigned.filter((row) => reasons.some((entry) => covers(entry, row)));
      for (const requestId of new Set(named.map((row) => row.requestId))) {
        const users = named.filter((row) => row.requestId === requestId).map((row) => row.userId);
        const given = reasons.filter((entry) => users.includes(entry.user));
        const notes = await conflictNotes(tx, requestId, users, given);
        const before = await deps.requestSnapshot?.(tx, requestId);
        if (notes.length === 0 || !before) continue;
        await recordHistory(tx, {
          model: 'request',
          objectId: requestId,
          action: 'update',
          before,
          after: before,
          note: { reviewer_conflicts: notes },
          by: actor,
        });
      }
    },

    /** GET reviewer-workload/ */
    async workload(query: Record<string, string | undefined>) {
      const list = parseListQuery(workloadList, query);
      const now = clock();
      const asked = Object.entries(query).filter(([, value]) => value !== undefined);
      const { count, rows } = await kept.get(
        `workload ${now.today} ${JSON.stringify(asked.sort(([a], [b]) => a.localeCompare(b)))}`,
        () =>
          repo.workloadPage(db, {
            groups: REVIEWER_ROLES,
            clock: now,
            dueSoonDays: DUE_SOON_DAYS,
            where: list.where,
            orderBy: list.orderBy,
            limit: list.limit,
            offset: list.offset,
          }),
      );
      return { list, count, results: rows.map(presentRow) };
    },

    /** GET reviewer-workload/{id}/: a reviewer's row and open reviews; 404 for anyone else. */
    async reviewerWorkload(userId: number): Promise<ReviewerWorkloadDetail> {
      const now = clock();
      const { rows } = await repo.workloadPage(db, {
        groups: REVIEWER_ROLES,
        clock: now,
        dueSoonDays: DUE_SOON_DAYS,
        where: undefined,
        orderBy: [sql`w.id`],
        limit: 1,
        offset: 0,
        userId,
      });
      const row = rows[0];
      if (!row) throw new NotFoundError();
      const reviews = await repo.openReviewsOf(db, userId, REVIEWER_ROLES, now);
      return {
        ...presentRow(row),
        reviews: reviews.map((review) => ({
          request: {
            id: Number(review.request_id),
            display_name: review.display_name,
            type: Number(review.type_id),
          },
          role: reviewerRoleName(review.reviewer_role) ?? 'Reviewer',
          due_date: review.due_date === null ? null : new Date(review.due_date).toISOString(),
          state: stateOf(review.due_day, now.today),
        })),
      };
    },
  };
}

export type ReviewerAssistantService = ReturnType<typeof createReviewerAssistantService>;
