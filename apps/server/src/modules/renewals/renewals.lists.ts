import { requestRenewals } from '../../db/schema';
import type { ListSpec } from '../../platform/list';

/**
 * GET renewal/: the filters of researcher §7 and staff §7 (status, owner, rm_application — the
 * application, i.e. the request, a renewal belongs to — ordering), plus request and type.
 */
export const renewalList: ListSpec = {
  id: requestRenewals.id,
  filters: {
    id: { type: 'int', column: requestRenewals.id, lookups: ['exact', 'in'] },
    status: { type: 'int', column: requestRenewals.statusId, lookups: ['exact', 'in'] },
    owner: { type: 'int', column: requestRenewals.ownerId, lookups: ['exact', 'in'] },
    request: { type: 'int', column: requestRenewals.requestId, lookups: ['exact', 'in'] },
    rm_application: { type: 'int', column: requestRenewals.requestId, lookups: ['exact', 'in'] },
    type: { type: 'int', column: requestRenewals.typeId, lookups: ['exact', 'in'] },
    submission_date: { type: 'date', column: requestRenewals.submissionDate },
    created: { type: 'date', column: requestRenewals.created },
  },
  ordering: {
    id: requestRenewals.id,
    status: requestRenewals.statusId,
    submission_date: requestRenewals.submissionDate,
    created: requestRenewals.created,
    modified: requestRenewals.modified,
  },
  defaultOrdering: ['-created'],
};
