import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RequestTissueReviewsDto, TissueReviewDto, UpdateTissueReview } from '@rrp/domain';
import { apiFetch } from '@/lib/api-client';

export const tissueReviewsKey = (requestId: number) => ['abn', 'reviews', requestId] as const;

/** GET request/{id}/tissue-reviews/: a 404 (no review to read) is the caller's to show. */
export function useRequestTissueReviews(requestId: number, enabled = true) {
  return useQuery({
    queryKey: tissueReviewsKey(requestId),
    enabled,
    queryFn: () =>
      apiFetch<RequestTissueReviewsDto>(`request/${requestId}/tissue-reviews/`, { handleStatus: [404] }),
    retry: false,
  });
}

/** PATCH tissue_review/{id}/ */
export function useSaveTissueReview(requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateTissueReview }) =>
      apiFetch<TissueReviewDto>(`tissue_review/${id}/`, { method: 'PATCH', body, handleStatus: [400] }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tissueReviewsKey(requestId) }),
  });
}
