import { sql } from 'drizzle-orm';
import type { ListSpec } from '../../platform/list';
import { files } from '../../db/schema';

/** The status kept in a file's metadata (an RDA's signing status), when it is a number. */
const metadataStatus = sql`(case when ${files.additionalData} ->> 'status' ~ '^[0-9]{1,9}$' then (${files.additionalData} ->> 'status')::int end)`;

/** GET file/: researcher §7 (id, id__in, type, expand), staff §4 (rda_info status), and the owning object. */
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
    // Staff §4 "GET file by type and rda_info status": the RDAs in one signing status.
    rda_info__status: { type: 'int', column: metadataStatus, lookups: ['exact', 'in'] },
  },
  ordering: { id: files.id, name: files.name, type: files.type, created: files.created, size: files.size },
  defaultOrdering: ['-created'],
  search: [files.name],
  expand: ['creator'],
};
