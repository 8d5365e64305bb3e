import type { RoleKey } from '@rrp/domain';

// Who walks which screens of the walk's table (table.ts), each as a person signed in as them would.

/** Someone who walks screens: a demo account, signed in through the form as a person would. */
export interface WalkActor {
  /** Names the actor in test titles and the table. */
  key: string;
  /** Null for a visitor. */
  email: string | null;
  /** The role whose navigation the actor walks (the account's only role, or the one switched to). */
  role: RoleKey | null;
  /** Viewing As: the role switcher's option to pick after signing in. */
  switchTo?: string;
  /** Superuser home → Act as a user, with this e-mail, after signing in. */
  actAs?: string;
  /**
   * Route patterns of WALK_SCREENS, in the order walked; a pattern may carry a query that opens a
   * part of its screen (`/request/:objectId?tab=collection`).
   */
  routes: string[];
}

const demo = (name: string) => `${name}@demo.test`;

/** A role's own demo account, walking that role's screens. */
const account = (role: RoleKey, routes: string[]): WalkActor => ({
  key: role,
  email: demo(role),
  role,
  routes,
});

/** A named demo user of a role (the README's demo users who own things). */
const named = (name: string, role: RoleKey, routes: string[]): WalkActor => ({
  key: name,
  email: demo(name),
  role,
  routes,
});

// Lists walk before the pages found on them.
const PROFILE = ['/my-profile'];
const PROJECTS = ['/project', '/project/:objectId'];
const REQUESTS = ['/request', '/request/:objectId'];
const USERS = ['/user', '/user/:objectId'];
const STAFF_LISTS = ['/compliance', '/dataset', '/institution', '/institution/:objectId'];
const RESEARCH_MATCH = ['/research-match-applications', '/research-match-review'];
const REVIEW_CYCLE = ['/research-match-review/start-review', '/request/:objectId/review-meeting'];
/** Who reviews how much, and one reviewer's open reviews (issue 33). */
const WORKLOAD = ['/reviewer-workload', '/reviewer-workload/:objectId'];
/** A tissue owner's collection opens from their request (no demo researcher has ABN data access). */
const TISSUE_OWNER = [...REQUESTS, '/request/:objectId?tab=collection', '/tissue-catalogue/:objectId'];

