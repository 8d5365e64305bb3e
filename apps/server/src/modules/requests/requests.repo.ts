import { and, asc, desc, eq, inArray, isNull, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  APPROVED_STATUSES,
  RESEARCH_MATCH_CRITERIA,
  type DecisionTimes,
  TISSUE_REQUEST_TYPE,
  WORKFLOW_STATUS,
  type TissueOrderDto,
} from '@rrp/domain';
import { ABN_REVIEW_STATUSES } from '@rrp/domain/resource-access';
import { anyOfIds, prepared } from '../../platform/db/prepared';
import { teamRowGivesAccess } from '../project-facts/project-facts.service';
import type { DbOrTx } from '../../platform/db/database';
import { ordersByRequest } from '../tissue/orders.service';
import { heldDatasetIds } from '../catalogue/catalogue.service';
import {
  abnCarts,
  cohorts,
  datasetAllowedUsers,
  datasets,
  featureToggles,
  files,
  institutions,
  projects,
  requestDatasets,
  requestMembers,
  requestRenewals,
  requestReviewers,
  requestSamples,
  requestSummaries,
  requests,
  reviewConflicts,
  reviews,
  researchTeamMembers,
  samples,
  sampleTypeAllowedUsers,
  sampleTypeCohorts,
  sampleTypes,
  users,
} from '../../db/schema';

export type RequestRow = typeof requests.$inferSelect;
export type SampleRow = typeof samples.$inferSelect;

const creators = alias(users, 'request_creators');

/**
 * Columns of the listed request, qualified: drizzle leaves columns unqualified in single-table
 * queries (the list's count), where a subquery would read its own table's column of that name.
 */
export const R = {
  id: sql.raw('"requests"."id"'),
  projectId: sql.raw('"requests"."project_id"'),
  ownerId: sql.raw('"requests"."owner_id"'),
  institutionId: sql.raw('"requests"."institution_id"'),
  cohortIds: sql.raw('"requests"."cohort_ids"'),
};
const approvedList = sql.raw(APPROVED_STATUSES.join(', '));

/** The caller is on the request's project's current team with access (the PI's row included). */
export function isProjectMemberSql(userId: number | Placeholder): SQL<boolean> {
  return sql<boolean>`exists (select 1 from research_team_members tm where tm.project_id = ${R.projectId} and ${teamRowGivesAccess(userId)})`;
}

/**
 * Requests a researcher sees: their own and those of projects whose current team they are on, as
 * one set of ids found through the owner and team indexes (an OR of the two read every request).
 */
export function visibleTo(userId: number): SQL {
  return sql`${R.id} in (select own.id from requests own where own.owner_id = ${userId} union select team_request.id from requests team_request join research_team_members tm on tm.project_id = team_request.project_id where ${teamRowGivesAccess(userId)})`;
}

/**
 * Flags the staff panel reads (staff §3 request): every current team member with access has an
 * account; no earlier request on the project; another request of the project is approved; the
 * project's IRB was uploaded after this request was submitted.
 */
const flags = {
  researchTeamReady: sql<boolean>`not exists (select 1 from research_team_members tm where tm.project_id = ${R.projectId} and tm.removal_date is null and tm.active and coalesce(tm.user_id, (select u.id from users u where lower(u.email) = lower(tm.email))) is null)`,
  firstReqOnProject: sql<boolean>`not exists (select 1 from requests earlier where earlier.project_id = ${R.projectId} and earlier.id < ${R.id})`,
  projectHasApprovedReq: sql<boolean>`exists (select 1 from requests other where other.project_id = ${R.projectId} and other.id <> ${R.id} and other.status_id in (${approvedList}))`,
};

/** The caller of the prepared request statement, whose membership and assignment it reads. */
const caller = sql.placeholder('callerId');

