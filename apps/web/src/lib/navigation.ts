import { mayAttempt, type Action, type RoleKey, type Subject } from '@rrp/domain';
import { hasScreen } from '@/app/route-table';

// Navigation offers only built screens: a planned route's entry appears with its screen.
export { hasScreen };

export interface NavLink {
  label: string;
  to: string;
}

interface ViewMenuItem extends NavLink {
  /** The grant the screen needs; the item is hidden from roles without it. */
  needs?: { action: Action; subject: Subject };
}

/** The View menu (foundation §2), in the spec's order. */
export const VIEW_MENU: ViewMenuItem[] = [
  { label: 'Compliance', to: '/compliance', needs: { action: 'list', subject: 'Compliance' } },
  { label: 'Data Access', to: '/dataaccess', needs: { action: 'list', subject: 'DatasetAccess' } },
  { label: 'Datasets', to: '/dataset', needs: { action: 'list', subject: 'Dataset' } },
  { label: 'Institutions', to: '/institution', needs: { action: 'read', subject: 'Institution' } },
  { label: 'Projects', to: '/project', needs: { action: 'list', subject: 'Project' } },
  { label: 'Resource Requests', to: '/request', needs: { action: 'list', subject: 'Request' } },
  {
    label: 'Research Match Applications',
    to: '/research-match-applications',
    needs: { action: 'list', subject: 'ReviewCycle' },
  },
  {
    label: 'Research Match Review',
    to: '/research-match-review',
    needs: { action: 'list', subject: 'ReviewCycle' },
  },
  { label: 'Release Notes', to: '/release-notes', needs: { action: 'list', subject: 'ReleaseNote' } },
  {
    label: 'Restricted Resources',
    to: '/restricted_resources',
    needs: { action: 'update', subject: 'Dataset' },
  },
  { label: 'Tissue Catalogue', to: '/tissue-catalogue', needs: { action: 'list', subject: 'TissueDonor' } },
  { label: 'Users', to: '/user', needs: { action: 'list', subject: 'User' } },
  // After the spec's list: the administration screens it names without a place (decision 153).
  { label: 'Email Log', to: '/email-log', needs: { action: 'list', subject: 'EmailLog' } },
  { label: 'Feature Toggles', to: '/feature-toggles', needs: { action: 'update', subject: 'FeatureToggle' } },
  { label: 'Webhooks', to: '/webhooks', needs: { action: 'list', subject: 'Webhook' } },
  // Turnaround metrics (decision 271), and the reminders' settings (decision 273).
  { label: 'Insights', to: '/insights', needs: { action: 'read', subject: 'Insight' } },
  { label: 'Reminders', to: '/reminders', needs: { action: 'list', subject: 'ReminderSetting' } },
  // Who reviews how much (issue 33).
  {
    label: 'Reviewer Workload',
    to: '/reviewer-workload',
    needs: { action: 'list', subject: 'ReviewerWorkload' },
  },
];

/**
 * View menu screens also offered as links to the roles that may open them but have no View menu
 * (decision 271): the spec gives tissue project managers, Research Match administrators and the
 * administrator lead their own short navigation.
 */
const LINKED_WITHOUT_VIEW_MENU = ['/insights', '/reviewer-workload'];

/**
 * The View menu items the role's grants open (the permission table decides, not this file) whose
 * screens are built.
 */
export function viewMenuFor(role: RoleKey | null): NavLink[] {
  const actor = role ? { userId: 0, role, roles: [role] } : null;
  return VIEW_MENU.filter(
    (item) => hasScreen(item.to) && (!item.needs || mayAttempt(actor, item.needs.action, item.needs.subject)),
  ).map(({ label, to }) => ({ label, to }));
}

export interface Navigation {
  links: NavLink[];
  viewMenu: boolean;
  search: boolean;
  notifications: boolean;
  /** The profile menu (with My Profile); staff get a plain logout menu instead. */
  profileMenu: boolean;
}

const STAFF: Navigation = {
  links: [],
  viewMenu: true,
  search: true,
  notifications: true,
  profileMenu: false,
};

/**
 * Navigation by active role, as the table of foundation §2 (plus the researcher's Datasets,
 * docs/decisions.md 112), showing only the links whose screens are built.
 */
export function navigationFor(role: RoleKey | null, user: { abn_approved: boolean }): Navigation {
  const navigation = roleNavigation(role, user);
  const extra = navigation.viewMenu
    ? []
    : viewMenuFor(role).filter((item) => LINKED_WITHOUT_VIEW_MENU.includes(item.to));
  return { ...navigation, links: [...navigation.links, ...extra].filter((link) => hasScreen(link.to)) };
}

function roleNavigation(role: RoleKey | null, user: { abn_approved: boolean }): Navigation {
  switch (role) {
    case 'primary_researcher':
      return {
        links: [
          { label: 'Project Updates Dashboard', to: '/compliance_researcher' },
          { label: 'Projects', to: '/project' },
          { label: 'Requests', to: '/request' },
          { label: 'Datasets', to: '/dataset' },
          ...(user.abn_approved ? [{ label: 'Tissue Catalog', to: '/tissue-catalogue' }] : []),
        ],
        viewMenu: false,
        search: false,
        notifications: true,
        profileMenu: true,
      };
    case 'sbso':
      return {
        links: [{ label: 'Users', to: '/user' }],
        viewMenu: false,
        search: false,
        notifications: true,
        profileMenu: true,
      };
    case 'pi_sbso':
      return {
        links: [
          { label: 'Users', to: '/user' },
          { label: 'Projects', to: '/project' },
          { label: 'Requests', to: '/request' },
        ],
        viewMenu: true,
        search: true,
        notifications: true,
        profileMenu: true,
      };
    case 'portal_admin':
    case 'portal_reviewer':
    case 'superuser':
    case 'access_admin':
      return STAFF;
    case 'internal_read_only':
      return { ...STAFF, notifications: false };
    case 'abn_proj_mgr':
      return {
        links: [
          { label: 'Projects', to: '/project' },
          { label: 'Requests', to: '/request' },
          { label: 'Tissue Catalog', to: '/tissue-catalogue' },
          // Their Begin Review and close of review live on the dashboard (staff §4.3; decision 239).
          { label: 'Autism BrainNet', to: '/abn-dashboard' },
        ],
        viewMenu: false,
        search: true,
        notifications: false,
        profileMenu: false,
      };
    default:
      return { links: [], viewMenu: false, search: false, notifications: false, profileMenu: true };
  }
}
