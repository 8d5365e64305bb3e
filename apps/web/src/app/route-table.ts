import { matchPath } from 'react-router';
import type { Crumb } from '@/components/page';

export interface RouteEntry {
  path: string;
  title: string;
  crumbs?: Crumb[];
  /** `public` screens are open to visitors; the rest send them to sign in first. */
  access: 'public' | 'signedIn';
  /**
   * The name of the screen's own chunk in `SCREENS` (screens.ts). A route without one is planned,
   * not built: it answers the 404 page and navigation does not offer it (`hasScreen`) until its
   * screen is added here. The table names screens rather than importing them, so that navigation
   * can read it without reaching the screens that use navigation.
   */
  screen?: string;
  minimalFooter?: boolean;
  /**
   * A screen whose editing table needs every column in view (a research team with its Access and
   * Remove): it gets the extra-large container, wide enough from 1280 px up.
   */
  wide?: boolean;
  /**
   * Rendered by the server for someone signed in (src/server-render.tsx): the page arrives drawn with
   * the reads it shows, before the app's code has run (issues 15 and 32).
   */
  serverRendered?: boolean;
}

const projects: Crumb = { label: 'Projects', to: '/project' };
const requests: Crumb = { label: 'Requests', to: '/request' };
const datasets: Crumb = { label: 'Datasets', to: '/dataset' };
const users: Crumb = { label: 'Users', to: '/user' };
const institutions: Crumb = { label: 'Institutions', to: '/institution' };
const researchMatch: Crumb = { label: 'Research Match Review', to: '/research-match-review' };
const tissue: Crumb = { label: 'Tissue Catalogue', to: '/tissue-catalogue' };
const abn: Crumb = { label: 'Autism BrainNet', to: '/abn-dashboard' };
const formTester: Crumb = { label: 'Form Tester', to: '/form_tester' };