function requestColumns() {
  return {
    request: requests,
    owner: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
    creator: { id: creators.id, firstName: creators.firstName, lastName: creators.lastName },
    institution: { id: institutions.id, name: institutions.name },
    project: {
      id: projects.id,
      title: projects.title,
      abstract: projects.abstract,
      portalProjectId: projects.portalProjectId,
      nonAutismResearch: projects.nonAutismResearch,
      ownerId: projects.ownerId,
    },
    irb: { id: files.id, name: files.name, additionalData: files.additionalData, created: files.created },
    sampleType: { id: sampleTypes.id, name: sampleTypes.name, type: sampleTypes.type },
    callerIsMember: isProjectMemberSql(caller),
    /** The caller is assigned to review the request (staff §6 "only own assignments"). */
    callerIsReviewer: sql<boolean>`exists (select 1 from request_reviewers rr where rr.request_id = ${R.id} and rr.user_id = ${caller})`,
    ...flags,
  };
}

/**
 * The requests of these ids (one page of a list, in any order, or one request) with their joins and
 * flags, as one named prepared statement: PostgreSQL plans it once per connection. Planning it
 * anew cost the database about 6 ms of CPU per call against 0.2 ms to run it (issue 15).
 */
export async function requestsByIds(db: DbOrTx, ids: readonly number[], callerId: number) {
  if (ids.length === 0) return [];
  return prepared(db, 'requests_by_ids', (name) =>
    db
      .select(requestColumns())
      .from(requests)
      .innerJoin(users, eq(users.id, requests.ownerId))
      .innerJoin(projects, eq(projects.id, requests.projectId))
      .leftJoin(creators, eq(creators.id, requests.creatorId))
      .leftJoin(institutions, eq(institutions.id, requests.institutionId))
      .leftJoin(files, eq(files.id, projects.latestIrbId))
      .leftJoin(sampleTypes, eq(sampleTypes.id, requests.sampleTypeId))
      .where(anyOfIds(requests.id))
      .prepare(name),
  ).execute({ ids: [...ids], callerId });
}

export type RequestViewRow = Awaited<ReturnType<typeof requestsByIds>>[number];

export async function findRequest(db: DbOrTx, id: number, callerId: number) {
  const [row] = await requestsByIds(db, [id], callerId);
  return row ?? null;
}

export async function lockRequest(db: DbOrTx, id: number): Promise<RequestRow | null> {
  const [row] = await db.select().from(requests).where(eq(requests.id, id)).for('update');
  return row ?? null;
}

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

export interface LatestRenewal {
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

/** The staff summary of these Research Match applications (`expand=summary`), in one query. */
export async function summariesOf(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, typeof requestSummaries.$inferSelect>();
  const rows = await db
    .select()
    .from(requestSummaries)
    .where(inArray(requestSummaries.requestId, [...ids]));
  return new Map(rows.map((row) => [row.requestId, row]));
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

export async function cohortNames(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await prepared(db, 'cohort_names_by_ids', (name) =>
    db.select({ id: cohorts.id, name: cohorts.name }).from(cohorts).where(anyOfIds(cohorts.id)).prepare(name),
  ).execute({ ids: [...new Set(ids)] });
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * Per request type, how long decisions took over the last 12 months: the 80th percentile of
 * submission-to-decision in days, and how many decisions that is (decision 201).
 */
export async function decisionTimes(db: DbOrTx): Promise<Map<number, DecisionTimes>> {
  const rows = await db
    .select({
      typeId: requests.typeId,
      p80Days: sql<number>`percentile_cont(0.8) within group (order by extract(epoch from ${requests.decisionDate} - ${requests.submissionDate}) / 86400)`,
      decided: sql<number>`count(*)::int`,
    })
    .from(requests)
    .where(
      and(
        sql`${requests.decisionDate} >= now() - interval '12 months'`,
        sql`${requests.submissionDate} is not null`,
        sql`${requests.decisionDate} >= ${requests.submissionDate}`,
      ),
    )
    .groupBy(requests.typeId);
  return new Map(
    rows.map((row) => [row.typeId, { p80Days: Number(row.p80Days), decided: Number(row.decided) }]),
  );
}

// ------------------------------------------------------------------------------------------
// What a request write checks

export async function findProjectForRequest(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      project: projects,
      irbData: files.additionalData,
    })
    .from(projects)
    .leftJoin(files, eq(files.id, projects.latestIrbId))
    .where(eq(projects.id, id));
  return row ?? null;
}

export async function datasetsByIds(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ dataset: datasets, cohortName: cohorts.name })
    .from(datasets)
    .leftJoin(cohorts, eq(cohorts.id, datasets.cohortId))
    .where(inArray(datasets.id, [...ids]));
}

