import type { ListSpec } from '../../platform/list';
import { history } from '../../db/schema';

/** `pk` and `model` name the audited object, as the spec's `history/?pk={id}&model={name}` call does. */
export const historyList: ListSpec = {
  id: history.id,
  filters: {
    pk: { type: 'text', column: history.objectId, lookups: ['exact', 'in'] },
    model: { type: 'text', column: history.model, lookups: ['exact'] },
    modifier: { type: 'int', column: history.modifierId, lookups: ['exact', 'in', 'isnull'] },
    modified: { type: 'date', column: history.modified, lookups: ['gte', 'lte'] },
  },
  ordering: { modified: history.modified, version: history.version, id: history.id },
  defaultOrdering: ['-modified', '-version'],
  expand: ['modifier'],
};
