import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LIMITS, type ReviewerWorkloadDetail, type ReviewerWorkloadRow } from '@rrp/domain';
import { apiFetch, type ListPage } from '@/lib/api-client';

/** The reviewer workload screens' calls (issue 33): `GET reviewer-workload/` and `/{id}/`. */

interface WorkloadFilters {
  page: number;
  pageSize: number;
  ordering: string;
  search: string;
  /** One reviewer group, or every group. */
  group: string | null;
}

function workloadListQuery(filters: WorkloadFilters) {
  const search = filters.search.trim();
  return {
    limit: filters.pageSize,
    offset: (filters.page - 1) * filters.pageSize,
    ordering: filters.ordering,
    ...(search.length >= LIMITS.search.minChars ? { search } : {}),
    ...(filters.group ? { group: filters.group } : {}),
  };
}

/** The key every workload query starts with; an assignment reads them again. */
const WORKLOAD = 'reviewer-workload';

export function useReviewerWorkload(filters: WorkloadFilters, enabled: boolean) {
  return useQuery({
    queryKey: [WORKLOAD, 'list', filters],
    enabled,
    queryFn: () =>
      apiFetch<ListPage<ReviewerWorkloadRow>>('reviewer-workload/', { query: workloadListQuery(filters) }),
    placeholderData: keepPreviousData,
  });
}

export function useReviewerWorkloadDetail(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [WORKLOAD, 'detail', id],
    enabled: enabled && Number.isInteger(id),
    queryFn: () => apiFetch<ReviewerWorkloadDetail>(`reviewer-workload/${id}/`),
  });
}
