import { useState } from 'react';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { LIMITS } from '@rrp/domain';
import { useInstitutionOptions } from '../api/users';

/** At most this many institutions in one filter (researcher §2 Lists). */
export const MAX_INSTITUTIONS = 100;

/**
 * Institutions chosen from the server's list, searched by name, other names and EIN after a
 * pause (foundation §9 search debounce).
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
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, LIMITS.search.debounceMs);
  const options = useInstitutionOptions(debounced, value);
  return (
    <MultiSelect
      label={label}
      description={description}
      placeholder={value.length ? undefined : 'Search by name, other name or EIN'}
      data={options.data ?? []}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched other names and EINs the labels do not show.
      filter={({ options: all }) => all}
      maxValues={maxValues}
      clearable
      nothingFoundMessage={options.isFetching ? 'Searching…' : 'No institutions found'}
      error={error}
      w={w}
    />
  );
}
