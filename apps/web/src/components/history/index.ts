export { AuditTrail, type AuditTrailProps } from './audit-trail';
export { compareVersions, entryVerb, modifierName, type FieldChange } from './compare-versions';
export { HistoryValue } from './history-value';
export { historyQueryKey, useHistory, type HistoryModel } from './use-history';
