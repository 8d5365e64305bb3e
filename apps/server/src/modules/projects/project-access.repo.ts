import { sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { WORKFLOW_STATUS } from '@rrp/domain';
import { teamRowGivesAccess } from '../project-facts/project-facts.service';
import { files, projects, requestReviewers, requests, researchTeamMembers } from '../../db/schema';

/*
 * Who stands where to a project, as SQL conditions on the project row: on its team, reviewing one
 * of its requests, able to see it, able to edit it. The project reads, the team list and the IRB
 * files' policy all ask through these.
 */

/**
 * Request statuses that leave a project editable by its owner: Created, Revisions Requested,
 * Deferred (the two return-to-applicant statuses) and Withdrawn (docs/decisions.md 031).
 */
const EDITABLE_REQUEST_STATUSES = [
  WORKFLOW_STATUS.created,
  WORKFLOW_STATUS.revisionsRequested,
  WORKFLOW_STATUS.deferred,
  WORKFLOW_STATUS.withdrawn,
];

/** No request of the project is past Created or in an active review. */
export const isEditableSql = sql<boolean>`not exists (select 1 from ${requests} where ${requests.projectId} = ${projects.id} and ${requests.statusId} not in (${sql.raw(EDITABLE_REQUEST_STATUSES.join(', '))}))`;

/** The caller is on the project's current team with access. */
export function isTeamMemberSql(userId: number | Placeholder) {
  return sql<boolean>`exists (select 1 from ${researchTeamMembers} tm where tm.project_id = ${projects.id} and ${teamRowGivesAccess(userId)})`;
}

/**
 * Whether the user is assigned to review a request of the project: what `isAssignedReviewer`
 * reads for a project (a reviewer edits the team of a project they review; decision 119). The
 * projects the user reviews are read once per statement, not per row: a page of team rows whose
 * projects have many requests probed each request's assignments (a third of the page's time).
 */
export function reviewsProjectSql(userId: number | Placeholder) {
  return sql<boolean>`(${projects.id} in (select ${requests.projectId} from ${requestReviewers} join ${requests} on ${requests.id} = ${requestReviewers.requestId} where ${requestReviewers.userId} = ${userId}))`;
}

/**
 * Projects a researcher sees: their own and those whose current team they are on, as one set of
 * ids found through the owner and team indexes. An OR of the two read every project (issue 15:
 * the researcher home's project list served 50 calls a second at 200k requests). `projectId` is
 * where the filtered query holds the project: the project's id, or a team row's `project_id`.
 */
export function visibleTo(userId: number, projectId: SQL | AnyColumn = projects.id): SQL {
  return sql`${projectId} in (select own.id from ${projects} own where own.owner_id = ${userId} union select tm.project_id from ${researchTeamMembers} tm where ${teamRowGivesAccess(userId)})`;
}

/** IRBs of projects the user owns or is on the team of, and those they uploaded before their project. */
export function irbFilesReadableBy(userId: number): SQL {
  return sql`((${files.creatorId} = ${userId} and ${files.projectId} is null) or exists (select 1 from ${projects} where ${projects.id} = ${files.projectId} and ${visibleTo(userId)}))`;
}
