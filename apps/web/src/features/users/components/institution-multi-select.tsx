import { useState } from 'react';
import { defaultOptionsFilter, MultiSelect, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIMITS, type InstitutionDto } from '@rrp/domain';
import { apiFetch, type ListPage } from '@/lib/api-client';

/** At most this many institutions in one filter (researcher §2 Lists). */
const MAX_INSTITUTIONS = 100;

/** What is typed as the server's search: from the second character on (foundation §9), else none. */
export const institutionSearchTerm = (typed: string) => {
  const term = typed.trim();
  return term.length >= LIMITS.search.minChars ? term : '';
};

const chosenKey = (ids: readonly string[]) => ['institution-options', 'chosen', ids] as const;

/** One page of institutions by name; with a term, those whose name, other names or EIN hold it. */
const findInstitutions = (term: string) =>
  apiFetch<ListPage<InstitutionDto>>('institution/', {
    query: {
      ordering: 'name',
      limit: LIMITS.combobox.initialLimit,
      ...(term ? { name_or_ein__icontains: term } : {}),
    },
  });

/**
 * Institutions chosen from the server's list. From the second character typed, the server searches
 * names, other names and EINs after the search pause (researcher §2, foundation §9), and nothing is
 * offered until it has answered for what is typed: the list shown before (every institution by
 * name) would otherwise still be there for Enter to take its first. Less than two characters
 * filter the first page by name.
 */
export function InstitutionMultiSelect({
  label,
  value,
  onChange,
  error,
  description,
  maxValues = MAX_INSTITUTIONS,
  w,
}: {
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  error?: React.ReactNode;
  description?: string;
  maxValues?: number;
  w?: number | string;
}) {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, LIMITS.search.debounceMs);
  const typed = institutionSearchTerm(search);
  // The first page needs no pause; a term is sent once typing rests.
  const term = typed ? institutionSearchTerm(debounced) : '';
  const found = useQuery({
    queryKey: ['institution-options', term],
    queryFn: () => findInstitutions(term),
    staleTime: 30_000,
  });
  // The chosen ones keep their names while a search shows others.
  const chosen = useQuery({
    queryKey: chosenKey(value),
    queryFn: () =>
      apiFetch<ListPage<InstitutionDto>>('institution/', {
        query: { id__in: value.join(','), limit: value.length },
      }),
    enabled: value.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const known = new Map(
    [...(chosen.data?.results ?? []), ...(found.data?.results ?? [])].map((row) => [String(row.id), row]),
  );
  const data = [...known.values()].map((row) => ({ value: String(row.id), label: row.name }));
  // A choice is made from rows already read: they name the new choice at once, without a new read.
  const choose = (ids: string[]) => {
    const rows = ids.flatMap((id) => known.get(id) ?? []);
    if (rows.length === ids.length)
      queryClient.setQueryData(chosenKey(ids), { count: rows.length, results: rows });
    onChange(ids);
  };

  const waiting = typed !== term || found.isPending;
  const matches = new Set((found.data?.results ?? []).map((row) => String(row.id)));
  const filter: OptionsFilter = (input) => {
    if (waiting) return [];
    // The server matched other names and EINs the labels do not show: its answer is the list.
    if (typed) return input.options.filter((option) => 'value' in option && matches.has(option.value));
    return defaultOptionsFilter(input) as typeof input.options;
  };

  return (
    <MultiSelect
      label={label}
      description={description}
      placeholder={value.length ? undefined : 'Search by name, other name or EIN'}
      data={data}
      value={value}
      onChange={choose}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={filter}
      maxValues={maxValues}
      clearable
      nothingFoundMessage={waiting ? 'Searching…' : 'No institutions found'}
      error={error}
      w={w}
    />
  );
}
