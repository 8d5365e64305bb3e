import type { ListSpec } from '../../platform/list';
import { cohorts } from '../../db/schema';

export const cohortList: ListSpec = {
  id: cohorts.id,
  filters: { name: { type: 'text', column: cohorts.name }, id: { type: 'int', column: cohorts.id } },
  ordering: { id: cohorts.id, name: cohorts.name },
  defaultOrdering: ['id'],
  search: [cohorts.name],
};