/** Every route of foundation §2, in one table. */
export const ROUTES: RouteEntry[] = [
  // Signed out
  { path: '/', title: 'Home', access: 'public', screen: 'home', serverRendered: true },
  { path: '/login', title: 'Sign In', access: 'public', screen: 'login' },
  { path: '/password-reset', title: 'Password Reset', access: 'public', screen: 'passwordReset' },
  { path: '/reset-password', title: 'Reset Password', access: 'public', screen: 'resetPassword' },
  { path: '/reset-password/:token', title: 'Reset Password', access: 'public', screen: 'resetPassword' },
  { path: '/register', title: 'Create an Account', access: 'public', screen: 'register' },
  { path: '/verify-user', title: 'Verify Your Account', access: 'public', screen: 'verifyUser' },
  { path: '/verify', title: 'Check Your Email', access: 'public', screen: 'verify' },
  // The link e-mailed to a new sign-in address; the token alone proves the mailbox (decision 307).
  {
    path: '/confirm-email',
    title: 'Confirm Your New Email Address',
    access: 'public',
    screen: 'confirmEmail',
  },
  {
    path: '/verification-notification',
    title: 'Verification Link Expired',
    access: 'public',
    screen: 'verificationExpired',
  },
  { path: '/thank-you', title: 'Thank You', access: 'public', screen: 'thankYou' },
  { path: '/terms-and-conditions', title: 'Terms and Conditions', access: 'public', screen: 'terms' },
  {
    path: '/rda/:objectId',
    title: 'Researcher Distribution Agreement',
    access: 'signedIn',
    screen: 'rdaScreen',
  },
  { path: '/orchid-redirect', title: 'Redirecting...', access: 'public', screen: 'orcidRedirect' },
  { path: '/public/user', title: 'Researchers', access: 'public', screen: 'publicUsers' },
  {
    path: '/public/user/:objectId',
    title: 'Researcher',
    crumbs: [{ label: 'Researchers', to: '/public/user' }],
    access: 'public',
    screen: 'publicUser',
  },
  { path: '/public-resources', title: 'Public Resources', access: 'public', screen: 'publicResources' },
  {
    path: '/dataset/:objectId',
    title: 'Dataset',
    crumbs: [datasets],
    access: 'public',
    screen: 'datasetDetail',
  },
  {
    path: '/404',
    title: 'Looking for something?',
    access: 'public',
    screen: 'notFound',
    minimalFooter: true,
  },
  // The feedback form (staff §2.14), signed in and out; its route is not given (decision 151).
  { path: '/feedback', title: 'Feedback', access: 'public', screen: 'feedback' },

  // Signed in
  { path: '/my-profile', title: 'My Profile', access: 'signedIn', screen: 'myProfile' },
  // The link e-mailed to an address added on My Profile (decision 107).
  { path: '/verify-email', title: 'Confirm Your Email Address', access: 'signedIn', screen: 'verifyEmail' },
  { path: '/joinder', title: 'RDA Joinder', access: 'signedIn', screen: 'joinder' },
  { path: '/dataset', title: 'Datasets', access: 'signedIn', screen: 'datasetList' },
  {
    path: '/dataset/create',
    title: 'New Dataset',
    crumbs: [datasets],
    access: 'signedIn',
    screen: 'datasetCreate',
  },
  { path: '/user', title: 'Users', access: 'signedIn', screen: 'userList', serverRendered: true },
  { path: '/user/create', title: 'New User', crumbs: [users], access: 'signedIn', screen: 'userCreate' },
  { path: '/user/:objectId', title: 'User', crumbs: [users], access: 'signedIn', screen: 'userDetail' },
  { path: '/project', title: 'Projects', access: 'signedIn', screen: 'projectList', serverRendered: true },
  {
    path: '/project/create',
    title: 'New Project',
    crumbs: [projects],
    access: 'signedIn',
    screen: 'projectCreate',
    wide: true,
  },
  {
    path: '/project/:objectId',
    title: 'Project',
    crumbs: [projects],
    access: 'signedIn',
    screen: 'projectDetail',
    wide: true,
  },
  { path: '/request', title: 'Requests', access: 'signedIn', screen: 'requestList', serverRendered: true },
  {
    path: '/request/create',
    title: 'Resource Request',
    crumbs: [requests],
    access: 'signedIn',
    screen: 'requestWizard',
    wide: true,
  },
  {
    path: '/request/:objectId',
    title: 'Request',
    crumbs: [requests],
    access: 'signedIn',
    screen: 'requestDetail',
  },
  {
    path: '/request/:objectId/rm-renewal',
    title: 'Research Match Renewal',
    crumbs: [requests],
    access: 'signedIn',
    screen: 'rmRenewal',
  },
  {
    path: '/request/:objectId/review-meeting',
    title: 'Review Meeting',
    crumbs: [researchMatch],
    access: 'signedIn',
    screen: 'reviewMeeting',
  },
  {
    path: '/request/:objectId/renewal',
    title: 'Request Renewal',
    crumbs: [requests],
    access: 'signedIn',
    screen: 'renewal',
  },
  { path: '/resource-request', title: 'Resource Requests', access: 'signedIn', screen: 'resourceRequest' },
  {
    path: '/research-match-review',
    title: 'Research Match Review',
    access: 'signedIn',
    screen: 'reviewCentre',
  },
  {
    path: '/research-match-review/start-review',
    title: 'Start Review',
    crumbs: [researchMatch],
    access: 'signedIn',
    screen: 'startReview',
  },
  {
    path: '/research-match-applications',
    title: 'Research Match Applications',
    crumbs: [researchMatch],
    access: 'signedIn',
    screen: 'researchMatchList',
  },
  {
    path: '/research-match/create',
    title: 'New Research Match Application',
    crumbs: [requests],
    access: 'signedIn',
    screen: 'researchMatchCreate',
    wide: true,
  },
  {
    path: '/abn_tissue/start-review',
    title: 'Start Tissue Review',
    crumbs: [abn],
    access: 'signedIn',
    screen: 'startTissueReview',
  },
  { path: '/release-notes', title: 'Release Notes', access: 'signedIn', screen: 'releaseNotes' },
  {
    path: '/institution',
    title: 'Institutions',
    access: 'signedIn',
    screen: 'institutionList',
    serverRendered: true,
  },
  {
    path: '/institution/create',
    title: 'New Institution',
    crumbs: [institutions],
    access: 'signedIn',
    screen: 'institutionCreate',
  },
  {
    path: '/institution/:objectId',
    title: 'Institution',
    crumbs: [institutions],
    access: 'signedIn',
    screen: 'institutionDetail',
  },
  {
    path: '/institution-details',
    title: 'Institution Details',
    access: 'signedIn',
    screen: 'institutionDetails',
  },
  {
    path: '/revise-institution-officer',
    title: 'Name a New Signing Official',
    access: 'signedIn',
    screen: 'reviseOfficer',
  },
  {
    path: '/provide-institution',
    title: 'Provide Your Institution',
    access: 'signedIn',
    screen: 'provideInstitution',
  },
  {
    path: '/annual-researcher-review',
    title: 'Annual Researcher Review',
    access: 'signedIn',
    screen: 'annualReview',
  },
  { path: '/compliance', title: 'SBSO Compliance', access: 'signedIn', screen: 'compliance' },
  {
    path: '/compliance_researcher',
    title: 'Project Updates Dashboard',
    access: 'signedIn',
    screen: 'projectUpdates',
  },
  { path: '/dataaccess', title: 'Data Access', access: 'signedIn', screen: 'dataAccess' },
  // The donor tables show many columns: the wide container keeps the standard ones in view.
  {
    path: '/tissue-catalogue',
    title: 'Tissue Catalogue',
    access: 'signedIn',
    screen: 'tissueCatalogue',
    wide: true,
  },
  {
    path: '/tissue-catalogue/:objectId',
    title: 'Tissue Collection',
    crumbs: [tissue],
    access: 'signedIn',
    screen: 'tissueCollection',
    wide: true,
  },
  {
    path: '/abn-review/:objectId',
    title: 'Tissue Request Review',
    access: 'signedIn',
    screen: 'tissueReview',
  },
  { path: '/abn-dashboard', title: 'Autism BrainNet', access: 'signedIn', screen: 'abnDashboard' },
  { path: '/abn_donor', title: 'Tissue Donor', crumbs: [tissue], access: 'signedIn', screen: 'tissueDonor' },
  { path: '/form_tester', title: 'Form Tester', access: 'signedIn', screen: 'formTesterList' },
  {
    path: '/form_tester/:objectId',
    title: 'Form',
    crumbs: [formTester],
    access: 'signedIn',
    screen: 'formTesterForm',
  },
  // Administration screens the spec names without routes (decision 153).
  { path: '/email-log', title: 'Email Log', access: 'signedIn', screen: 'emailLog' },
  { path: '/feature-toggles', title: 'Feature Toggles', access: 'signedIn', screen: 'featureToggles' },
  { path: '/webhooks', title: 'Webhooks', access: 'signedIn', screen: 'webhooks' },
  // Turnaround metrics (beyond the spec, issue 19, decision 270).
  { path: '/insights', title: 'Insights', access: 'signedIn', screen: 'insights' },
  // Reminders about stalled work: when they go out and what they say (issue 19, decision 273).
  { path: '/reminders', title: 'Reminders', access: 'signedIn', screen: 'reminders' },
  // Who reviews how much, with links to their open reviews (issue 33).
  { path: '/reviewer-workload', title: 'Reviewer Workload', access: 'signedIn', screen: 'reviewerWorkload' },
  {
    path: '/reviewer-workload/:objectId',
    title: 'Reviewer',
    crumbs: [{ label: 'Reviewer Workload', to: '/reviewer-workload' }],
    access: 'signedIn',
    screen: 'workloadDetail',
  },
  {
    path: '/restricted_resources',
    title: 'Restricted Resources',
    access: 'signedIn',
    screen: 'restrictedResources',
  },
];

const screenOf = new Map<string, boolean>();

/**
 * Whether a path leads to a built screen; navigation offers only these. Remembered per path: the
 * navigation asks for each of its links at every render, and matching a path against the whole
 * table compiles each route's pattern again (issue 15, Total Blocking Time).
 */
export function hasScreen(path: string): boolean {
  let known = screenOf.get(path);
  if (known === undefined) {
    known = ROUTES.some((entry) => entry.screen !== undefined && matchPath(entry.path, path) !== null);
    screenOf.set(path, known);
  }
  return known;
}
