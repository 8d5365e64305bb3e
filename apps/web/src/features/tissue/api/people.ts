import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LIMITS, type RequestDto, type UserListItemDto } from '@rrp/domain';
import { apiFetch, type ListPage } from '@/lib/api-client';

/** Primary researchers for the PI picker of tissue staff (staff §6 "choose researcher"). */
export function usePrincipalInvestigators(search: string, enabled: boolean) {
  const term = search.trim();
  return useQuery({
    queryKey: ['pi-options', term],
    enabled,
    queryFn: () =>
      apiFetch<ListPage<UserListItemDto>>('user/', {
        query: {
          groups__name__in: 'primary_researcher,pi_sbso',
          active: true,
          ordering: 'last_name',
          limit: LIMITS.combobox.initialLimit,
          ...(term.length >= LIMITS.search.minChars ? { search: term } : {}),
        },
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** A PI's pilot (7) or tissue (8) requests, for tying a collection to one. */
export function useTissueRequestsOf(ownerId: number | null, type: 7 | 8) {
  return useQuery({
    queryKey: ['tissue-requests', ownerId, type],
    enabled: ownerId !== null,
    queryFn: () =>
      apiFetch<ListPage<RequestDto>>('request/', {
        query: { owner: ownerId!, type, limit: 100, ordering: '-created' },
      }),
  });
}

/** The request a catalogue visit works for (`/tissue-catalogue?request={id}`). */
export function useRequest(id: number | null) {
  return useQuery({
    queryKey: ['request', id, 'tissue'],
    enabled: id !== null,
    queryFn: () => apiFetch<RequestDto>(`request/${id}/`),
  });
}
