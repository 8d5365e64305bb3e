import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { INSTITUTION_STATUS, INSTITUTION_STATUSES } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { isoTimestamp, jsonObject } from '../../platform/db/json-sql';
import { codeName, idOrExpanded, pageJsonText, pageOfIds } from '../../platform/db/json-sql-parts';
import { permissionCases } from '../../platform/db/permission-cases';
import { prepared } from '../../platform/db/prepared';
import { files, institutions, userInstitutions, users } from '../../db/schema';

/*
 * The institution read model (issue 32): GET institution/ and GET institution/{id}/ as PostgreSQL
 * writes them, in the spec's field names. `permissions` are the domain's answers per combination
 * of the institution's facts; `is_unresponsive` compares with the moment Node passes.
 */

const caller = sql.placeholder('callerId');
const readOfficial = alias(users, 'read_official');
const readRda = alias(files, 'read_rda');

/** Statuses in which the institution is waiting on its side (isUnresponsive's). */
const WAITING_ON_INSTITUTION = sql.raw(`${INSTITUTION_STATUS.pendingSbso}, ${INSTITUTION_STATUS.followUp}`);

/** Whether the caller is (still) affiliated with the institution. */
const callerIsMember = sql<boolean>`exists (
  select 1 from ${userInstitutions} where ${userInstitutions.institutionId} = ${institutions.id}
    and ${userInstitutions.userId} = ${caller} and ${userInstitutions.removalReason} is null)`;

/** The facts of an institution the permission conditions read (isOfficial, isMember). */
export const institutionPermissions = permissionCases('permissions', {
  isOfficial: {
    sql: sql`(${institutions.currentIoId} is not distinct from ${caller})`,
    values: [false, true],
  },
  // The list never asked about membership (its rows' subject had no members); the detail does.
  isMember: {
    sql: sql`(${sql.placeholder('readMembership')}::boolean and ${callerIsMember})`,
    values: [false, true],
  },
});

const institutionJson = jsonObject({
  id: institutions.id,
  name: institutions.name,
  official_name: institutions.officialName,
  display_name: institutions.name,
  ein: institutions.ein,
  nonprofit: institutions.nonprofit,
  domains: institutions.domains,
  associated_names: institutions.associatedNames,
  status: institutions.statusId,
  status_name: codeName(institutions.statusId, INSTITUTION_STATUSES, ''),
  phone_number: institutions.phoneNumber,
  current_io: idOrExpanded(
    institutions.currentIoId,
    jsonObject({
      id: readOfficial.id,
      full_name: sql`btrim(${readOfficial.firstName} || ' ' || ${readOfficial.lastName})`,
      email: readOfficial.email,
    }),
    'expandOfficial',
  ),
  current_rda: institutions.currentRdaId,
  rda_status: sql`(${readRda.additionalData} ->> 'status')::int`,
  comments: institutions.comments,
  admin_acknowledge: institutions.adminAcknowledge,
  is_unresponsive: sql`(${institutions.statusId} in (${WAITING_ON_INSTITUTION}) and ${institutions.modified} < ${sql.placeholder('unresponsiveBefore')}::timestamptz)`,
  created: isoTimestamp(institutions.created),
  permissions: institutionPermissions.sql,
});

/** The institutions visitors and researchers may list: the approved ones (the picker). */
export const approvedInstitutions = eq(institutions.statusId, INSTITUTION_STATUS.approved);

/** What visitors and researchers see of an institution (the picker's fields). */
const pickerJson = jsonObject({
  id: institutions.id,
  name: institutions.name,
  display_name: institutions.name,
  status: institutions.statusId,
});

export interface InstitutionReadInput {
  callerId: number;
  expandOfficial: boolean;
  /** `isUnresponsive`'s threshold: an institution last modified before it has waited too long. */
  unresponsiveBefore: Date;
  /** The domain's answers, `institutionPermissions.answersFor(...)`. */
  permissions: string;
}

/** One institution's row: its JSON and what the caller's read check reads. */
function detailStatement(db: DbOrTx) {
  return prepared(db, 'institution_detail_json', (name) =>
    db
      .select({
        json: sql<string>`${institutionJson}::text`,
        currentIoId: institutions.currentIoId,
        isMember: callerIsMember.mapWith(Boolean),
      })
      .from(pageOfIds)
      .innerJoin(institutions, eq(institutions.id, sql`page.id`))
      .leftJoin(readOfficial, eq(readOfficial.id, institutions.currentIoId))
      .leftJoin(readRda, eq(readRda.id, institutions.currentRdaId))
      .prepare(name),
  );
}

/** The institutions with these ids as the list's JSON array, in page order. */
export async function institutionPageJson(
  db: DbOrTx,
  ids: readonly number[],
  input: InstitutionReadInput,
): Promise<string> {
  if (ids.length === 0) return '[]';
  const [row] = await prepared(db, 'institution_page_json', (name) =>
    db
      .select({ json: pageJsonText(institutionJson) })
      .from(pageOfIds)
      .innerJoin(institutions, eq(institutions.id, sql`page.id`))
      .leftJoin(readOfficial, eq(readOfficial.id, institutions.currentIoId))
      .leftJoin(readRda, eq(readRda.id, institutions.currentRdaId))
      .prepare(name),
  ).execute({ ...params(input), ids: [...ids], readMembership: false });
  return row!.json;
}

/** The picker's rows with these ids as a JSON array, in page order. */
export async function institutionPickerJson(db: DbOrTx, ids: readonly number[]): Promise<string> {
  if (ids.length === 0) return '[]';
  const [row] = await prepared(db, 'institution_picker_json', (name) =>
    db
      .select({ json: pageJsonText(pickerJson) })
      .from(pageOfIds)
      .innerJoin(institutions, eq(institutions.id, sql`page.id`))
      .prepare(name),
  ).execute({ ids: [...ids] });
  return row!.json;
}

/**
 * One institution's JSON (its official expanded, membership asked) and what its read check
 * reads, or null when there is none.
 */
export async function institutionJsonById(db: DbOrTx, id: number, input: InstitutionReadInput) {
  const [row] = await detailStatement(db).execute({ ...params(input), ids: [id], readMembership: true });
  if (!row) return null;
  return row;
}

function params(input: InstitutionReadInput) {
  return {
    callerId: input.callerId,
    expandOfficial: input.expandOfficial,
    unresponsiveBefore: input.unresponsiveBefore.toISOString(),
    permissions: input.permissions,
  };
}
