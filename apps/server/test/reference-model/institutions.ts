import { and, eq, sql } from 'drizzle-orm';
import {
  INSTITUTION_STATUS,
  INSTITUTION_STATUSES,
  can,
  permissionsFor,
  type Actor,
  type InstitutionDto,
} from '@rrp/domain';
import { files, institutions, users } from '../../src/db/schema';
import type { DbOrTx } from '../../src/platform/db/database';
import { authorize } from '../../src/platform/http/access';
import { NotFoundError } from '../../src/platform/http/errors';
import { countMatching, parseListQuery, type ParsedList } from '../../src/platform/list';
import { institutionList } from '../../src/modules/institutions/institutions.lists';
import {
  findInstitution,
  isMember,
  type InstitutionWithIo,
} from '../../src/modules/institutions/institutions.repo';

/*
 * The ORACLE of the institution read model's golden tests (issue 32): how GET institution/ and
 * GET institution/{id}/ answered before PostgreSQL wrote their JSON, moved here unchanged from
 * institutions.presenter.ts, institutions.repo.ts (listInstitutions), the service and the route.
 */

const ioColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email };
const rdaStatus = sql<number | null>`(${files.additionalData} ->> 'status')::int`;

/** A page of institutions with their signing official and RDA status joined in (no N+1). */
async function listInstitutions(db: DbOrTx, list: ParsedList, onlyStatus?: number) {
  const where =
    onlyStatus === undefined ? list.where : and(list.where, eq(institutions.statusId, onlyStatus));
  const [rows, total] = await Promise.all([
    db
      .select({ institution: institutions, io: ioColumns, rdaStatus })
      .from(institutions)
      .leftJoin(users, eq(users.id, institutions.currentIoId))
      .leftJoin(files, eq(files.id, institutions.currentRdaId))
      .where(where)
      .orderBy(...list.orderBy)
      .limit(list.limit)
      .offset(list.offset),
    countMatching(db, institutions, where),
  ]);
  return { rows, count: total };
}

/** An institution in Pending SBSO or Follow Up for longer than this is unresponsive (docs/decisions.md). */
const UNRESPONSIVE_AFTER_DAYS = 30;
const WAITING_ON_INSTITUTION = new Set<number>([INSTITUTION_STATUS.pendingSbso, INSTITUTION_STATUS.followUp]);

function isUnresponsive(row: { statusId: number; modified: Date }, now = new Date()): boolean {
  const ageDays = (now.getTime() - row.modified.getTime()) / 86_400_000;
  return WAITING_ON_INSTITUTION.has(row.statusId) && ageDays > UNRESPONSIVE_AFTER_DAYS;
}

function presentInstitution(
  actor: Actor | null,
  { institution, io, rdaStatus }: InstitutionWithIo,
  options: { expandIo: boolean; memberIds: number[] },
): InstitutionDto {
  return {
    id: institution.id,
    name: institution.name,
    official_name: institution.officialName,
    display_name: institution.name,
    ein: institution.ein,
    nonprofit: institution.nonprofit,
    domains: institution.domains,
    associated_names: institution.associatedNames,
    status: institution.statusId,
    status_name: INSTITUTION_STATUSES[institution.statusId as keyof typeof INSTITUTION_STATUSES] ?? '',
    phone_number: institution.phoneNumber,
    current_io:
      io && options.expandIo
        ? { id: io.id, full_name: `${io.firstName} ${io.lastName}`.trim(), email: io.email }
        : (institution.currentIoId ?? null),
    current_rda: institution.currentRdaId,
    rda_status: rdaStatus,
    comments: institution.comments,
    admin_acknowledge: institution.adminAcknowledge,
    is_unresponsive: isUnresponsive(institution),
    created: institution.created.toISOString(),
    permissions: permissionsFor(actor, 'Institution', {
      currentIoId: institution.currentIoId,
      memberIds: options.memberIds,
    }),
  };
}

/** GET institution/ as the previous service and route answered it (before the route's envelope). */
export async function referenceInstitutionList(
  db: DbOrTx,
  actor: Actor | null,
  query: Record<string, string | undefined>,
) {
  const list = parseListQuery(institutionList, query);
  const seesAll = can(actor, 'read', 'Institution');
  const page = await listInstitutions(db, list, seesAll ? undefined : INSTITUTION_STATUS.approved);
  const results = page.rows.map((row) =>
    presentInstitution(actor, row, { expandIo: list.expand.has('current_io'), memberIds: [] }),
  );
  // Visitors and researchers get the picker's fields only.
  const shown = seesAll
    ? results
    : results.map(({ id, name, display_name, status }) => ({ id, name, display_name, status }));
  return { list, count: page.count, results: shown };
}

/** GET institution/{id}/ as the previous service answered it. */
export async function referenceInstitution(db: DbOrTx, actor: Actor, id: number): Promise<InstitutionDto> {
  const row = await findInstitution(db, id);
  if (!row) throw new NotFoundError();
  const memberIds = (await isMember(db, id, actor.userId)) ? [actor.userId] : [];
  const dto = presentInstitution(actor, row, { expandIo: true, memberIds });
  authorize(actor, 'read', 'Institution', { currentIoId: row.institution.currentIoId, memberIds });
  return dto;
}
