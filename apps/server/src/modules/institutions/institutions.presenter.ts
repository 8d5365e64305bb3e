import {
  INSTITUTION_STATUS,
  INSTITUTION_STATUSES,
  permissionsFor,
  type Actor,
  type InstitutionDto,
} from '@rrp/domain';
import type { InstitutionWithIo } from './institutions.repo';

/** An institution in Pending SBSO or Follow Up for longer than this is unresponsive (docs/decisions.md). */
const UNRESPONSIVE_AFTER_DAYS = 30;
const WAITING_ON_INSTITUTION = new Set<number>([INSTITUTION_STATUS.pendingSbso, INSTITUTION_STATUS.followUp]);

function isUnresponsive(row: { statusId: number; modified: Date }, now = new Date()): boolean {
  const ageDays = (now.getTime() - row.modified.getTime()) / 86_400_000;
  return WAITING_ON_INSTITUTION.has(row.statusId) && ageDays > UNRESPONSIVE_AFTER_DAYS;
}

export function presentInstitution(
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
