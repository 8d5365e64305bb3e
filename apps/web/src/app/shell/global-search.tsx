import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { LIMITS } from '@rrp/domain';
import { apiFetch } from '@/lib/api-client';
import { hasScreen } from '@/lib/navigation';

interface Result {
  id: number;
  display_name: string;
  model: string;
}

/**
 * The header's global search (foundation §2): from 2 characters, after a 1 s pause; a result opens
 * /{model}/{id}. `fill` makes it as wide as its container (the phone menu).
 */
export function GlobalSearch({ fill = false }: { fill?: boolean }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text.trim(), LIMITS.search.debounceMs);
  const results = useQuery({
    queryKey: ['search', query],
    queryFn: () => apiFetch<{ results: Result[] }>('search/', { query: { q: query } }),
    enabled: query.length >= LIMITS.search.minChars,
    placeholderData: keepPreviousData,
  });
  // A result whose screen is not built yet (a user, for now) would only lead to the 404 page.
  const data = (query.length >= LIMITS.search.minChars ? (results.data?.results ?? []) : [])
    .map((result) => ({
      value: `/${result.model}/${result.id}`,
      label: `${result.display_name} (${result.model})`,
    }))
    .filter((option) => hasScreen(option.value));

  return (
    <Select
      aria-label="Search"
      placeholder="Search"
      size="xs"
      w={fill ? '100%' : { base: 200, lg: 240 }}
      searchable
      searchValue={text}
      onSearchChange={setText}
      filter={({ options }) => options}
      data={data}
      value={null}
      leftSection={<IconSearch size={14} aria-hidden />}
      nothingFoundMessage={
        query.length >= LIMITS.search.minChars && !results.isFetching ? 'Nothing found' : undefined
      }
      onChange={(path) => {
        if (!path) return;
        setText('');
        navigate(path);
      }}
    />
  );
}