/**
 * Of these dataset versions, those (by UUID) the user holds an approved or fulfilled request for
 * (of any version), as owner or current project team member: they cannot be requested again.
 */
export const approvedDatasetIds = (db: DbOrTx, userId: number, ids: readonly number[]) =>
  heldDatasetIds(db, userId, ids, APPROVED_STATUSES);

/** Of these datasets, the restricted ones the user is allowed to request. */
export async function allowedDatasetIds(db: DbOrTx, userId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: datasetAllowedUsers.datasetId })
    .from(datasetAllowedUsers)
    .where(and(eq(datasetAllowedUsers.userId, userId), inArray(datasetAllowedUsers.datasetId, [...ids])));
  return new Set(rows.map((row) => row.id));
}

export async function findSampleType(db: DbOrTx, id: number) {
  const [row] = await db.select().from(sampleTypes).where(eq(sampleTypes.id, id));
  if (!row) return null;
  const cohortRows = await db
    .select({ id: sampleTypeCohorts.cohortId })
    .from(sampleTypeCohorts)
    .where(eq(sampleTypeCohorts.sampleTypeId, id));
  return { sampleType: row, cohortIds: cohortRows.map((cohort) => cohort.id) };
}

export async function mayRequestSampleType(db: DbOrTx, userId: number, sampleTypeId: number) {
  const [row] = await db
    .select({ id: sampleTypeAllowedUsers.sampleTypeId })
    .from(sampleTypeAllowedUsers)
    .where(
      and(eq(sampleTypeAllowedUsers.userId, userId), eq(sampleTypeAllowedUsers.sampleTypeId, sampleTypeId)),
    );
  return Boolean(row);
}

/** The project's current team members that have an account (the access control list's pool). */
export async function teamAccountIds(db: DbOrTx, projectId: number): Promise<Set<number>> {
  // A member added by e-mail before registering is recognised by that e-mail (decision 032).
  const rows = await db
    .select({ memberUserId: researchTeamMembers.userId, accountId: users.id })
    .from(researchTeamMembers)
    .leftJoin(users, sql`lower(${users.email}) = lower(${researchTeamMembers.email})`)
    .where(and(eq(researchTeamMembers.projectId, projectId), isNull(researchTeamMembers.removalDate)));
  return new Set(
    rows.flatMap((row) => {
      const id = row.memberUserId ?? row.accountId;
      return id === null ? [] : [Number(id)];
    }),
  );
}

/** The inventory rows of these ids, with how many requests (and approved ones) ask for each. */
export async function samplesWithCounts(db: DbOrTx, ids: readonly string[], excludeRequestId?: number) {
  if (ids.length === 0) return new Map<string, SampleRow & { requestCount: number; approvedCount: number }>();
  const exclude = excludeRequestId ? sql`and rs.request_id <> ${excludeRequestId}` : sql``;
  const rows = await db
    .select({
      sample: samples,
      requestCount: sql<number>`(select count(*) from request_samples rs where rs.sample_id = "samples"."id" ${exclude})`,
      approvedCount: sql<number>`(select count(*) from request_samples rs join requests r on r.id = rs.request_id where rs.sample_id = "samples"."id" and r.status_id in (${approvedList}) ${exclude})`,
    })
    .from(samples)
    .where(inArray(samples.id, [...ids]));
  return new Map(
    rows.map((row) => [
      row.sample.id,
      { ...row.sample, requestCount: Number(row.requestCount), approvedCount: Number(row.approvedCount) },
    ]),
  );
}

