import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { RESEARCH_MATCH_CRITERIA, RESEARCH_MATCH_TYPE, REVIEW_CYCLES, WORKFLOW_STATUS } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { institutions, requestRenewals, requests, requestSummaries, reviews, users } from '../../db/schema';

/** The SQL of the Research Match review cycle (staff §2.3–§2.5, §4.3, §9). */

const applicantName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

/** The caller is assigned to review the listed request (their own assignments, staff §6). */
const assignedTo = (userId: number) =>
  sql`exists (select 1 from request_reviewers rr where rr.request_id = ${requests.id} and rr.user_id = ${userId})`;

/**
 * The review centre's counts per status (staff §2.3 "with counts"): one grouped count over the
 * (type, submission) index, of every application or of the caller's assignments.
 */
export async function countsByStatus(db: DbOrTx, statuses: readonly number[], reviewerId: number | null) {
  const rows = await db
    .select({ statusId: requests.statusId, count: sql<number>`count(*)::int` })
    .from(requests)
    .where(
      and(
        eq(requests.typeId, RESEARCH_MATCH_TYPE),
        inArray(requests.statusId, [...statuses]),
        reviewerId === null ? undefined : assignedTo(reviewerId),
      ),
    )
    .groupBy(requests.statusId);
  return new Map(rows.map((row) => [row.statusId, row.count]));
}

/**
 * The new applications and the applications a renewal brought back (Submitted), oldest first,
 * with their applicant, institution and open renewal (staff §2.4).
 */
export async function newApplications(db: DbOrTx) {
  const openRenewal = sql<{ id: number; submission_date: string | null } | null>`(
    select json_build_object('id', rn.id, 'submission_date', rn.submission_date)
    from request_renewals rn
    where rn.request_id = ${requests.id} and rn.status_id = ${WORKFLOW_STATUS.submitted}
    order by rn.created desc, rn.id desc limit 1)`;
  return db
    .select({
      id: requests.id,
      portalRequestId: requests.portalRequestId,
      displayName: requests.displayName,
      scientificTitle: sql<string>`coalesce(${requestSummaries.scientificTitle}, '')`,
      submissionDate: requests.submissionDate,
      applicant: applicantName,
      institution: institutions.name,
      renewal: openRenewal,
    })
    .from(requests)
    .innerJoin(users, eq(users.id, requests.ownerId))
    .leftJoin(institutions, eq(institutions.id, requests.institutionId))
    .leftJoin(requestSummaries, eq(requestSummaries.requestId, requests.id))
    .where(and(eq(requests.typeId, RESEARCH_MATCH_TYPE), eq(requests.statusId, WORKFLOW_STATUS.submitted)))
    .orderBy(asc(requests.submissionDate), asc(requests.id))
    .limit(REVIEW_CYCLES.researchMatch.startListLimit);
}

/** The caller's e-mail address (the report goes to it). */
export async function userEmail(db: DbOrTx, userId: number): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row!.email;
}

export async function summariesOf(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(requestSummaries)
    .where(inArray(requestSummaries.requestId, [...ids]));
}

export async function setDueDate(db: DbOrTx, ids: readonly number[], dueDate: Date, by: number) {
  if (ids.length === 0) return;
  await db
    .update(requestSummaries)
    .set({ dueDate, modified: new Date(), modifiedById: by })
    .where(inArray(requestSummaries.requestId, [...ids]));
}

/** What the review meeting page shows of an application: the request, its applicant and summary. */
export async function meetingApplication(db: DbOrTx, requestId: number) {
  const [row] = await db
    .select({
      request: {
        id: requests.id,
        portalRequestId: requests.portalRequestId,
        displayName: requests.displayName,
        typeId: requests.typeId,
        statusId: requests.statusId,
        submissionDate: requests.submissionDate,
        additionalData: requests.additionalData,
      },
      applicant: applicantName,
      institution: institutions.name,
      summary: requestSummaries,
    })
    .from(requests)
    .innerJoin(users, eq(users.id, requests.ownerId))
    .leftJoin(institutions, eq(institutions.id, requests.institutionId))
    .leftJoin(requestSummaries, eq(requestSummaries.requestId, requests.id))
    .where(eq(requests.id, requestId));
  return row ?? null;
}

