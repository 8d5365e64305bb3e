import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AbnDashboardDto,
  CloseTissueReview,
  MovedRequests,
  StartTissueReview,
  TissueStartReviewDto,
} from '@rrp/domain';
import { apiFetch } from '@/lib/api-client';

/** The tissue review cycle's calls (staff §2.4, §2.7, §4.3): Begin Review and the close of review. */

export const abnDashboardKey = ['abn', 'dashboard'] as const;

/** GET abn_dashboard/: each tab's count. */
export function useAbnDashboard() {
  return useQuery({
    queryKey: abnDashboardKey,
    queryFn: () => apiFetch<AbnDashboardDto>('abn_dashboard/'),
  });
}

export function useTissueStartReviewDraft(enabled: boolean) {
  return useQuery({
    queryKey: ['abn', 'start-review'],
    enabled,
    queryFn: () => apiFetch<TissueStartReviewDto>('abn_tissue/start-review/'),
    // The list is what may start now: never an old copy.
    staleTime: 0,
    gcTime: 0,
  });
}

function useCycleMove<Body>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => apiFetch<MovedRequests>(path, { method: 'POST', body, handleStatus: [400] }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['abn'] });
      void queryClient.invalidateQueries({ queryKey: ['requests'] });
    },
  });
}

/** POST abn_tissue/start-review/ */
export const useStartTissueReview = () => useCycleMove<StartTissueReview>('abn_tissue/start-review/');

/** POST abn_tissue/close-review/ */
export const useCloseTissueReview = () => useCycleMove<CloseTissueReview>('abn_tissue/close-review/');
