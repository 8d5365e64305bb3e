import type { RoleKey } from '../constants/roles';
import type { ConditionName } from './conditions';

/** What a call is about. Later areas add their subjects here, and only here. */
export const SUBJECTS = [
  'Session',
  'FeatureToggle',
  'MetaData',
  'ReferenceData',
  'History',
  'ServiceHealth',
  'Cohort',
  'User',
  'Impersonation',
  'Notification',
  'PostLog',
  'Orcid',
] as const;
export type Subject = (typeof SUBJECTS)[number];

export const ACTIONS = ['list', 'read', 'create', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

/** `true` grants outright; a condition name grants only for objects that satisfy it. */
export type Grant = true | ConditionName;
export type Policy = Partial<Record<Subject, Partial<Record<Action, Grant>>>>;

/** Audience keys that are not roles: every visitor, and every signed-in user whatever the role. */
export type Audience = 'anyone' | 'signedIn';

const READ_ONLY = { list: true, read: true } as const;

/**
 * The one permission table: audience or role -> subject -> action -> grant.
 * A role's rights are the union of `anyone`, `signedIn` and its own entry.
 */
export const PERMISSIONS = {
  anyone: {
    ReferenceData: READ_ONLY,
    MetaData: READ_ONLY,
    Cohort: READ_ONLY,
  },
  signedIn: {
    Session: { read: true, delete: true },
    User: { read: 'isSelf', update: 'isSelf' },
    FeatureToggle: READ_ONLY,
    Notification: { list: true, read: 'isRecipient', create: true, delete: 'isRecipient' },
    PostLog: { create: true },
    Orcid: { read: true },
  },
  primary_researcher: {},
  portal_admin: { History: READ_ONLY, Impersonation: { create: true } },
  portal_admin_lead: { History: READ_ONLY },
  rm_admin: { History: READ_ONLY },
  sbso: {},
  external_reviewer: {},
  internal_reviewer: {},
  portal_reviewer: {},
  abn_proj_mgr: { History: READ_ONLY },
  abn_reviewer: {},
  internal_read_only: { History: READ_ONLY },
  superuser: {
    History: READ_ONLY,
    Impersonation: { create: true },
    ServiceHealth: { read: true },
    FeatureToggle: { list: true, read: true, update: true },
  },
  access_admin: { History: READ_ONLY },
  pi_sbso: {},
} as const satisfies Record<Audience | RoleKey, Policy>;
