import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/**
 * The calls every review cycle makes, each network naming its paths and the root of its query
 * keys (`research-match`, `abn`): the Begin Review draft and the moves of the cycle.
 */

/** GET <network>/start-review/: what may go into review now, and the e-mail's draft. */
export function useStartReviewDraft<Draft>(queryRoot: string, path: string, enabled: boolean) {
  return useQuery({
    queryKey: [queryRoot, 'start-review'],
    enabled,
    queryFn: () => apiFetch<Draft>(path),
    // The list is what may start now: never an old copy.
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * A move of the cycle (POST; a 400 is the screen's to show): afterwards the network's queries and
 * the request lists are read again.
 */
export function useCycleMove<Body, Result>(queryRoot: string, path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => apiFetch<Result>(path, { method: 'POST', body, handleStatus: [400] }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [queryRoot] });
      void queryClient.invalidateQueries({ queryKey: ['requests'] });
    },
  });
}
