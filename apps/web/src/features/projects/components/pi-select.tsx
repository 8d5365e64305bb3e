import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { LIMITS } from '@rrp/domain';
import { usePrincipalInvestigators, type UserOption } from '../api/projects';

/** The admin's choice of Principal Investigator among primary researchers, searched by name or e-mail. */
export function PiSelect({
  value,
  current,
  onChange,
  error,
}: {
  value: string | null;
  /** The PI already on the project, shown before any search. */
  current?: { id: number; display_name: string } | null;
  onChange: (value: string | null, option: UserOption | null) => void;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  // The chosen person stays an option while the search text shows their name.
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const [debounced] = useDebouncedValue(search, LIMITS.search.debounceMs / 2);
  const users = usePrincipalInvestigators(debounced);
  const results = users.data?.results ?? [];
  const options = results.map((user) => ({
    value: String(user.id),
    label: `${user.full_name} (${user.email})`,
  }));
  for (const known of [picked, current ? { value: String(current.id), label: current.display_name } : null]) {
    if (known && !options.some((option) => option.value === known.value)) options.unshift(known);
  }
  return (
    <Select
      label="Principal Investigator"
      description="Primary researchers only; type a name or an e-mail address."
      placeholder="Search for a primary researcher"
      required
      searchable
      data={options}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      onChange={(next, option) => {
        setPicked(option ? { value: option.value, label: option.label } : null);
        onChange(next, results.find((user) => String(user.id) === next) ?? null);
      }}
      nothingFoundMessage={users.isFetching ? 'Searching…' : 'No primary researcher found'}
      error={error}
    />
  );
}
