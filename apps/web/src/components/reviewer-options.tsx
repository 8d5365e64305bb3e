import { useState } from 'react';
import { Select } from '@mantine/core';
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

/**
 * The lists' Reviewer filter: one reviewer, found by typing (the server searches; every option it
 * answers is shown). `enabled` holds the search back while the filters are closed or the role may
 * not list users.
 */
export function ReviewerFilter({
  value,
  onChange,
  enabled,
  w,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
  enabled: boolean;
  w?: number;
}) {
  const [search, setSearch] = useState('');
  const reviewers = useReviewerOptions(search, enabled);
  return (
    <Select
      label="Reviewer"
      placeholder="Any reviewer"
      clearable
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage="No reviewers found"
      data={(reviewers.data?.results ?? []).map((user) => ({
        value: String(user.id),
        label: user.display_name,
      }))}
      value={value}
      onChange={onChange}
      w={w}
    />
  );
}
