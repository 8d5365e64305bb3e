import {
  CART_REQUEST_TYPES,
  RECONTACT_TYPES,
  REQUEST_TYPE,
  TISSUE_ORDER_STATUSES,
  TISSUE_REQUEST_TYPE,
} from '@rrp/domain';
import { ACCESS_DETAIL_STATUSES } from '@/lib/request-rules';
import type { RequestView } from '../api/requests';

export type TabKey =
  | 'pi'
  | 'details'
  | 'details-team'
  | 'team'
  | 'policy'
  | 'access'
  | 'availability'
  | 'renewal'
  | 'summary'
  | 'rm-renewal'
  | 'pi-study'
  | 'usage-policy'
  | 'publication'
  | 'collection'
  | 'reviews'
  | 'order'
  | 'previous-orders';

export const TAB_LABELS: Record<TabKey, string> = {
  pi: 'PI and Project',
  details: 'Request Details',
  'details-team': 'Request Details and Research Team',
  team: 'Research Team',
  policy: 'Data Sharing Policy',
  access: 'Access Details',
  availability: 'Availability',
  renewal: 'Renewal Info',
  summary: 'Summary',
  'rm-renewal': 'Renewal',
  'pi-study': 'PI and Recruitment Study',
  'usage-policy': 'Data Usage Policy',
  publication: 'Publication Info',
  collection: 'Collection',
  reviews: 'Reviews',
  order: 'Order Details',
  'previous-orders': 'Previous Orders',
};

/** Roles that see a request as its researchers do (researcher §2 "Request detail"). */
const RESEARCHER_ROLES: readonly string[] = ['primary_researcher', 'pi_sbso'];

/**
 * The tabs of a request by kind and by who looks (researcher §2 "Request detail"): datasets get
 * Access Details once approved or fulfilled; biospecimens get Availability for admins and
 * reviewers; a Research Match application's Renewal comes first for staff, last for the
 * researcher; tissue orders are the tissue staff's (decision 331).
 */
export function requestTabs(
  request: Pick<RequestView, 'type' | 'status'>,
  role: string | null,
  {
    summary = false,
    tissueReviews = false,
    orders = 'none',
  }: {
    summary?: boolean;
    tissueReviews?: boolean;
    /** The tissue order tabs: the form and the list for staff who send orders, the current order for readers. */
    orders?: 'send' | 'read' | 'none';
  } = {},
): TabKey[] {
  const researcher = role !== null && RESEARCHER_ROLES.includes(role);
  // Recontacting (Research Match): the staff's Summary first, for those who may read it.
  if (RECONTACT_TYPES.includes(request.type)) {
    const application: TabKey[] = ['pi-study', 'details', 'team', 'usage-policy', 'publication'];
    return researcher
      ? [...application, 'rm-renewal']
      : [...(summary ? (['summary'] as const) : []), 'rm-renewal', ...application];
  }
  if (request.type === REQUEST_TYPE.dataset)
    return [
      'pi',
      'details-team',
      'policy',
      ...(ACCESS_DETAIL_STATUSES.includes(request.status) ? (['access'] as const) : []),
      'renewal',
    ];
  const staffReview = role === 'portal_admin' || role === 'portal_reviewer';
  if (request.type === REQUEST_TYPE.biospecimen)
    return [
      'pi',
      'details',
      'team',
      'policy',
      ...(staffReview ? (['availability'] as const) : []),
      'renewal',
    ];
  // Pilot tissue and tissue requests (decisions 236, 331): researchers see the collection they
  // manage and, on a tissue request, the proposal and shipping details they sent; staff and
  // reviewers the Tissue tabs with the reviews and, for the tissue staff, the orders.
  if (CART_REQUEST_TYPES.includes(request.type)) {
    if (researcher)
      return request.type === TISSUE_REQUEST_TYPE.tissue
        ? ['pi', 'details-team', 'collection', 'policy']
        : ['pi', 'team', 'collection', 'policy'];
    return [
      'pi',
      'details-team',
      'collection',
      ...(tissueReviews ? (['reviews'] as const) : []),
      ...(orders === 'none' ? [] : (['order', 'previous-orders'] as const)),
      'policy',
    ];
  }
  return ['pi', 'details', 'team', 'policy'];
}

/**
 * Which order tabs a tissue request shows (decision 242): once it is approved (or fulfilled), the
 * staff who send orders get the form and the list; other staff who read orders see them once one
 * exists.
 */
export function ordersTabs(
  request: Pick<RequestView, 'status' | 'bins_data'>,
  maySend: boolean,
): 'send' | 'read' | 'none' {
  if (!TISSUE_ORDER_STATUSES.includes(request.status)) return 'none';
  if (maySend) return 'send';
  return (request.bins_data?.length ?? 0) > 0 ? 'read' : 'none';
}
