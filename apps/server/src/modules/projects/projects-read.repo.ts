import { eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/database';
import { isoTimestamp, jsonObject } from '../../platform/db/json-sql';
import { idOrExpanded, openObject, pageOfIds, pageOrder, personName } from '../../platform/db/json-sql-parts';
import { permissionCases } from '../../platform/db/permission-cases';
import { prepared } from '../../platform/db/prepared';
import { versionSql, type VersionSource } from '../../platform/http/object-versions';
import { files, institutions, projects, users } from '../../db/schema';
import { isEditableSql, isTeamMemberSql, reviewsProjectSql } from './project-access.repo';

/*
 * The project read model (issue 32): GET project/ and GET project/{id}/ as PostgreSQL writes them,
 * in the spec's field names. Node adds only what reads the clock (`irb_state`, the domain's
 * irbExpiryState) between the two halves of each row's text.
 */

const caller = sql.placeholder('callerId');

/** A project's version (its ETag): GET project/{id}/ reads it in the statement that reads the project. */
export const projectVersion: VersionSource = { table: 'projects', history: 'project', readWithAnswer: true };
const readOwner = alias(users, 'read_owner');
const readCreator = alias(users, 'read_creator');
const readInstitution = alias(institutions, 'read_institution');
const readIrb = alias(files, 'read_irb');

/** A text field of the IRB record: a non-empty string, else null (presentIrb's `text`). */
function irbText(key: string): SQL<string | null> {
  const field = sql`${readIrb.additionalData} -> ${sql.raw(`'${key}'`)}`;
  return sql<
    string | null
  >`case when jsonb_typeof(${field}) = 'string' then nullif(${readIrb.additionalData} ->> ${sql.raw(`'${key}'`)}, '') end`;
}

/** The IRB's designation, 1 or 2, else null (presentIrb). */
const irbDesignation = sql<
  number | null
>`case ${readIrb.additionalData} ->> 'designation' when '1' then 1 when '2' then 2 end`;

/** The project's IRB record as project-facts' presentIrb shows it. */
const irbRecordJson = jsonObject({
  id: readIrb.id,
  name: readIrb.name,
  designation: irbDesignation,
  approval_date: irbText('approval_date'),
  renewal_date: irbText('renewal_date'),
  assurance_number: irbText('assurance_number'),
  created: isoTimestamp(readIrb.created),
});

const ownerJson = jsonObject({
  id: readOwner.id,
  display_name: personName(readOwner.firstName, readOwner.lastName, readOwner.email),
});
const creatorJson = jsonObject({
  id: readCreator.id,
  display_name: personName(readCreator.firstName, readCreator.lastName),
});

/** The facts of a project the permission conditions read (ProjectSubject's). */
const projectFacts = {
  isOwner: { sql: sql`(${projects.ownerId} = ${caller})`, values: [false, true] },
  isTeamMember: { sql: isTeamMemberSql(caller), values: [false, true] },
  isAssignedReviewer: { sql: reviewsProjectSql(caller), values: [false, true] },
};

/** The caller's permissions on the project and on its team: the domain's answers, picked per row. */
export const projectPermissions = permissionCases('permissions', projectFacts);
export const teamPermissions = permissionCases('teamPermissions', projectFacts);

/**
 * The statement of the projects with these ids in page order, unprepared (`projectRowsJson`
 * prepares it; tests read its plan): each row's JSON in two halves (before and after
 * `irb_state`), what irbExpiryState reads, and what the caller's checks read (owner, member,
 * reviewer); `withVersion`, each row's version too, for the detail. `permissions` and
 * `teamPermissions` are permissionCases tables over the project's facts (parameters).
 */
export function projectRowsQuery(db: DbOrTx, withVersion: boolean) {
  return db
    .select({
      id: projects.id,
      head: openObject(
        jsonObject({
          id: projects.id,
          portal_project_id: projects.portalProjectId,
          title: projects.title,
          abstract: projects.abstract,
          non_autism_research: projects.nonAutismResearch,
          public_title: projects.publicTitle,
          public_abstract: projects.publicAbstract,
          owner: idOrExpanded(projects.ownerId, ownerJson, 'expandOwner'),
          institution: idOrExpanded(
            readInstitution.id,
            jsonObject({ id: readInstitution.id, name: readInstitution.name }),
            'expandInstitution',
          ),
          latest_irb: idOrExpanded(readIrb.id, irbRecordJson, 'expandIrb'),
        }),
      ),
      tail: sql<string>`substr(${jsonObject({
        irb_renewal_date: sql`case when ${irbDesignation} = 2 then null else ${irbText('renewal_date')} end`,
        is_editable: isEditableSql,
        display_name: projects.title,
        creator: idOrExpanded(readCreator.id, creatorJson, 'expandCreator'),
        created: isoTimestamp(projects.created),
        modified: isoTimestamp(projects.modified),
        permissions: projectPermissions.sql,
        team_permissions: teamPermissions.sql,
      })}::text, 2)`,
      irbId: readIrb.id,
      irbDesignation,
      irbRenewalDate: irbText('renewal_date'),
      ownerId: projects.ownerId,
      callerIsMember: projectFacts.isTeamMember.sql.mapWith(Boolean),
      callerReviews: projectFacts.isAssignedReviewer.sql.mapWith(Boolean),
      version: withVersion ? sql<string>`${versionSql(projectVersion)}` : sql<null>`null`,
    })
    .from(pageOfIds)
    .innerJoin(projects, eq(projects.id, sql`page.id`))
    .innerJoin(readOwner, eq(readOwner.id, projects.ownerId))
    .leftJoin(readCreator, eq(readCreator.id, projects.creatorId))
    .leftJoin(readInstitution, eq(readInstitution.id, projects.institutionId))
    .leftJoin(readIrb, eq(readIrb.id, projects.latestIrbId))
    .orderBy(pageOrder);
}

/** The rows of `projectRowsQuery`: one prepared statement for the list and one for the detail. */
export function projectRowsJson(
  db: DbOrTx,
  input: {
    ids: readonly number[];
    callerId: number;
    expand: ReadonlySet<string>;
    permissions: string;
    teamPermissions: string;
    withVersion?: boolean;
  },
) {
  const withVersion = input.withVersion ?? false;
  return prepared(db, withVersion ? 'project_rows_json_versioned' : 'project_rows_json', (name) =>
    projectRowsQuery(db, withVersion).prepare(name),
  ).execute({
    ids: [...input.ids],
    callerId: input.callerId,
    expandOwner: input.expand.has('owner'),
    expandInstitution: input.expand.has('institution'),
    expandIrb: input.expand.has('latest_irb'),
    expandCreator: input.expand.has('creator'),
    permissions: input.permissions,
    teamPermissions: input.teamPermissions,
  });
}

export type ProjectRowJson = Awaited<ReturnType<typeof projectRowsJson>>[number];
