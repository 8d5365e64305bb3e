/**
 * The screen walk's table (issue 30): every route of the web app's route table with a screen, and
 * how a person reaches a concrete address of it; who walks which screens is in actors.ts. Plain
 * data, so the web app's unit test (apps/web/src/app/route-walk.test.ts) can hold both against
 * `ROUTES` and each role's navigation: a route or a navigation link missing here fails that test.
 */

/** How a person finds a concrete address of a pattern: the screen that lists it, and what they follow. */
export interface WalkVia {
  /** Screens offering the address, tried in order (an actor's own screens first); patterns allowed. */
  from: string[];
  /** The address followed, as a regular expression source over path and query. */
  link: string;
  /**
   * Rows that open on click without a link of their own (lists whose rows are buttons): when no
   * link is found, the first is clicked. `main tbody tr td:first-child` unless given.
   */
  row?: string;
}

export interface WalkScreen {
  /** The address to open when the pattern needs a query or a fixed value. */
  address?: string;
  via?: WalkVia;
  /** The screen is the not-found page itself. */
  notFoundPage?: boolean;
  /** Why the walk does not open it (a journey does): an e-mailed token, a window only ORCID opens. */
  notWalked?: string;
}

export const WALK_SCREENS: Record<string, WalkScreen> = {
  '/': {},
  '/login': {},
  '/password-reset': {},
  '/reset-password': {},
  '/reset-password/:token': { notWalked: 'needs an e-mailed token (password-reset journey)' },
  '/register': {},
  '/verify-user': {},
  '/verify': {},
  '/confirm-email': {},
  '/verification-notification': {},
  '/thank-you': {},
  '/terms-and-conditions': {},
  '/rda/:objectId': { via: { from: ['/', '/institution/:objectId'], link: '^/rda/\\d+$' } },
  '/orchid-redirect': { notWalked: 'only the ORCID sign-in window opens it, to post its code back' },
  '/public/user': {},
  '/public/user/:objectId': { via: { from: ['/public/user'], link: '^/public/user/\\d+$' } },
  '/public-resources': {},
  '/dataset/:objectId': {
    via: { from: ['/dataset', '/public-resources'], link: '^/dataset/(?!create)[^/?]+(\\?isUUID=true)?$' },
  },
  '/404': { notFoundPage: true },
  '/feedback': {},
  '/my-profile': {},
  '/verify-email': { notWalked: 'needs an e-mailed token (researcher-session journey)' },
  '/joinder': {},
  '/dataset': {},
  '/dataset/create': {},
  '/user': {},
  '/user/create': {},
  '/user/:objectId': { via: { from: ['/user'], link: '^/user/\\d+$' } },
  '/project': {},
  '/project/create': {},
  '/project/:objectId': { via: { from: ['/project', '/'], link: '^/project/\\d+$' } },
  '/request': {},
  '/request/create': {},
  '/request/:objectId': {
    via: { from: ['/request', '/', '/resource-request'], link: '^/request/\\d+$' },
  },
  '/request/:objectId/rm-renewal': {
    notWalked: 'no demo Research Match request is due for renewal (research-match-review journey)',
  },
  '/request/:objectId/review-meeting': {
    via: {
      from: ['/research-match-review?tab=meeting'],
      link: '^/request/\\d+/review-meeting',
      // The row, not its first cell: the first cell's ID link opens the request itself.
      row: 'main tbody tr',
    },
  },
  '/request/:objectId/renewal': {
    via: { from: ['/compliance_researcher', '/'], link: '^/request/\\d+/renewal' },
  },
  '/resource-request': {},
  '/research-match-review': {},
  '/research-match-review/start-review': {},
  '/research-match-applications': {},
  '/research-match/create': {},
  '/abn_tissue/start-review': {},
  '/release-notes': {},
  '/institution': {},
  '/institution/create': {},
  '/institution/:objectId': { via: { from: ['/institution', '/'], link: '^/institution/\\d+$' } },
  '/institution-details': {},
  '/revise-institution-officer': {
    notWalked: 'no demo institution is naming a new official (official-tasks journey)',
  },
  '/provide-institution': {
    notWalked: 'every demo researcher has an institution (institution-onboarding journey)',
  },
  '/annual-researcher-review': {},
  '/compliance': {},
  '/compliance_researcher': {},
  '/dataaccess': {},
  '/tissue-catalogue': {},
  '/tissue-catalogue/:objectId': {
    via: {
      from: ['/tissue-catalogue', '/', '/request/:objectId?tab=collection'],
      link: '^/tissue-catalogue/\\d+$',
    },
  },
  '/abn-review/:objectId': {
    notWalked: 'the demo reviewer is given no tissue review until Begin Review (abn-review journey)',
  },
  '/abn-dashboard': {},
  '/abn_donor': {
    via: { from: ['/tissue-catalogue', '/tissue-catalogue/:objectId'], link: '^/abn_donor\\?donor_hash=' },
  },
  '/form_tester': {},
  '/form_tester/:objectId': { via: { from: ['/form_tester'], link: '^/form_tester/[^/]+$' } },
  '/email-log': {},
  '/feature-toggles': {},
  '/webhooks': {},
  '/insights': {},
  '/reminders': {},
  '/reviewer-workload': {},
  '/reviewer-workload/:objectId': {
    via: { from: ['/reviewer-workload'], link: '^/reviewer-workload/\\d+$' },
  },
  '/restricted_resources': {},
};
