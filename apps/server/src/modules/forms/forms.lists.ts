import type { ResponseSelectionTable } from '@rrp/domain/forms';
import type { ListSpec } from '../../platform/list';
import { cohorts, researchTeamRoles, shippingVendors } from '../../db/schema';

/** The option tables a form's combobox may name; `created` is the order they were set up in. */
export const RESPONSE_SELECTION_SOURCES = {
  research_team_roles: researchTeamRoles,
  shipping_vendors: shippingVendors,
  cohorts,
} as const satisfies Record<ResponseSelectionTable, unknown>;

const choiceListSpec = (table: typeof researchTeamRoles): ListSpec => ({
  id: table.id,
  filters: { name: { type: 'text', column: table.name } },
  ordering: { created: table.position, name: table.name, id: table.id },
  defaultOrdering: ['created'],
  search: [table.name],
  extraParams: ['table'],
});

export const RESPONSE_SELECTION_LISTS: Record<ResponseSelectionTable, ListSpec> = {
  research_team_roles: choiceListSpec(researchTeamRoles),
  shipping_vendors: choiceListSpec(shippingVendors),
  cohorts: {
    id: cohorts.id,
    filters: { name: { type: 'text', column: cohorts.name } },
    ordering: { created: cohorts.id, name: cohorts.name, id: cohorts.id },
    defaultOrdering: ['created'],
    search: [cohorts.name],
    extraParams: ['table'],
  },
};
