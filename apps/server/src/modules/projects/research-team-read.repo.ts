import { eq, sql } from 'drizzle-orm';
import { PI_TEAM_ROLE } from '@rrp/domain';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/database';
import { isoTimestamp, jsonObject } from '../../platform/db/json-sql';
import { idOrExpanded, openObject, pageOfIds, pageOrder, personName } from '../../platform/db/json-sql-parts';
import { prepared } from '../../platform/db/prepared';
import { files, institutions, projects, researchTeamMembers, users } from '../../db/schema';
import { reviewsProjectSql } from './project-access.repo';
import {
  effectiveInstitution,
  memberJoinderDate,
  memberRdaStatus,
  memberUserIdSql,
  memberVerified,
} from './research-team.repo';

/*
 * The research team read model (issue 32): GET research-team/ and its rows as PostgreSQL writes
 * them. Node adds `warnings` (they read the clock through the IRB's expiry) to each row's text.
 */

const caller = sql.placeholder('callerId');
const readAccount = alias(users, 'read_account');
const readInstitution = alias(institutions, 'read_member_institution');
const readIrb = alias(files, 'read_team_irb');

/**
 * The team rows with these ids in page order: each row's JSON without its closing brace (and
 * without `warnings`), what the warnings read, and what the caller's checks read (the project's
 * owner, whether the caller reviews it). `roleNames`: teamRoleName's answers, `{"1": name, ...}`,
 * and `unknownRole` its answer for any other role.
 */
export function teamRowsJson(
  db: DbOrTx,
  input: {
    ids: readonly number[];
    callerId: number;
    expandInstitution: boolean;
    roleNames: string;
    unknownRole: string;
  },
) {
  return prepared(db, 'team_rows_json', (name) =>
    db
      .select({
        open: openObject(
          jsonObject({
            id: researchTeamMembers.id,
            project_id: researchTeamMembers.projectId,
            user_id: readAccount.id,
            email: researchTeamMembers.email,
            first_name: researchTeamMembers.firstName,
            last_name: researchTeamMembers.lastName,
            display_name: personName(
              researchTeamMembers.firstName,
              researchTeamMembers.lastName,
              researchTeamMembers.email,
            ),
            user_role: researchTeamMembers.userRole,
            user_role_name: sql`coalesce(${sql.placeholder('roleNames')}::json ->> ${researchTeamMembers.userRole}::text, ${sql.placeholder('unknownRole')}::text)`,
            is_pi: sql`(${researchTeamMembers.userRole} = ${sql.raw(String(PI_TEAM_ROLE))} and ${readAccount.id} is not distinct from ${projects.ownerId})`,
            institution: idOrExpanded(
              readInstitution.id,
              jsonObject({ id: readInstitution.id, name: readInstitution.name }),
              'expandInstitution',
            ),
            globus_username: researchTeamMembers.globusUsername,
            active: researchTeamMembers.active,
            removal_date: isoTimestamp(researchTeamMembers.removalDate),
            created: isoTimestamp(researchTeamMembers.created),
            latest_irb: projects.latestIrbId,
            joinder_date: isoTimestamp(memberJoinderDate),
            current_rda: memberRdaStatus,
            verified: memberVerified,
          }),
        ),
        ownerId: projects.ownerId,
        callerReviews: reviewsProjectSql(caller).mapWith(Boolean),
        irbData: readIrb.additionalData,
        userId: readAccount.id,
        accountActive: readAccount.isActive,
        effectiveInstitutionId: effectiveInstitution,
        rdaStatus: memberRdaStatus,
        joinderDate: memberJoinderDate,
      })
      .from(pageOfIds)
      .innerJoin(researchTeamMembers, eq(researchTeamMembers.id, sql`page.id`))
      .innerJoin(projects, eq(projects.id, researchTeamMembers.projectId))
      .leftJoin(readAccount, eq(readAccount.id, memberUserIdSql))
      .leftJoin(readInstitution, eq(readInstitution.id, researchTeamMembers.institutionId))
      .leftJoin(readIrb, eq(readIrb.id, projects.latestIrbId))
      .orderBy(pageOrder)
      .prepare(name),
  ).execute({
    ids: [...input.ids],
    callerId: input.callerId,
    expandInstitution: input.expandInstitution,
    roleNames: input.roleNames,
    unknownRole: input.unknownRole,
  });
}

export type TeamRowJson = Awaited<ReturnType<typeof teamRowsJson>>[number];