export const WALK_ACTORS: WalkActor[] = [
  {
    key: 'visitor',
    email: null,
    role: null,
    routes: [
      '/',
      '/login',
      '/password-reset',
      '/reset-password',
      '/register',
      '/verify-user',
      '/verify',
      '/confirm-email',
      '/verification-notification',
      '/thank-you',
      '/terms-and-conditions',
      '/public-resources',
      '/dataset/:objectId',
      '/public/user',
      '/public/user/:objectId',
      '/feedback',
      '/404',
    ],
  },
  // Researchers: the demo researcher, and the named ones who own tissue and Research Match work.
  account('primary_researcher', [
    '/',
    ...PROFILE,
    '/compliance_researcher',
    ...PROJECTS,
    '/project/create',
    ...REQUESTS,
    '/request/create',
    '/request/:objectId/renewal',
    '/research-match/create',
    '/dataset',
    '/dataset/:objectId',
  ]),
  named('tissue.applicant', 'primary_researcher', ['/', ...TISSUE_OWNER, '/abn_donor', ...PROJECTS]),
  named('tissue.orderer', 'primary_researcher', ['/', ...TISSUE_OWNER]),
  named('recontact.researcher', 'primary_researcher', ['/', '/research-match/create', ...REQUESTS]),
  // A co-investigator who has not signed the joinder lands on it after signing in.
  named('coinvestigator', 'primary_researcher', ['/joinder']),
  named('tissue.researcher', 'primary_researcher', ['/', ...PROJECTS, '/dataset']),
  // Superuser home → Act as a user: exactly that user's screens with their data (issue 30 item 2).
  {
    key: 'superuser as primary_researcher',
    email: demo('superuser'),
    role: 'primary_researcher',
    actAs: demo('primary_researcher'),
    routes: ['/', '/compliance_researcher', ...PROJECTS, ...REQUESTS, '/dataset'],
  },
  // Signing officials; the official of an institution under review confirms its details and signs its RDA.
  account('sbso', ['/', ...PROFILE, ...USERS, '/annual-researcher-review']),
  named('meadowbrook.official', 'sbso', [
    '/',
    '/institution-details',
    '/institution/:objectId',
    '/rda/:objectId',
  ]),
  // Their Users list is empty on the demo data: no user page to follow.
  account('pi_sbso', [
    '/',
    ...PROFILE,
    '/user',
    ...PROJECTS,
    ...REQUESTS,
    '/dataset',
    '/release-notes',
    '/tissue-catalogue',
  ]),
  // Reviewers.
  account('internal_reviewer', ['/', ...PROFILE]),
  account('external_reviewer', ['/', ...PROFILE]),
  account('abn_reviewer', ['/', ...PROFILE]),
  account('portal_reviewer', [
    '/',
    '/resource-request',
    ...STAFF_LISTS,
    ...PROJECTS,
    ...REQUESTS,
    ...RESEARCH_MATCH,
    '/release-notes',
  ]),
  account('rm_admin', ['/', ...PROFILE, '/insights', ...RESEARCH_MATCH, ...REVIEW_CYCLE, ...WORKLOAD]),
  // Tissue network staff.
  account('abn_proj_mgr', [
    '/',
    ...PROJECTS,
    ...REQUESTS,
    '/tissue-catalogue',
    '/tissue-catalogue/:objectId',
    '/abn_donor',
    '/abn-dashboard',
    '/abn_tissue/start-review',
    '/insights',
    ...WORKLOAD,
  ]),
  // Administrators.
  account('portal_admin', [
    '/',
    '/resource-request',
    ...STAFF_LISTS,
    '/dataaccess',
    '/dataset/create',
    '/dataset/:objectId',
    '/institution/create',
    '/rda/:objectId',
    ...PROJECTS,
    ...REQUESTS,
    ...RESEARCH_MATCH,
    ...REVIEW_CYCLE,
    '/release-notes',
    '/restricted_resources',
    '/tissue-catalogue',
    '/tissue-catalogue/:objectId',
    ...USERS,
    '/user/create',
    '/email-log',
    '/insights',
    '/reminders',
    ...WORKLOAD,
    '/form_tester',
    '/form_tester/:objectId',
  ]),
  account('portal_admin_lead', ['/', ...PROFILE, '/insights']),
  account('access_admin', [
    '/',
    ...STAFF_LISTS,
    '/dataaccess',
    ...PROJECTS,
    ...REQUESTS,
    '/release-notes',
    '/tissue-catalogue',
    ...USERS,
  ]),
  account('internal_read_only', [
    '/',
    ...STAFF_LISTS,
    ...PROJECTS,
    ...REQUESTS,
    ...RESEARCH_MATCH,
    '/release-notes',
    '/tissue-catalogue',
    ...USERS,
  ]),
  account('superuser', [
    '/',
    ...STAFF_LISTS,
    '/release-notes',
    ...USERS,
    '/email-log',
    '/feature-toggles',
    '/webhooks',
    '/reminders',
    ...WORKLOAD,
  ]),
  // The role switcher: an administrator who is also a superuser views as the superuser.
  {
    key: 'staff as superuser',
    email: demo('staff'),
    role: 'superuser',
    switchTo: 'Viewing As: Superuser',
    routes: ['/', '/user', '/feature-toggles', '/webhooks'],
  },
];

/** The actors of one spec file, by key. */
export function walkActors(keys: string[]): WalkActor[] {
  return keys.map((key) => {
    const actor = WALK_ACTORS.find((candidate) => candidate.key === key);
    if (!actor) throw new Error(`No walk actor ${key}`);
    return actor;
  });
}
