import { sql } from 'drizzle-orm';
import { COMPLIANCE_RULE } from '@rrp/domain';
import type { ListSpec } from '../../platform/list';
import { requests, users } from '../../db/schema';
import { compliance } from './compliance.sql';

/** Requests made through the institution that were fulfilled (staff §9: "compliance requests use status 7"). */
export const requestCount = sql<number>`(select count(*)::int from ${requests}
  where ${requests.institutionId} = ${compliance.id} and ${requests.statusId} = ${COMPLIANCE_RULE.requestStatus})`;

export const complianceList: ListSpec = {
  id: compliance.id,
  filters: {
    id: { type: 'int', column: compliance.id, lookups: ['exact', 'in'] },
    compliance_status: { type: 'int', column: sql`${compliance.status}`, lookups: ['exact', 'in'] },
    admin_acknowledge: { type: 'bool', column: sql`${compliance.adminAcknowledge}` },
    current_anniversary: {
      type: 'date',
      column: sql`${compliance.anniversary}`,
      lookups: ['gte', 'lte'],
    },
  },
  ordering: {
    id: compliance.id,
    display_name: sql`lower(${compliance.name})`,
    current_anniversary: sql`${compliance.anniversary}`,
    compliance_status: sql`${compliance.status}`,
    requestCount,
    admin_acknowledge: sql`${compliance.adminAcknowledge}`,
  },
  // The most urgent first: non-compliant, then due, each by the anniversary they are about.
  defaultOrdering: ['-compliance_status', 'current_anniversary'],
  // The institution's names and its signing official.
  search: [
    sql`${compliance.name}`,
    sql`${compliance.officialName}`,
    sql`${compliance.associatedNames}`,
    users.email,
    sql`${users.firstName} || ' ' || ${users.lastName}`,
  ],
};
