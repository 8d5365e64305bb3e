import { and, asc, eq, exists, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { countMatching, type ParsedList } from '../../platform/list';
import {
  datasets,
  groups,
  institutions,
  projects,
  requestDatasets,
  requests,
  researchTeamMembers,
  userGroups,
  users,
} from '../../db/schema';
import {
  APPROVED_REQUEST_STATUSES,
  APPROVED_STATUS_LIST,
  DATASET_REQUEST_TYPE,
  fullNameSql,
} from './catalogue.repo';

/** The user holds an approved (or fulfilled) dataset request. */
const hasApprovedDatasetRequest = sql`exists (select 1 from ${requests} where ${requests.ownerId} = ${users.id} and ${requests.typeId} = ${DATASET_REQUEST_TYPE} and ${requests.statusId} in (${APPROVED_STATUS_LIST}))`;

/**
 * The name of the user's primary institution. Written with qualified names: drizzle leaves
 * columns unqualified in a single-table select list, where `id` would be ambiguous.
 */
export const primaryInstitutionNameSql = sql<string | null>`(
  select "institutions"."name" from "user_institutions"
  join "institutions" on "institutions"."id" = "user_institutions"."institution_id"
  where "user_institutions"."user_id" = "users"."id"
  order by "user_institutions"."primary" desc, "user_institutions"."id" asc limit 1)`;

export async function listPublicResearchers(db: DbOrTx, list: ParsedList) {
  const where = and(hasApprovedDatasetRequest, eq(users.isActive, true), list.where);
  const [rows, total] = await Promise.all([
    db
      .select({ id: users.id, name: fullNameSql, institutionName: primaryInstitutionNameSql })
      .from(users)
      .where(where)
      .orderBy(...list.orderBy)
      .limit(list.limit)
      .offset(list.offset),
    countMatching(db, users, where),
  ]);
  return { rows, count: total };
}

/** An active primary researcher (the only accounts with a public page), with their institution. */
export async function findPublicResearcher(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: users.id, name: fullNameSql, institutionName: primaryInstitutionNameSql })
    .from(users)
    .where(
      and(
        eq(users.id, id),
        eq(users.isActive, true),
        exists(
          db
            .select({ one: sql`1` })
            .from(userGroups)
            .innerJoin(groups, eq(groups.id, userGroups.groupId))
            .where(and(eq(userGroups.userId, users.id), eq(groups.name, 'primary_researcher'))),
        ),
      ),
    );
  return row ?? null;
}

/** The researcher's approved (or fulfilled) dataset requests, with their project and datasets. */
export async function approvedRequestsOf(db: DbOrTx, userId: number) {
  return db
    .select({
      requestId: requests.id,
      projectId: projects.id,
      title: projects.title,
      abstract: projects.abstract,
      publicTitle: projects.publicTitle,
      publicAbstract: projects.publicAbstract,
      datasetRowId: datasets.id,
      datasetUuid: datasets.datasetId,
      datasetName: datasets.name,
    })
    .from(requests)
    .innerJoin(projects, eq(projects.id, requests.projectId))
    .leftJoin(requestDatasets, eq(requestDatasets.requestId, requests.id))
    .leftJoin(datasets, eq(datasets.id, requestDatasets.datasetId))
    .where(
      and(
        eq(requests.ownerId, userId),
        eq(requests.typeId, DATASET_REQUEST_TYPE),
        inArray(requests.statusId, [...APPROVED_REQUEST_STATUSES]),
      ),
    )
    .orderBy(asc(projects.title), asc(projects.id), asc(datasets.name));
}

/** The current teams of these projects: name, role and institution, nothing else. */
export async function teamsOf(db: DbOrTx, projectIds: readonly number[]) {
  if (projectIds.length === 0) return [];
  return db
    .select({
      projectId: researchTeamMembers.projectId,
      firstName: researchTeamMembers.firstName,
      lastName: researchTeamMembers.lastName,
      userRole: researchTeamMembers.userRole,
      institutionName: institutions.name,
    })
    .from(researchTeamMembers)
    .leftJoin(institutions, eq(institutions.id, researchTeamMembers.institutionId))
    .where(
      and(inArray(researchTeamMembers.projectId, [...projectIds]), isNull(researchTeamMembers.removalDate)),
    )
    .orderBy(asc(researchTeamMembers.userRole), asc(researchTeamMembers.lastName));
}
