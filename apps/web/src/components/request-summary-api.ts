import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RequestSummaryDto, RmBaseUsersDto, UpdateRequestSummaryInput } from '@rrp/domain';
import { apiFetch } from '@/lib/api-client';

/** The request summary's calls, shared by the request page's Summary tab and the review meeting's notes. */

const summaryQueryKey = (id: number) => ['request', id, 'summary'] as const;

/** GET request/{id}/summary/ (staff §7). */
export function useRequestSummary(id: number, enabled: boolean) {
  return useQuery({
    queryKey: summaryQueryKey(id),
    enabled,
    queryFn: () => apiFetch<RequestSummaryDto>(`request/${id}/summary/`),
  });
}

/**
 * PATCH request/{id}/summary/: a 400 is left to the form (per-field messages). `versioned`: the
 * save sends the version the screen showed (`If-Match`) and leaves a 412 (someone else saved
 * first) to the form, which opens the conflict dialog.
 */
export function useSaveSummary(id: number, options: { versioned?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateRequestSummaryInput) =>
      apiFetch<RequestSummaryDto>(`request/${id}/summary/`, {
        method: 'PATCH',
        body,
        ...(options.versioned ? { ifMatch: 'shown', handleStatus: [400, 412] } : { handleStatus: [400] }),
      }),
    onSuccess: (summary) => queryClient.setQueryData(summaryQueryKey(id), summary),
  });
}

/** Saves over someone else's change on purpose: `etag` is the version the conflict dialog showed. */
export function useOverwriteSummary(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, etag }: { body: UpdateRequestSummaryInput; etag: string | null }) =>
      apiFetch<RequestSummaryDto>(`request/${id}/summary/`, {
        method: 'PATCH',
        body,
        ...(etag ? { ifMatch: etag } : {}),
        handleStatus: [400, 412],
      }),
    onSuccess: (summary) => queryClient.setQueryData(summaryQueryKey(id), summary),
  });
}

/** Reads the summary again (taking someone else's change). */
export function useReloadSummary(id: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: summaryQueryKey(id) });
}

/** The other requests using an RM base (the confirmation before saving RM ids, staff §5). */
export function requestsUsingBase(id: number, base: string) {
  return apiFetch<RmBaseUsersDto>(`request/${id}/summary/rm-base/`, { query: { base } });
}
