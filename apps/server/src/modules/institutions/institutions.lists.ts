import { ilike, or, sql } from 'drizzle-orm';
import { RDA_STATUS } from '@rrp/domain';
import { escapeLike, type ListSpec } from '../../platform/list';
import { institutions, userInstitutions } from '../../db/schema';

/**
 * The status of the institution's current RDA, in SQL; an institution without one counts as
 * 'No RDA at this time' (4) — the command centre's RDAs tab filters on it (docs/decisions.md).
 */
const associatedNamesText = sql`array_to_string(${institutions.associatedNames}, ' ')`;

const rdaStatusOf = sql`coalesce((select (f.additional_data ->> 'status')::int from files f where f.id = ${institutions.currentRdaId}), ${sql.raw(String(RDA_STATUS.none))})`;

export const institutionList: ListSpec = {
  id: institutions.id,
  filters: {
    id: { type: 'int', column: institutions.id },
    status: { type: 'int', column: institutions.statusId },
    name: { type: 'text', column: institutions.name },
    ein: { type: 'text', column: institutions.ein },
    current_io: { type: 'int', column: institutions.currentIoId },
    admin_acknowledge: { type: 'bool', column: institutions.adminAcknowledge },
    created: { type: 'date', column: institutions.created },
    rda_status: { type: 'int', column: rdaStatusOf, lookups: ['exact', 'in'] },
    // The institution pickers (researcher §2: "searched by name, associated name and EIN"): unlike
    // `search`, not the official name, which the demo's and many real institutions share words in.
    name_or_ein: {
      type: 'text',
      column: institutions.name,
      lookups: ['icontains'],
      build: (_lookup, raw) => {
        const pattern = `%${escapeLike(raw.trim())}%`;
        return or(
          ilike(institutions.name, pattern),
          ilike(associatedNamesText, pattern),
          ilike(institutions.ein, pattern),
        )!;
      },
    },
  },
  ordering: {
    id: institutions.id,
    name: institutions.name,
    status: institutions.statusId,
    created: institutions.created,
    rda_status: rdaStatusOf,
  },
  defaultOrdering: ['name'],
  // Name, official name, associated names and EIN (staff §2.9 search).
  search: [institutions.name, institutions.officialName, institutions.ein, associatedNamesText],
  expand: ['current_io'],
};

export const affiliationList: ListSpec = {
  id: userInstitutions.id,
  filters: {
    user: { type: 'int', column: userInstitutions.userId },
    institution: { type: 'int', column: userInstitutions.institutionId },
    primary: { type: 'bool', column: userInstitutions.primary },
    verified: { type: 'bool', column: userInstitutions.verified },
    joinder_date: { type: 'date', column: userInstitutions.joinderDate },
  },
  ordering: { id: userInstitutions.id, created: userInstitutions.created },
  defaultOrdering: ['id'],
  expand: ['user'],
  extraParams: ['removed'],
};
