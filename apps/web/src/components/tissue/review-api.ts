import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RequestTissueReviewsDto, TissueReviewDto, UpdateTissueReview } from '@rrp/domain';
import { apiFetch } from '@/lib/api-client';

const tissueReviewsKey = (requestId: number) => ['abn', 'reviews', requestId] as const;

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
const saveTissueReview = (id: number, body: UpdateTissueReview) =>
  apiFetch<TissueReviewDto>(`tissue_review/${id}/`, { method: 'PATCH', body, handleStatus: [400] });

/**
 * The autosave's PATCH: the page keeps what was typed, so the reviews are only marked stale (read
 * again where they are next shown) instead of read back after every pause in typing.
 */
export function useAutosaveTissueReview(requestId: number, id: number) {
  const queryClient = useQueryClient();
  return async (body: UpdateTissueReview) => {
    await saveTissueReview(id, body);
    await queryClient.invalidateQueries({ queryKey: tissueReviewsKey(requestId), refetchType: 'none' });
  };
}

/** Submit Review: the whole review with `submit`, then the reviews are read again. */
export function useSaveTissueReview(requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateTissueReview }) => saveTissueReview(id, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tissueReviewsKey(requestId) }),
  });
}