/** The reviews of an application's cycle with their reviewers, primary first. */
export async function cycleReviews(db: DbOrTx, requestId: number, cycle: number) {
  return db
    .select({
      review: reviews,
      reviewer: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.reviewerId))
    .where(and(eq(reviews.requestId, requestId), eq(reviews.cycle, cycle)))
    .orderBy(asc(reviews.reviewerRole), asc(users.lastName), asc(reviews.id));
}

const scoreColumn = (criterion: string) => sql.raw(`"reviews"."${criterion}_score"`);

/**
 * Each criterion's average over the given reviews, rounded to 2 decimals (null when nobody scored
 * it), and the total: the sum of the criterion averages (staff §9), null without any score.
 */
function averageColumns() {
  const averages = Object.fromEntries(
    RESEARCH_MATCH_CRITERIA.map((criterion) => [
      criterion,
      sql<string | null>`round(avg(${scoreColumn(criterion)}), 2)`,
    ]),
  ) as Record<(typeof RESEARCH_MATCH_CRITERIA)[number], SQL<string | null>>;
  const sum = sql.join(
    RESEARCH_MATCH_CRITERIA.map((criterion) => sql`coalesce(avg(${scoreColumn(criterion)}), 0)`),
    sql` + `,
  );
  const anyScore = sql.join(
    RESEARCH_MATCH_CRITERIA.map((criterion) => sql`count(${scoreColumn(criterion)})`),
    sql` + `,
  );
  return {
    ...averages,
    total: sql<string | null>`case when ${anyScore} = 0 then null else round(${sum}, 2) end`,
  };
}

export async function cycleAverages(db: DbOrTx, requestId: number, cycle: number) {
  const [row] = await db
    .select(averageColumns())
    .from(reviews)
    .where(and(eq(reviews.requestId, requestId), eq(reviews.cycle, cycle)));
  return row!;
}

/** At most this many applications go into one report (every application of a busy decade). */
const REPORT_LIMIT = 10_000;

/**
 * The report's rows (staff §2.3, §7 rm_report_dispatch): every Research Match application, newest
 * first, with its summary and its current cycle's averages and total, computed in one grouped query.
 */
export async function reportRows(db: DbOrTx) {
  const averages = averageColumns();
  const cycle = db
    .select({
      requestId: reviews.requestId,
      cycle: reviews.cycle,
      reviewCount: sql<number>`count(*)::int`.as('review_count'),
      research: averages.research.as('avg_research'),
      engagement: averages.engagement.as('avg_engagement'),
      feasibility: averages.feasibility.as('avg_feasibility'),
      alignment: averages.alignment.as('avg_alignment'),
      scientific: averages.scientific.as('avg_scientific'),
      community: averages.community.as('avg_community'),
      total: averages.total.as('avg_total'),
    })
    .from(reviews)
    .groupBy(reviews.requestId, reviews.cycle)
    .as('cycle_scores');
  return db
    .select({
      id: requests.id,
      portalRequestId: requests.portalRequestId,
      displayName: requests.displayName,
      statusId: requests.statusId,
      submissionDate: requests.submissionDate,
      decisionDate: requests.decisionDate,
      applicant: applicantName,
      email: users.email,
      institution: institutions.name,
      summary: requestSummaries,
      latestRenewalStatus: sql<
        number | null
      >`(select rn.status_id from ${requestRenewals} rn where rn.request_id = ${requests.id} order by rn.created desc, rn.id desc limit 1)`,
      reviewCount: cycle.reviewCount,
      averages: {
        research: cycle.research,
        engagement: cycle.engagement,
        feasibility: cycle.feasibility,
        alignment: cycle.alignment,
        scientific: cycle.scientific,
        community: cycle.community,
      },
      total: cycle.total,
    })
    .from(requests)
    .innerJoin(users, eq(users.id, requests.ownerId))
    .leftJoin(institutions, eq(institutions.id, requests.institutionId))
    .leftJoin(requestSummaries, eq(requestSummaries.requestId, requests.id))
    .leftJoin(cycle, and(eq(cycle.requestId, requests.id), eq(cycle.cycle, requestSummaries.reviewCycle)))
    .where(eq(requests.typeId, RESEARCH_MATCH_TYPE))
    .orderBy(sql`${requests.submissionDate} desc nulls last`, desc(requests.id))
    .limit(REPORT_LIMIT);
}
