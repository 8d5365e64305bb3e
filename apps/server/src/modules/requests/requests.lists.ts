import { eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { can, type Actor } from '@rrp/domain';
import type { IdSetSearch, ListSpec } from '../../platform/list';
import { projects, requests, users } from '../../db/schema';
import {
  assignedFilter,
  complianceNeededFilter,
  groupingFilter,
  recontactingCohortFilter,
  reviewQuarterFilter,
  summaryChoiceFilter,
  throughReviewers,
  throughSummary,
} from './request-filters';
import { R, visibleTo } from './requests.repo';

/** The request's owner and project, joined when the list is ordered by them. */
const listOwner = alias(users, 'list_owner');
const listProject = alias(projects, 'list_project');

/**
 * `search` field by field, as a union of id sets, each found through a trigram index: the public
 * id and the requested resources of the request, its owner's name (the `users_name_trgm`
 * expression), its institution's name and its project's title. A term is matched against the
 * public id and `search_text`, which holds the other fields, unless it holds the separator.
 */
const requestSearch: IdSetSearch[] = [
  { ids: (p) => sql`select id from requests where portal_request_id ilike ${p}` },
  { ids: (p) => sql`select id from requests where display_name ilike ${p}` },
  {
    ids: (p) =>
      sql`select r.id from requests r join users u on u.id = r.owner_id where (u.first_name || ' ' || u.last_name) ilike ${p}`,
  },
  {
    ids: (p) =>
      sql`select r.id from requests r join institutions i on i.id = r.institution_id where i.name ilike ${p}`,
  },
  {
    ids: (p) =>
      sql`select r.id from requests r join projects pr on pr.id = r.project_id where pr.title ilike ${p}`,
  },
];

/** What joins the fields of `requests.search_text` (migration 0033): a control character. */
export const REQUEST_SEARCH_SEPARATOR = '\u001f';

/** A condition on one of the request's cohorts (`cohort_ids` holds them). */
const throughCohorts = (condition: SQL) =>
  sql`exists (select 1 from unnest(${R.cohortIds}) as request_cohort(id) where ${condition})`;

/** A condition on a current member of the request's project team. */
const throughProjectTeam = (condition: SQL) =>
  sql`exists (select 1 from research_team_members where research_team_members.project_id = ${R.projectId} and research_team_members.removal_date is null and ${condition})`;

/** A condition on a user on the request's access control list (not removed). */
const throughMembers = (condition: SQL) =>
  sql`exists (select 1 from request_members where request_members.request_id = ${R.id} and request_members.removal_date is null and ${condition})`;

const throughDatasets = (condition: SQL) =>
  sql`exists (select 1 from request_datasets where request_datasets.request_id = ${R.id} and ${condition})`;

/**
 * GET request/: researcher §2 "Lists" (default sort submission date descending) and the filters of
 * researcher §7 and staff §7 that have data today (reviewer filters come with the review work).
 */
export const requestList: ListSpec = {
  id: requests.id,
  filters: {
    id: { type: 'int', column: requests.id, lookups: ['exact', 'in'] },
    type: { type: 'int', column: requests.typeId, lookups: ['exact', 'in'] },
    status: { type: 'int', column: requests.statusId, lookups: ['exact', 'in'] },
    owner: { type: 'int', column: requests.ownerId, lookups: ['exact', 'in'] },
    project: { type: 'int', column: requests.projectId, lookups: ['exact', 'in'] },
    institution: { type: 'int', column: requests.institutionId, lookups: ['exact', 'in', 'isnull'] },
    sample_type: { type: 'int', column: requests.sampleTypeId, lookups: ['exact', 'in', 'isnull'] },
    portal_request_id: {
      type: 'text',
      column: requests.portalRequestId,
      lookups: ['exact', 'in', 'icontains'],
    },
    display_name: { type: 'text', column: requests.displayName, lookups: ['icontains'] },
    cohort: {
      type: 'int',
      column: sql`request_cohort.id`,
      through: throughCohorts,
      lookups: ['exact', 'in'],
    },
    datasets: {
      type: 'int',
      column: sql`request_datasets.dataset_id`,
      through: throughDatasets,
      lookups: ['exact', 'in'],
    },
    /** Requests of the projects whose current team the user is on (staff §7). */
    project__userproject__user: {
      type: 'int',
      column: sql`research_team_members.user_id`,
      through: throughProjectTeam,
      lookups: ['exact', 'in'],
    },
    /** Requests whose access control list holds the user (researcher §7 `users`). */
    users: {
      type: 'int',
      column: sql`request_members.user_id`,
      through: throughMembers,
      lookups: ['exact', 'in'],
    },
    /** Requests the user is assigned to review (staff §7 `reviews__user__in`). */
    reviews__user: {
      type: 'int',
      column: sql`request_reviewers.user_id`,
      through: throughReviewers,
      lookups: ['exact', 'in'],
    },
    /** Submitted in the review quarter `YYYY-Qn` (staff §9; researcher §2 "Lists" filters). */
    review_quarter: reviewQuarterFilter,
    /** With (true) or without (false) an assigned reviewer: the command centre's assign filter. */
    assigned: assignedFilter,
    compliance_needed: complianceNeededFilter,
    grouping: groupingFilter,
    /** Research Match requests (and renewals) of a cohort (staff §7 "recontacting cohort filter"). */
    recontacting_cohort: recontactingCohortFilter,
    // The research-match list's filters (researcher §2 "Lists"), on the staff summary's indexed columns.
    review_cycle: {
      type: 'int',
      column: sql`rs.review_cycle`,
      through: throughSummary,
      lookups: ['exact', 'in', 'gte', 'lte'],
    },
    keywords: summaryChoiceFilter('keywords'),
    category: summaryChoiceFilter('category'),
    methods: summaryChoiceFilter('study_type'),
    region: {
      type: 'text',
      column: sql`rs.region`,
      through: throughSummary,
      lookups: ['exact', 'in', 'icontains'],
    },
    submission_date: { type: 'date', column: requests.submissionDate },
    decision_date: { type: 'date', column: requests.decisionDate },
    expiration_date: { type: 'date', column: requests.expirationDate },
    created: { type: 'date', column: requests.created },
    modified: { type: 'date', column: requests.modified },
  },
  ordering: {
    id: requests.id,
    portal_request_id: requests.portalRequestId,
    display_name: requests.displayName,
    type: requests.typeId,
    status: requests.statusId,
    submission_date: requests.submissionDate,
    decision_date: requests.decisionDate,
    expiration_date: requests.expirationDate,
    created: requests.created,
    modified: requests.modified,
    owner: listOwner.lastName,
    institution: requests.institutionSortName,
    cohort: requests.cohortSortName,
    project: listProject.title,
  },
  defaultOrdering: ['-submission_date'],
  search: requestSearch,
  searchColumns: {
    columns: [requests.portalRequestId, requests.searchText],
    separator: REQUEST_SEARCH_SEPARATOR,
    lowerCased: [requests.searchText],
  },
  joins: [
    { table: listOwner, on: eq(listOwner.id, requests.ownerId), innerFor: ['owner'] },
    { table: listProject, on: eq(listProject.id, requests.projectId), innerFor: ['project'] },
  ],
  expand: ['project', 'datasets', 'owner', 'institution', 'summary'],
};

/**
 * What a caller who may not read every request sees, in SQL: researchers their own and their
 * teams' requests, reviewers their assignments (staff §6); both when a role holds both grants.
 * The permission table decides which apply; undefined means every request.
 */
export function readableRequests(actor: Actor): SQL | undefined {
  if (can(actor, 'read', 'Request')) return undefined;
  const parts: SQL[] = [];
  if (can(actor, 'read', 'Request', { ownerId: actor.userId, teamMemberIds: [actor.userId] })) {
    parts.push(visibleTo(actor.userId));
  }
  if (can(actor, 'read', 'Request', { reviewerIds: [actor.userId] })) {
    parts.push(throughReviewers(sql`request_reviewers.user_id = ${actor.userId}`));
  }
  return parts.length === 0 ? sql`false` : parts.length === 1 ? parts[0] : or(...parts);
}
