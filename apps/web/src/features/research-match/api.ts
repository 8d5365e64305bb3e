import { useQuery } from '@tanstack/react-query';
import type { ReviewCentreDto, ReviewMeetingDto } from '@rrp/domain';
import { useCycleMove } from '@/components/review-cycle/api';
import { apiFetch } from '@/lib/api-client';

/**
 * The Research Match review cycle's own calls (staff §2.3–§2.5): the centre's counts, the move to
 * the meeting, the meeting page and the report. Start Review's are the shared cycle's
 * (`RESEARCH_MATCH_START`); the reviewer's review and conflict go with the scoring panel.
 */

/** The root of the cycle's query keys: every move of the cycle marks them stale. */
export const RESEARCH_MATCH_QUERIES = 'research-match';

/** Navigation state Start Review leaves for the centre: how many applications went into review. */
export const STARTED_STATE = 'startedReview';

export function useReviewCentre() {
  return useQuery({
    queryKey: [RESEARCH_MATCH_QUERIES, 'review-centre'],
    queryFn: () => apiFetch<ReviewCentreDto>('research-match/review-centre/'),
  });
}

/** POST research-match/review-meeting/ */
export const useMoveToMeeting = () =>
  useCycleMove<{ requests: number[] }, { moved: number[]; title: string; detail: string }>(
    RESEARCH_MATCH_QUERIES,
    'research-match/review-meeting/',
  );

/** GET request/{id}/review-meeting/: a failure is the page's to show (staff §8's text). */
export function useReviewMeeting(id: number) {
  return useQuery({
    queryKey: [RESEARCH_MATCH_QUERIES, 'meeting', id],
    enabled: Number.isInteger(id),
    queryFn: () => apiFetch<ReviewMeetingDto>(`request/${id}/review-meeting/`, { handleStatus: [403, 404] }),
    retry: false,
  });
}

/** GET rm_report_dispatch/: any failure is shown as the spec's report error. */
export function dispatchReport() {
  return apiFetch<{ detail: string }>('rm_report_dispatch/', { handleStatus: [400, 403, 500, 502, 503] });
}
