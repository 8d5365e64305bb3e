import { useQuery } from '@tanstack/react-query';
import type { AbnDashboardDto, CloseTissueReview, MovedRequests } from '@rrp/domain';
import { useCycleMove } from '@/components/review-cycle/api';
import { apiFetch } from '@/lib/api-client';

/**
 * The tissue review cycle's own calls (staff §2.7, §4.3): the dashboard's counts and the close of
 * review. Begin Review's are the shared cycle's (`TISSUE_START`).
 */

/** The root of the cycle's query keys: every move of the cycle marks them stale. */
export const TISSUE_CYCLE_QUERIES = 'abn';

/** GET abn_dashboard/: each tab's count. */
export function useAbnDashboard() {
  return useQuery({
    queryKey: [TISSUE_CYCLE_QUERIES, 'dashboard'],
    queryFn: () => apiFetch<AbnDashboardDto>('abn_dashboard/'),
  });
}

/** POST abn_tissue/close-review/ */
export const useCloseTissueReview = () =>
  useCycleMove<CloseTissueReview, MovedRequests>(TISSUE_CYCLE_QUERIES, 'abn_tissue/close-review/');
