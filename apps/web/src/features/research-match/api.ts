import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConflictDto,
  ConflictInputRaw,
  CreateReviewInput,
  ReviewCentreDto,
  ReviewDto,
  ReviewMeetingDto,
  StartReviewDto,
  StartReviewInputRaw,
  UpdateReviewInput,
} from '@rrp/domain';
import { apiFetch } from '@/lib/api-client';
import { requestQueryKey } from '../api/requests';

/**
 * The Research Match review cycle's calls (staff §2.3–§2.6, §7): the centre's counts, Start Review,
 * the move to the meeting, the meeting page, the report, conflicts and reviews.
 */

/** Navigation state Start Review leaves for the centre: how many applications went into review. */
export const STARTED_STATE = 'startedReview';

export const reviewCentreKey = ['research-match', 'review-centre'] as const;

export function useReviewCentre() {
  return useQuery({
    queryKey: reviewCentreKey,
    queryFn: () => apiFetch<ReviewCentreDto>('research-match/review-centre/'),
  });
}

export function useStartReviewDraft(enabled: boolean) {
  return useQuery({
    queryKey: ['research-match', 'start-review'],
    enabled,
    queryFn: () => apiFetch<StartReviewDto>('research-match/start-review/'),
    // The list is what may start now: never an old copy.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useStartReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartReviewInputRaw) =>
      apiFetch<{ moved: number[]; due_date: string }>('research-match/start-review/', {
        method: 'POST',
        body,
        handleStatus: [400],
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['research-match'] });
      void queryClient.invalidateQueries({ queryKey: ['requests'] });
    },
  });
}

export function useMoveToMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requests: number[]) =>
      apiFetch<{ moved: number[]; title: string; detail: string }>('research-match/review-meeting/', {
        method: 'POST',
        body: { requests },
        handleStatus: [400],
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['research-match'] });
      void queryClient.invalidateQueries({ queryKey: ['requests'] });
    },
  });
}

export const meetingKey = (id: number) => ['research-match', 'meeting', id] as const;

/** GET request/{id}/review-meeting/: a failure is the page's to show (staff §8's text). */
export function useReviewMeeting(id: number) {
  return useQuery({
    queryKey: meetingKey(id),
    enabled: Number.isInteger(id),
    queryFn: () => apiFetch<ReviewMeetingDto>(`request/${id}/review-meeting/`, { handleStatus: [403, 404] }),
    retry: false,
  });
}

/** GET rm_report_dispatch/: any failure is shown as the spec's report error. */
export function dispatchReport() {
  return apiFetch<{ detail: string }>('rm_report_dispatch/', { handleStatus: [400, 403, 500, 502, 503] });
}

/** POST conflict/: the reviewer's answer; the request page then shows what it opened or closed. */
export function useDeclareConflict(requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConflictInputRaw) =>
      apiFetch<ConflictDto>('conflict/', { method: 'POST', body, handleStatus: [400] }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: requestQueryKey(requestId) }),
  });
}

export const reviewKey = (id: number) => ['research-match', 'review', id] as const;

export function useReview(id: number | null) {
  return useQuery({
    queryKey: reviewKey(id ?? 0),
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
