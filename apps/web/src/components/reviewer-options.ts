import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LIMITS, REVIEWER_ROLES, type UserListItemDto } from '@rrp/domain';
import { apiFetch, type ListPage } from '@/lib/api-client';

/** Reviewers matching the typed text (all reviewers, by last name, when nothing is typed). */
export function useReviewerOptions(
  search: string,
  enabled = true,
  groups: readonly string[] = REVIEWER_ROLES,
) {
  const term = search.trim();
  return useQuery({
    queryKey: ['reviewer-options', term, groups.join(',')],
    enabled,
    queryFn: () =>
      apiFetch<ListPage<UserListItemDto>>('user/', {
        query: {
          groups__name__in: groups.join(','),
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
