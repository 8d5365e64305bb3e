export { AuditTrail } from './audit-trail';
export { historyQueryKey } from './use-history';
