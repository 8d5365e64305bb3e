import { useCallback, useState, type ReactNode } from 'react';
import { Button, Collapse, Paper } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import { LIMITS } from '@rrp/domain';
import type { ListState } from './data-table';

/**
 * What every server list screen keeps: its page, page size and ordering, the search box (sent to the
 * server once typing pauses), and the rule that changing what is shown goes back to the first page.
 */
export function useListControls(ordering: string, pageSize: number = LIMITS.table.pageSize) {
  const [state, setState] = useState<ListState>({ page: 1, pageSize, ordering });
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText, LIMITS.search.debounceMs);
  const toFirstPage = useCallback(
    () => setState((previous) => (previous.page === 1 ? previous : { ...previous, page: 1 })),
    [],
  );
  /** A filter's setter that also sends the list back to its first page. */
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      toFirstPage();
    };
  return { state, setState, searchText, setSearch: filter(setSearchText), search, filter };
}

/** The lists' 'Show/Hide Filters' button; the panel it opens is `FiltersPanel`. */
export function FiltersToggle({ opened, onToggle }: { opened: boolean; onToggle: () => void }) {
  return (
    <Button
      variant="subtle"
      leftSection={<IconFilter size={14} aria-hidden />}
      aria-expanded={opened}
      onClick={onToggle}
    >
      Show/Hide Filters
    </Button>
  );
}

/** The filters a list shows under its search box while `FiltersToggle` is on. */
export function FiltersPanel({ opened, children }: { opened: boolean; children: ReactNode }) {
  return (
    <Collapse expanded={opened}>
      <Paper withBorder p="md">
        {children}
      </Paper>
    </Collapse>
  );
}
