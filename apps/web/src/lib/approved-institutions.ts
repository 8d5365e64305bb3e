import { useQuery } from '@tanstack/react-query';
import { INSTITUTION_STATUS, LIMITS, type InstitutionDto } from '@rrp/domain';
import { apiFetch, type ListPage } from './api-client';

/**
 * The approved institutions, by name, for the pickers that offer them (registration, research team
 * rows): one `GET institution/` up to the lookup limit, shared by every picker on the page.
 */
export function useApprovedInstitutions() {
  return useQuery({
    queryKey: ['institutions', 'approved-lookup'],
    queryFn: () =>
      apiFetch<ListPage<InstitutionDto>>('institution/', {
        query: {
          status: INSTITUTION_STATUS.approved,
          limit: LIMITS.institutionLookupLimit,
          ordering: 'name',
        },
      }),
    staleTime: 5 * 60_000,
  });
}
