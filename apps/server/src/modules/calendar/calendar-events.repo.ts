import { sql } from 'drizzle-orm';
import { RESEARCH_MATCH_TYPES, WORKFLOW_STATUS } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';

/**
 * The dates of one user's calendar feed (issue 33), one indexed query per kind, each starting from
 * the user's own rows (their assignments, institutions, projects, requests, affiliations) so a
 * feed costs the same whatever the size of the portal. `from`/`to` bound the dates read.
 */

export interface Window {
  from: Date;
  to: Date;
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const RESEARCH_MATCH_TYPE_IDS = sql.raw(RESEARCH_MATCH_TYPES.join(', '));

/** A request as the feed names it, and the day or moment of its date. */
export interface RequestDate {
  request_id: number;
  portal_request_id: string;
  title: string;
  at: string;
}

/** The assigned reviewer has not declared a conflict on the application. */
const NO_CONFLICT = sql`not exists (
  select 1 from review_conflicts conflict
  where conflict.request_id = assignment.request_id and conflict.user_id = assignment.user_id
    and conflict.conflict_exists
)`;

/** Research Match applications under review assigned to the user, by the summary's due date. */
export function researchMatchReviewsDue(db: DbOrTx, userId: number, window: Window) {
  return rowsOf<RequestDate>(
    db,
    sql`select request.id as request_id, request.portal_request_id,
        coalesce(nullif(summary.scientific_title, ''), request.display_name) as title, summary.due_date as at
      from request_reviewers assignment
      join requests request on request.id = assignment.request_id
      join request_summaries summary on summary.request_id = request.id
      where assignment.user_id = ${userId} and assignment.reviewer_role is not null
        and request.status_id = ${WORKFLOW_STATUS.underReview}::integer
        and summary.due_date between ${at(window.from)} and ${at(window.to)}
        and ${NO_CONFLICT}`,
  );
}

/** Tissue requests under review whose review by the user has a due date. */
export function tissueReviewsDue(db: DbOrTx, userId: number, window: Window) {
  return rowsOf<RequestDate>(
    db,
    sql`select request.id as request_id, request.portal_request_id, request.display_name as title,
        review.due_date as at
      from tissue_reviews review
      join requests request on request.id = review.request_id
      where review.reviewer_id = ${userId}
        and request.status_id = ${WORKFLOW_STATUS.underReview}::integer
        and review.due_date between ${at(window.from)} and ${at(window.to)}`,
  );
}

/** Research Match applications waiting for the review meeting, by the day they moved there. */
export function applicationsAtMeeting(db: DbOrTx, window: Window) {
  return rowsOf<RequestDate>(
    db,
    sql`select request.id as request_id, request.portal_request_id,
        coalesce(nullif(summary.scientific_title, ''), request.display_name) as title, stay.entered_at as at
      from request_status_stays stay
      join requests request on request.id = stay.request_id
      left join request_summaries summary on summary.request_id = request.id
      where stay.left_at is null and stay.status_id = ${WORKFLOW_STATUS.reviewMeeting}::integer
        and stay.type_id in (${RESEARCH_MATCH_TYPE_IDS})
        and stay.entered_at between ${at(window.from)} and ${at(window.to)}`,
  );
}

/** The same, of the applications the user reviews (without a declared conflict). */
export function reviewedApplicationsAtMeeting(db: DbOrTx, userId: number, window: Window) {
  return rowsOf<RequestDate>(
    db,
    sql`select request.id as request_id, request.portal_request_id,
        coalesce(nullif(summary.scientific_title, ''), request.display_name) as title, stay.entered_at as at
      from request_reviewers assignment
      join request_status_stays stay on stay.request_id = assignment.request_id and stay.left_at is null
      join requests request on request.id = assignment.request_id
      left join request_summaries summary on summary.request_id = request.id
      where assignment.user_id = ${userId} and assignment.reviewer_role is not null
        and stay.status_id = ${WORKFLOW_STATUS.reviewMeeting}::integer
        and stay.type_id in (${RESEARCH_MATCH_TYPE_IDS})
        and stay.entered_at between ${at(window.from)} and ${at(window.to)}
        and ${NO_CONFLICT}`,
  );
}

/**
 * Current RDAs waiting for the user's signature (Signature Needed), by the day they were made. An
 * item waiting has no end date, so it stays however long ago it began.
 */
export function rdasToSign(db: DbOrTx, userId: number, window: Window) {
  return rowsOf<{ file_id: number; institution_name: string; at: string }>(
    db,
    sql`select rda.id as file_id, institution.name as institution_name, rda.created as at
      from institutions institution
      join files rda on rda.id = institution.current_rda_id
      where institution.current_io_id = ${userId} and rda.additional_data ->> 'status' = '1'
        and rda.created <= ${at(window.to)}`,
  );
}

/** The renewal dates of the IRB records of the user's projects (a day, YYYY-MM-DD). */
export function irbRenewals(db: DbOrTx, userId: number, window: Window) {
  return rowsOf<{ project_id: number; portal_project_id: string; title: string; day: string }>(
    db,
    sql`select project.id as project_id, project.portal_project_id, project.title,
        left(irb.additional_data ->> 'renewal_date', 10) as day
      from projects project
      join files irb on irb.id = project.latest_irb_id
      where project.owner_id = ${userId}
        and irb.additional_data ->> 'renewal_date' ~ '^\\d{4}-\\d{2}-\\d{2}'
        and left(irb.additional_data ->> 'renewal_date', 10)
          between ${window.from.toISOString().slice(0, 10)} and ${window.to.toISOString().slice(0, 10)}`,
  );
}

/**
 * Requests that give the user access (owned, or on their access list) and expire between `from`
 * and `until`, with whether the user owns them (the owner files the renewal).
 */
export function accessExpiries(db: DbOrTx, userId: number, from: Date, until: Date) {
  return rowsOf<RequestDate & { owned: boolean }>(
    db,
    sql`select request.id as request_id, request.portal_request_id, request.display_name as title,
        request.expiration_date as at, request.owner_id = ${userId} as owned
      from requests request
      where request.id in (
          select own.id from requests own where own.owner_id = ${userId}
          union
          select member.request_id from request_members member
          where member.user_id = ${userId} and member.removal_date is null
        )
        and request.status_id in (${sql.raw(
          [
            WORKFLOW_STATUS.approved,
            WORKFLOW_STATUS.fulfilled,
            WORKFLOW_STATUS.approvedPendingTeam,
            WORKFLOW_STATUS.suspended,
          ].join(', '),
        )})
        and request.expiration_date between ${at(from)} and ${at(until)}`,
  );
}

/**
 * The user's affiliations whose institution's RDA is fully executed and that have no joinder yet
 * (what sends them to /joinder), by the later of the affiliation and the RDA's last change.
 */
export function joindersToSign(db: DbOrTx, userId: number, window: Window) {
  return rowsOf<{ affiliation_id: number; institution_name: string; at: string }>(
    db,
    sql`select affiliation.id as affiliation_id, institution.name as institution_name,
        greatest(affiliation.created, rda.modified) as at
      from user_institutions affiliation
      join institutions institution on institution.id = affiliation.institution_id
      join files rda on rda.id = institution.current_rda_id
      where affiliation.user_id = ${userId} and affiliation.joinder_date is null
        and affiliation.removal_reason is null and rda.additional_data ->> 'status' = '3'
        and greatest(affiliation.created, rda.modified) <= ${at(window.to)}`,
  );
}
