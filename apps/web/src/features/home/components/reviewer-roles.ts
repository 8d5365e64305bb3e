import type { RoleKey } from '@rrp/domain';

/** The roles with a reviewer home (staff §2.2). */
export const REVIEWER_HOME_ROLES: readonly RoleKey[] = [
  'portal_reviewer',
  'internal_reviewer',
  'external_reviewer',
  'abn_reviewer',
];