// ------------------------------------------------------------------------------------------
// Writes

export async function insertRequest(db: DbOrTx, values: typeof requests.$inferInsert): Promise<RequestRow> {
  const [row] = await db.insert(requests).values(values).returning();
  return row!;
}

export async function updateRequest(
  db: DbOrTx,
  id: number,
  values: Partial<typeof requests.$inferInsert>,
): Promise<RequestRow> {
  const [row] = await db
    .update(requests)
    .set({ ...values, modified: new Date() })
    .where(eq(requests.id, id))
    .returning();
  return row!;
}

export async function deleteRequest(db: DbOrTx, id: number): Promise<void> {
  await db.delete(requests).where(eq(requests.id, id));
}

export async function setDatasets(db: DbOrTx, requestId: number, datasetIds: readonly number[]) {
  await db.delete(requestDatasets).where(eq(requestDatasets.requestId, requestId));
  if (datasetIds.length > 0) {
    await db.insert(requestDatasets).values(datasetIds.map((datasetId) => ({ requestId, datasetId })));
  }
}

export async function setSamples(
  db: DbOrTx,
  requestId: number,
  entries: readonly { id: string; amount: number }[],
) {
  await db.delete(requestSamples).where(eq(requestSamples.requestId, requestId));
  if (entries.length > 0) {
    await db
      .insert(requestSamples)
      .values(entries.map((entry) => ({ requestId, sampleId: entry.id, amount: entry.amount })));
  }
}

/**
 * Writes the access control list: listed users are kept (or added) with their removal date;
 * users left out get a removal date (staff still see them); `verified` is never changed here.
 */
export async function setMembers(
  db: DbOrTx,
  requestId: number,
  entries: readonly { userId: number; removalDate: Date | null }[],
  now: Date,
) {
  const current = await db.select().from(requestMembers).where(eq(requestMembers.requestId, requestId));
  const wanted = new Map(entries.map((entry) => [entry.userId, entry]));
  for (const row of current) {
    const entry = wanted.get(row.userId);
    const removalDate = entry ? entry.removalDate : (row.removalDate ?? now);
    if ((row.removalDate?.getTime() ?? null) !== (removalDate?.getTime() ?? null)) {
      await db
        .update(requestMembers)
        .set({ removalDate })
        .where(and(eq(requestMembers.requestId, requestId), eq(requestMembers.userId, row.userId)));
    }
    wanted.delete(row.userId);
  }
  if (wanted.size > 0) {
    await db.insert(requestMembers).values(
      [...wanted.values()].map((entry) => ({
        requestId,
        userId: entry.userId,
        removalDate: entry.removalDate,
      })),
    );
  }
}

/** What the history of a request records: its row and the lists written with it. */
export async function requestSnapshot(db: DbOrTx, id: number): Promise<Record<string, unknown> | null> {
  const [row] = await db.select().from(requests).where(eq(requests.id, id));
  if (!row) return null;
  const relations = await relationsOf(db, [id]);
  return {
    ...row,
    datasets: (relations.datasets.get(id) ?? []).map((entry) => entry.dataset.id),
    samples: Object.fromEntries(
      (relations.samples.get(id) ?? []).map((entry) => [entry.sampleId, entry.amount]),
    ),
    access_control_list: (relations.members.get(id) ?? []).map((member) => ({
      user_id: member.userId,
      removal_date: member.removalDate?.toISOString() ?? null,
      verified: member.verified,
    })),
    review_users: (relations.reviewers.get(id) ?? []).map((reviewer) => reviewer.userId),
  };
}

