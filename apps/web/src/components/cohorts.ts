import { useQuery } from '@tanstack/react-query';
import type { CohortDto } from '@rrp/domain';
import { apiFetch, type ListPage } from '@/lib/api-client';

/** The cohorts by name (GET cohort/), for the filters and forms that offer them. */
export function useCohorts() {
  return useQuery({
    queryKey: ['cohorts'],
    queryFn: () => apiFetch<ListPage<CohortDto>>('cohort/', { query: { limit: 100, ordering: 'name' } }),
    staleTime: 5 * 60_000,
  });
}
