import { can, type Actor, type InstitutionComplianceDto } from '@rrp/domain';
import type { ComplianceRow } from './compliance.repo';
import { complianceStatusName } from './compliance.emails';

/**
 * One compliance row. `permissions` are the caller's actions on the row: `read`, `acknowledge`
 * (PATCH institution admin_acknowledge: the Institution review grant) and `email` (the composer).
 */
export function presentCompliance(actor: Actor, row: ComplianceRow): InstitutionComplianceDto {
  const subject = { currentIoId: row.io?.id ?? null, memberIds: [] as number[] };
  return {
    id: row.id,
    display_name: row.name,
    current_io: row.io?.id
      ? { id: row.io.id, full_name: `${row.io.firstName} ${row.io.lastName}`.trim(), email: row.io.email }
      : null,
    requestCount: row.requestCount,
    current_anniversary: row.anniversary,
    compliance_status: row.status as 1 | 2 | 3,
    compliance_status_name: complianceStatusName(row.status),
    last_annual_review: row.lastReview,
    admin_acknowledge: row.adminAcknowledge,
    lastEmail: row.lastEmail
      ? {
          id: row.lastEmail.id,
          subject: row.lastEmail.subject,
          to: row.lastEmail.to,
          created: new Date(row.lastEmail.created).toISOString(),
          status: row.lastEmail.status,
        }
      : null,
    permissions: [
      'read',
      ...(can(actor, 'review', 'Institution', subject) ? ['acknowledge'] : []),
      ...(can(actor, 'create', 'Email') ? ['email'] : []),
    ],
  };
}
