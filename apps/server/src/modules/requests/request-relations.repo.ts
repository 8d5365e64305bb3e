import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { RESEARCH_MATCH_CRITERIA, type TissueOrderDto } from '@rrp/domain';
import { anyOfIds, prepared } from '../../platform/db/prepared';
import type { DbOrTx } from '../../platform/db/database';
import { ordersByRequest } from '../tissue/orders.service';
import {
  abnCarts,
  cohorts,
  datasets,
  requestDatasets,
  requestMembers,
  requestRenewals,
  requestReviewers,
  requestSamples,
  requestSummaries,
  reviewConflicts,
  reviews,
  users,
} from '../../db/schema';

/**
 * The lists each request carries (datasets, samples, access control list, reviewers, latest
 * renewal, summary, collection, BINS orders), read for many requests at once, one query each.
 */

type DatasetOfRequest = Awaited<ReturnType<typeof datasetsOfRequests>>[number];
type MemberOfRequest = Awaited<ReturnType<typeof membersOfRequests>>[number];

function groupBy<T extends { requestId: number }>(rows: readonly T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(row.requestId);
    if (list) list.push(row);
    else map.set(row.requestId, [row]);
  }
  return map;
}

export interface RequestRelations {
  datasets: Map<number, DatasetOfRequest[]>;
  members: Map<number, MemberOfRequest[]>;
  samples: Map<number, { requestId: number; sampleId: string; amount: number }[]>;
  /** The assigned reviewers (staff §3 review_users), by last name. */
  reviewers: Map<number, ReviewerOfRequest[]>;
  /** The newest renewal of each request that has one (the research-match list's "(Renewal <status>)"). */
  latestRenewals: Map<number, LatestRenewal>;
  /** Research Match summaries, when the list asked for them (`expand=summary`). */
  summaries?: Map<number, typeof requestSummaries.$inferSelect>;
  /** The collection of each pilot or tissue request (its `additional_data.cart`). */
  carts: Map<number, number>;
  /** The BINS orders of each pilot or tissue request that has some, newest first (`bins_data`). */
  orders: Map<number, TissueOrderDto[]>;
}

interface LatestRenewal {
  id: number;
  statusId: number;
  submissionDate: Date | null;
}

/** The newest renewal of each of these requests, in one query (request_renewals by request and created). */
async function latestRenewalsOf(db: DbOrTx, ids: number[]): Promise<Map<number, LatestRenewal>> {
  const rows = await prepared(db, 'latest_renewals_by_ids', (name) =>
    db
      .selectDistinctOn([requestRenewals.requestId], {
        requestId: requestRenewals.requestId,
        id: requestRenewals.id,
        statusId: requestRenewals.statusId,
        submissionDate: requestRenewals.submissionDate,
      })
      .from(requestRenewals)
      .where(anyOfIds(requestRenewals.requestId))
      .orderBy(requestRenewals.requestId, desc(requestRenewals.created), desc(requestRenewals.id))
      .prepare(name),
  ).execute({ ids });
  return new Map(rows.map(({ requestId, ...renewal }) => [requestId, renewal]));
}

export type ReviewerOfRequest = Awaited<ReturnType<typeof reviewersOfRequests>>[number];

/** The reviewers assigned to these requests, in one query (request_reviewers). */
export async function reviewersOfRequests(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return prepared(db, 'request_reviewers_by_ids', (name) =>
    db
      .select({
        requestId: requestReviewers.requestId,
        userId: requestReviewers.userId,
        assigned: requestReviewers.created,
        /** 1 primary, 2 secondary, 3 other on Research Match applications. */
        reviewerRole: requestReviewers.reviewerRole,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        conflictId: reviewConflicts.id,
        conflictExists: reviewConflicts.conflictExists,
        // The reviewer's review of the application's current cycle, as far as progress reads it.
        reviewId: reviews.id,
        scores: sql<(number | null)[] | null>`case when ${reviews.id} is null then null else array[${sql.join(
          RESEARCH_MATCH_CRITERIA.map((criterion) => sql.raw(`"reviews"."${criterion}_score"`)),
          sql`, `,
        )}]::int[] end`,
        recommended: sql<boolean>`${reviews.reviewerDecision} is not null`,
        anythingElse: sql<boolean>`coalesce(${sql.join(
          RESEARCH_MATCH_CRITERIA.flatMap((criterion) => [
            sql.raw(`"reviews"."${criterion}_strengths" <> ''`),
            sql.raw(`"reviews"."${criterion}_weaknesses" <> ''`),
          ]),
          sql` or `,
        )} or ${reviews.buildMerit} is not null, false)`,
      })
      .from(requestReviewers)
      .innerJoin(users, eq(users.id, requestReviewers.userId))
      .leftJoin(
        reviewConflicts,
        and(
          eq(reviewConflicts.requestId, requestReviewers.requestId),
          eq(reviewConflicts.userId, requestReviewers.userId),
        ),
      )
      .leftJoin(requestSummaries, eq(requestSummaries.requestId, requestReviewers.requestId))
      .leftJoin(
        reviews,
        and(
          eq(reviews.requestId, requestReviewers.requestId),
          eq(reviews.reviewerId, requestReviewers.userId),
          eq(reviews.cycle, requestSummaries.reviewCycle),
        ),
      )
      .where(anyOfIds(requestReviewers.requestId))
      .orderBy(
        asc(sql`coalesce(${requestReviewers.reviewerRole}, 9)`),
        asc(users.lastName),
        asc(users.firstName),
        asc(users.id),
      )
      .prepare(name),
  ).execute({ ids: [...ids] });
}

