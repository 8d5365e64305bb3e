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
  /** Whether the account has Autism BrainNet data access (it adds the Tissue Catalog link). */
  abnApproved?: boolean;
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

/** Screens every signed-in actor's account menu offers. */
const PROFILE = ['/my-profile'];

const RESEARCHER = [
  '/',
  ...PROFILE,
  '/compliance_researcher',
  '/project',
  '/project/create',
  '/project/:objectId',
  '/request',
  '/request/create',
  '/request/:objectId',
  '/request/:objectId/renewal',
  '/research-match/create',
  '/dataset',
  '/dataset/:objectId',
];

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
  {
    key: 'primary_researcher',
    email: demo('primary_researcher'),
    role: 'primary_researcher',
    routes: RESEARCHER,
  },
  {
    key: 'tissue.applicant',
    email: demo('tissue.applicant'),
    role: 'primary_researcher',
    // Without Autism BrainNet data access: their collection opens from their request.
    routes: [
      '/',
      '/request',
      '/request/:objectId',
      '/request/:objectId?tab=collection',
      '/tissue-catalogue/:objectId',
      '/abn_donor',
      '/project',
      '/project/:objectId',
    ],
  },
  {
    key: 'tissue.orderer',
    email: demo('tissue.orderer'),
    role: 'primary_researcher',
    routes: [
      '/',
      '/request',
      '/request/:objectId',
      '/request/:objectId?tab=collection',
      '/tissue-catalogue/:objectId',
    ],
  },
  {
    key: 'recontact.researcher',
    email: demo('recontact.researcher'),
    role: 'primary_researcher',
    routes: ['/', '/research-match/create', '/request', '/request/:objectId'],
  },
  // A co-investigator who has not signed the joinder lands on it after signing in.
  { key: 'coinvestigator', email: demo('coinvestigator'), role: 'primary_researcher', routes: ['/joinder'] },
  {
    key: 'tissue.researcher',
    email: demo('tissue.researcher'),
    role: 'primary_researcher',
    routes: ['/', '/project', '/project/:objectId', '/dataset'],
  },
  {
    key: 'superuser as primary_researcher',
    email: demo('superuser'),
    role: 'primary_researcher',
    actAs: demo('primary_researcher'),
    routes: [
      '/',
      '/compliance_researcher',
      '/project',
      '/project/:objectId',
      '/request',
      '/request/:objectId',
      '/dataset',
    ],
  },
  // Signing officials.
  {
    key: 'sbso',
    email: demo('sbso'),
    role: 'sbso',
    routes: ['/', ...PROFILE, '/user', '/user/:objectId', '/annual-researcher-review'],
  },
  // The official of an institution under review: its details to confirm and its RDA to sign.
  {
    key: 'meadowbrook.official',
    email: demo('meadowbrook.official'),
    role: 'sbso',
    routes: ['/', '/institution-details', '/institution/:objectId', '/rda/:objectId'],
  },
  {
    key: 'pi_sbso',
    email: demo('pi_sbso'),
    role: 'pi_sbso',
    routes: [
      '/',
      ...PROFILE,
      // Their Users list is empty on the demo data: no user page to follow.
      '/user',
      '/project',
      '/project/:objectId',
      '/request',
      '/request/:objectId',
      '/dataset',
      '/release-notes',
      '/tissue-catalogue',
    ],
  },
  // Reviewers.
  {
    key: 'internal_reviewer',
    email: demo('internal_reviewer'),
    role: 'internal_reviewer',
    routes: ['/', ...PROFILE],
  },
  {
    key: 'external_reviewer',
    email: demo('external_reviewer'),
    role: 'external_reviewer',
    routes: ['/', ...PROFILE],
  },
  {
    key: 'abn_reviewer',
    email: demo('abn_reviewer'),
    role: 'abn_reviewer',
    routes: ['/', ...PROFILE],
  },
  {
    key: 'portal_reviewer',
    email: demo('portal_reviewer'),
    role: 'portal_reviewer',
    routes: [
      '/',
      '/resource-request',
      '/compliance',
      '/dataset',
      '/institution',
      '/institution/:objectId',
      '/project',
      '/project/:objectId',
      '/request',
      '/request/:objectId',
      '/research-match-applications',
      '/research-match-review',
      '/release-notes',
    ],
  },
  {
    key: 'rm_admin',
    email: demo('rm_admin'),
    role: 'rm_admin',
    routes: [
      '/',
      ...PROFILE,
      '/insights',
      '/research-match-applications',
      '/research-match-review',
      '/research-match-review/start-review',
      '/request/:objectId/review-meeting',
    ],
  },
  // Tissue network staff.
  {
    key: 'abn_proj_mgr',
    email: demo('abn_proj_mgr'),
    role: 'abn_proj_mgr',
    routes: [
      '/',
      '/project',
      '/project/:objectId',
      '/request',
      '/request/:objectId',
      '/tissue-catalogue',
      '/tissue-catalogue/:objectId',
      '/abn_donor',
      '/abn-dashboard',
      '/abn_tissue/start-review',
      '/insights',
    ],
  },
  // Administrators.
  {
    key: 'portal_admin',
    email: demo('portal_admin'),
    role: 'portal_admin',
    routes: [
      '/',
      '/resource-request',
      '/compliance',
      '/dataaccess',
      '/dataset',
      '/dataset/create',
      '/dataset/:objectId',
      '/institution',
      '/institution/create',
      '/institution/:objectId',
      '/rda/:objectId',
      '/project',
      '/project/:objectId',
      '/request',
      '/request/:objectId',
      '/research-match-applications',
      '/research-match-review',
      '/research-match-review/start-review',
      '/request/:objectId/review-meeting',
      '/release-notes',
      '/restricted_resources',
      '/tissue-catalogue',
      '/tissue-catalogue/:objectId',
      '/user',
      '/user/create',
      '/user/:objectId',
      '/email-log',
      '/insights',
      '/reminders',
      '/form_tester',
      '/form_tester/:objectId',
    ],
  },
  {
    key: 'portal_admin_lead',
    email: demo('portal_admin_lead'),
    role: 'portal_admin_lead',
    routes: ['/', ...PROFILE, '/insights'],
  },
  {
    key: 'access_admin',
    email: demo('access_admin'),
    role: 'access_admin',
    routes: [
      '/',
      '/compliance',
      '/dataaccess',
      '/dataset',
      '/institution',
      '/institution/:objectId',
      '/project',
      '/project/:objectId',
      '/request',
      '/request/:objectId',
      '/release-notes',
      '/tissue-catalogue',
      '/user',
      '/user/:objectId',
    ],
  },
  {
    key: 'internal_read_only',
    email: demo('internal_read_only'),
    role: 'internal_read_only',
    routes: [
      '/',
      '/compliance',
      '/dataset',
      '/institution',
      '/institution/:objectId',
      '/project',
      '/project/:objectId',
      '/request',
      '/request/:objectId',
      '/research-match-applications',
      '/research-match-review',
      '/release-notes',
      '/tissue-catalogue',
      '/user',
      '/user/:objectId',
    ],
  },
  {
    key: 'superuser',
    email: demo('superuser'),
    role: 'superuser',
    routes: [
      '/',
      '/compliance',
      '/dataset',
      '/institution',
      '/institution/:objectId',
      '/request',
      '/release-notes',
      '/user',
      '/user/:objectId',
      '/email-log',
      '/feature-toggles',
      '/webhooks',
      '/reminders',
    ],
  },
  // The role switcher: an administrator who is also a superuser views as the superuser.
  {
    key: 'staff as superuser',
    email: demo('staff'),
    role: 'superuser',
    switchTo: 'Viewing As: Superuser',
    routes: ['/', '/request', '/user', '/feature-toggles'],
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
