import type { ListSpec } from '../../platform/list';
import { emailLogs } from '../../db/schema';

/**
 * GET email_logs/: latest first. `object_ids` (a comma list: logs about any of them) and
 * `model_name` are read by the service from the e-mail's audit row.
 */
export const emailLogList: ListSpec = {
  id: emailLogs.id,
  filters: {
    id: { type: 'int', column: emailLogs.id, lookups: ['exact', 'in'] },
    template: { type: 'text', column: emailLogs.template, lookups: ['exact', 'in'] },
    status: { type: 'text', column: emailLogs.status, lookups: ['exact', 'in'] },
    user: { type: 'int', column: emailLogs.userId, lookups: ['exact', 'in'] },
    created: { type: 'date', column: emailLogs.created, lookups: ['gte', 'lte'] },
  },
  ordering: { created: emailLogs.created, id: emailLogs.id },
  defaultOrdering: ['-created', '-id'],
  search: [emailLogs.subject],
  extraParams: ['object_ids', 'model_name'],
};