/** The datasets, samples and team list of these requests, in one query each (no N+1). */
export async function relationsOf(db: DbOrTx, requestIds: readonly number[]): Promise<RequestRelations> {
  const ids = [...new Set(requestIds)];
  if (ids.length === 0)
    return {
      datasets: new Map(),
      members: new Map(),
      samples: new Map(),
      reviewers: new Map(),
      latestRenewals: new Map(),
      carts: new Map(),
      orders: new Map(),
    };
  const [datasetRows, memberRows, sampleRows, reviewerRows, latestRenewals, carts, orders] =
    await Promise.all([
      datasetsOfRequests(db, ids),
      membersOfRequests(db, ids),
      prepared(db, 'request_samples_by_ids', (name) =>
        db
          .select({
            requestId: requestSamples.requestId,
            sampleId: requestSamples.sampleId,
            amount: requestSamples.amount,
          })
          .from(requestSamples)
          .where(anyOfIds(requestSamples.requestId))
          .orderBy(asc(requestSamples.sampleId))
          .prepare(name),
      ).execute({ ids }),
      reviewersOfRequests(db, ids),
      latestRenewalsOf(db, ids),
      cartIdsOfRequests(db, ids),
      ordersByRequest(db, ids),
    ]);
  return {
    datasets: groupBy(datasetRows),
    members: groupBy(memberRows),
    samples: groupBy(sampleRows),
    reviewers: groupBy(reviewerRows),
    latestRenewals,
    carts,
    orders,
  };
}

async function datasetsOfRequests(db: DbOrTx, ids: number[]) {
  return prepared(db, 'request_datasets_by_ids', (name) =>
    db
      .select({
        requestId: requestDatasets.requestId,
        dataset: datasets,
        cohortName: cohorts.name,
      })
      .from(requestDatasets)
      .innerJoin(datasets, eq(datasets.id, requestDatasets.datasetId))
      .leftJoin(cohorts, eq(cohorts.id, datasets.cohortId))
      .where(anyOfIds(requestDatasets.requestId))
      .orderBy(asc(datasets.name), asc(datasets.id))
      .prepare(name),
  ).execute({ ids });
}

async function membersOfRequests(db: DbOrTx, ids: number[]) {
  return prepared(db, 'request_members_by_ids', (name) =>
    db
      .select({
        requestId: requestMembers.requestId,
        userId: requestMembers.userId,
        removalDate: requestMembers.removalDate,
        verified: requestMembers.verified,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(requestMembers)
      .innerJoin(users, eq(users.id, requestMembers.userId))
      .where(anyOfIds(requestMembers.requestId))
      .orderBy(asc(users.lastName), asc(users.id))
      .prepare(name),
  ).execute({ ids });
}

/** The collection of each pilot or tissue request (`additional_data.cart`; the link lives on the collection). */
async function cartIdsOfRequests(db: DbOrTx, requestIds: readonly number[]) {
  if (requestIds.length === 0) return new Map<number, number>();
  const rows = await prepared(db, 'carts_by_request_ids', (name) =>
    db
      .select({ id: abnCarts.id, requestId: abnCarts.requestId })
      .from(abnCarts)
      .where(anyOfIds(abnCarts.requestId))
      .prepare(name),
  ).execute({ ids: [...requestIds] });
  return new Map(rows.map((row) => [row.requestId!, row.id]));
}
