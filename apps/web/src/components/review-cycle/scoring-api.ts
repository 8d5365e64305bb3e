import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConflictDto,
  ConflictInputRaw,
  CreateReviewInput,
  ReviewDto,
  UpdateReviewInput,
} from '@rrp/domain';
import { apiFetch } from '@/lib/api-client';

/** The Research Match reviewer's calls on the request page (staff §2.6, §4.3): conflict and review. */

/** POST conflict/: the reviewer's answer; the request page then shows what it opened or closed. */
export function useDeclareConflict(requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConflictInputRaw) =>
      apiFetch<ConflictDto>('conflict/', { method: 'POST', body, handleStatus: [400] }),
    // The request page's query (`['request', id]`).
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['request', requestId] }),
  });
}

export function useReview(id: number | null) {
  return useQuery({
    queryKey: ['research-match', 'review', id ?? 0],
    enabled: id !== null,
    queryFn: () => apiFetch<ReviewDto>(`review/${id}/`),
  });
}

/** POST review/ (the first save) or PATCH review/{id}/ (every later one): the autosave. */
export function saveReview(
  id: number | null,
  body: UpdateReviewInput & Partial<Pick<CreateReviewInput, 'request'>>,
) {
  return id === null
    ? apiFetch<ReviewDto>('review/', { method: 'POST', body, handleStatus: [400] })
    : apiFetch<ReviewDto>(`review/${id}/`, { method: 'PATCH', body, handleStatus: [400] });
}
