import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ReviewerSuggestions, ReviewUsersDto } from '@rrp/domain';
import { apiFetch } from '@/lib/api-client';

/**
 * The reviewer assignment assistant's calls (issue 33): the ranked suggestions for one request and
 * the assignment, which is `PUT request/{id}/review_users/` with the assigned reviewers plus the
 * new one (a plain id keeps a reviewer's role and makes a new one Other).
 */

/** Every query that shows who reviews what: the request, the lists, the cycles and the workload. */
const ASSIGNMENT_READERS: QueryKey[] = [
  ['reviewer-suggestions'],
  ['request'],
  ['requests'],
  ['reviewer-workload'],
];

const suggestionsKey = (requestId: number, limit: number) =>
  ['reviewer-suggestions', requestId, limit] as const;

export function useReviewerSuggestions(requestId: number, limit: number, enabled = true) {
  return useQuery({
    queryKey: suggestionsKey(requestId, limit),
    enabled,
    queryFn: () =>
      apiFetch<ReviewerSuggestions>(`request/${requestId}/reviewer-suggestions/`, { query: { limit } }),
    // Loads change as others assign: a suggestion is read afresh each time the panel opens.
    staleTime: 0,
  });
}

interface AssignReviewer {
  /** The reviewers assigned now, kept as they are. */
  assigned: readonly number[];
  user: number;
  /** Why a flagged reviewer is assigned all the same (recorded in the request's history). */
  reason?: string;
}

/** Adds one reviewer to a request; afterwards every reader of assignments (and `refresh`) reads again. */
export function useAssignReviewer(requestId: number, refresh: readonly QueryKey[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ assigned, user, reason }: AssignReviewer) =>
      apiFetch<ReviewUsersDto>(`request/${requestId}/review_users/`, {
        method: 'PUT',
        body: {
          users: [...assigned.filter((id) => id !== user), user],
          ...(reason === undefined ? {} : { conflict_reasons: [{ user, reason }] }),
        },
      }),
    onSuccess: () =>
      Promise.all(
        [...ASSIGNMENT_READERS, ...refresh].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