export async function findUser(db: DbOrTx, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** The ids of the cohorts with these names (Research Match recruits from SPARK and SSC). */
export async function cohortIdsByName(db: DbOrTx, names: readonly string[]): Promise<number[]> {
  if (names.length === 0) return [];
  const rows = await db
    .select({ id: cohorts.id })
    .from(cohorts)
    .where(inArray(cohorts.name, [...names]));
  return rows.map((row) => row.id);
}

/**
 * A Research Match application entering review starts a review cycle (staff §4.3, §9): the
 * summary (started on submission; a bare one if missing) takes the review quarter — the current
 * quarter offset by -1 — and counts one more cycle, which the cycle's reviews carry.
 */
export async function beginReviewCycle(db: DbOrTx, requestId: number, quarter: string) {
  await db
    .insert(requestSummaries)
    .values({ requestId, reviewQuarter: quarter, reviewCycle: 1 })
    .onConflictDoUpdate({
      target: requestSummaries.requestId,
      set: {
        reviewQuarter: quarter,
        reviewCycle: sql`${requestSummaries.reviewCycle} + 1`,
        modified: new Date(),
      },
    });
}

/** Renewal statuses still under consideration: the renewal follows its application's review. */
const OPEN_RENEWAL_STATUSES = [
  WORKFLOW_STATUS.submitted,
  WORKFLOW_STATUS.underReview,
  WORKFLOW_STATUS.reviewMeeting,
  WORKFLOW_STATUS.conditionallyApproved,
];

/**
 * The open renewal of a Research Match application takes the status its application moves to
 * (decision 210): a renewal is reviewed as the application it brings back. Answers the renewal
 * before and after, for its history, or null when none is open.
 */
export async function renewalFollows(db: DbOrTx, requestId: number, statusId: number) {
  const [open] = await db
    .select()
    .from(requestRenewals)
    .where(
      and(eq(requestRenewals.requestId, requestId), inArray(requestRenewals.statusId, OPEN_RENEWAL_STATUSES)),
    )
    .orderBy(desc(requestRenewals.created), desc(requestRenewals.id))
    .limit(1)
    .for('update');
  if (!open || open.statusId === statusId) return null;
  const [after] = await db
    .update(requestRenewals)
    .set({ statusId, modified: new Date() })
    .where(eq(requestRenewals.id, open.id))
    .returning();
  return { before: open, after: after! };
}

/** Whether a feature toggle is on (abn_epic opens the tissue network's requests). */
export async function featureEnabled(db: DbOrTx, code: string): Promise<boolean> {
  const [row] = await db
    .select({ enabled: featureToggles.enabled })
    .from(featureToggles)
    .where(eq(featureToggles.featureCode, code));
  return row?.enabled === true;
}

/** The collection of each pilot or tissue request (`additional_data.cart`; the link lives on the collection). */
export async function cartIdsOfRequests(db: DbOrTx, requestIds: readonly number[]) {
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

/**
 * How many requests each ABN dashboard tab holds among those in `scope` (staff §2.7): one pass
 * over the network's requests, one count per tab.
 */
export async function abnDashboardCounts(
  db: DbOrTx,
  tabs: readonly { key: string; types: readonly number[]; statuses: readonly number[] }[],
  scope: SQL | undefined,
): Promise<Map<string, number>> {
  const columns = Object.fromEntries(
    tabs.map((tab) => [
      tab.key,
      sql<number>`count(*) filter (where ${inArray(requests.typeId, [...tab.types])} and ${inArray(requests.statusId, [...tab.statuses])})::int`,
    ]),
  );
  const types = [...new Set(tabs.flatMap((tab) => tab.types))];
  const [row] = await db
    .select(columns)
    .from(requests)
    .where(and(inArray(requests.typeId, types), scope));
  return new Map(
    tabs.map((tab) => [tab.key, Number((row as Record<string, number> | undefined)?.[tab.key] ?? 0)]),
  );
}

/** Whether the owner has another ABN Data Access request waiting for a decision. */
export async function dataAccessUnderReview(tx: DbOrTx, ownerId: number, exceptId: number | null) {
  const [row] = await tx
    .select({ id: requests.id })
    .from(requests)
    .where(
      and(
        eq(requests.ownerId, ownerId),
        eq(requests.typeId, TISSUE_REQUEST_TYPE.dataAccess),
        inArray(requests.statusId, [...ABN_REVIEW_STATUSES]),
        exceptId === null ? undefined : ne(requests.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}
