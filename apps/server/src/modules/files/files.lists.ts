import type { ListSpec } from '../../platform/list';
import { files } from '../../db/schema';

/** GET file/: researcher §7 (id, id__in, type, expand) plus the object a file belongs to. */
export const fileList: ListSpec = {
  id: files.id,
  filters: {
    id: { type: 'int', column: files.id, lookups: ['exact', 'in'] },
    type: { type: 'text', column: files.type, lookups: ['exact', 'in'] },
    project: { type: 'int', column: files.projectId, lookups: ['exact', 'in', 'isnull'] },
    institution: { type: 'int', column: files.institutionId, lookups: ['exact', 'in', 'isnull'] },
    dataset: { type: 'int', column: files.datasetId, lookups: ['exact', 'in', 'isnull'] },
    creator: { type: 'int', column: files.creatorId, lookups: ['exact', 'in'] },
    created: { type: 'date', column: files.created, lookups: ['gte', 'lte'] },
  },
  ordering: { id: files.id, name: files.name, type: files.type, created: files.created, size: files.size },
  defaultOrdering: ['-created'],
  search: [files.name],
  expand: ['creator'],
};
