import { keepPreviousData, useQuery, useQueryClient, useMutation } from '@tanstack/react-query';
import {
  LIMITS,
  sampleIdBatches,
  type ResearchTeamMemberDto,
  type RequestDto,
  type SampleValidation,
  type ValidateSamplesResult,
} from '@rrp/domain';
import { apiFetch, type ListPage } from '@/lib/api-client';

export type { ListPage } from '@/lib/api-client';

/** A request as `GET request/` and `GET request/{id}/` answer (researcher §3 Request). */
export type RequestView = RequestDto;

export interface RequestFilters {
  page: number;
  pageSize: number;
  ordering: string;
  search: string;
  cohort: string | null;
  /** An assigned reviewer's user id (staff filter `reviews__user`). */
  reviewer?: string | null;
  /** A review quarter `YYYY-Qn` (staff §9). */
  reviewQuarter?: string | null;
}

const REQUEST_EXPAND = 'project,datasets';

/** The list call's query: one page, sorted, searched from 2 characters (researcher §9). */
export function requestListQuery(
  filters: RequestFilters,
  limit = filters.pageSize,
  offset = (filters.page - 1) * filters.pageSize,
) {
  const search = filters.search.trim();
  return {
    limit,
    offset,
    ordering: filters.ordering,
    expand: 'datasets,owner,institution',
    ...(search.length >= LIMITS.search.minChars ? { search } : {}),
    ...(filters.cohort ? { cohort: filters.cohort } : {}),
    ...(filters.reviewer ? { reviews__user: filters.reviewer } : {}),
    ...(filters.reviewQuarter ? { review_quarter: filters.reviewQuarter } : {}),
  };
}

export function useRequests(filters: RequestFilters) {
  return useQuery({
    queryKey: ['requests', 'list', filters],
    queryFn: () => apiFetch<ListPage<RequestView>>('request/', { query: requestListQuery(filters) }),
    placeholderData: keepPreviousData,
  });
}

export const requestQueryKey = (id: number) => ['request', id] as const;

/** Requests deleted in this session: their page must not be re-read while it closes. */
const deleted = new Set<number>();

export function useRequest(id: number) {
  return useQuery({
    queryKey: requestQueryKey(id),
    enabled: Number.isInteger(id) && !deleted.has(id),
    // A request the caller may not see answers 404: the page says so in place (decision 132).
    queryFn: () =>
      apiFetch<RequestView>(`request/${id}/`, { query: { expand: REQUEST_EXPAND }, handleStatus: [404] }),
    retry: false,
  });
}

/** DELETE request/{id}/: a refusal is an ApiError the caller shows in 'Request Deletion Failed'. */
export function useDeleteRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiFetch<unknown>(`request/${id}/`, { method: 'DELETE', handleStatus: [400, 403, 409] });
      deleted.add(id);
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['requests'] }),
  });
}

/** POST validateSamples/ in batches of 100 ids (researcher §5 "Sample IDs", §7). */
export function useSampleAvailability(
  ids: string[],
  sampleType: number | null,
  generateIpscs: boolean,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['validate-samples', ids, sampleType, generateIpscs],
    enabled: enabled && ids.length > 0 && sampleType !== null,
    queryFn: async () => {
      const rows: SampleValidation[] = [];
      for (const batch of sampleIdBatches(ids)) {
        const answer = await apiFetch<ValidateSamplesResult>('validateSamples/', {
          method: 'POST',
          body: { ids: batch, sample_type: sampleType, generate_ipscs: generateIpscs },
        });
        rows.push(...answer.results);
      }
      return rows;
    },
  });
}

/** The project's research team, for names and roles on the request's team table. */
export function useRequestTeam(projectId: number | null) {
  return useQuery({
    queryKey: ['research-team', projectId ?? 0],
    queryFn: () =>
      apiFetch<ListPage<ResearchTeamMemberDto>>('research-team/', {
        query: { project_id: projectId!, expand: 'institution', limit: 200 },
      }),
    enabled: projectId !== null,
  });
}
