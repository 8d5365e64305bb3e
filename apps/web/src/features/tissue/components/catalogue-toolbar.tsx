import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FiltersToggle } from '@/components/list-controls';
import { SearchInput } from '@/components/search-input';
import { ColumnChooser, TerminologyPanel } from '@/components/tissue';

/** Above a donor table: search by donor hash, the filter toggle, the column and terminology panels. */
export function CatalogueToolbar({
  search,
  onSearch,
  filtersOpen,
  onToggleFilters,
  filterCount,
  columns,
  onColumns,
  children,
}: {
  search: string;
  onSearch: (value: string) => void;
  filtersOpen: boolean;
  onToggleFilters: () => void;
  filterCount: number;
  columns: string[];
  onColumns: (columns: string[]) => void;
  /** Controls of the mode (e.g. the donor set), first in the row. */
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Group align="flex-end" gap="sm">
        {children}
        <SearchInput
          label="Search donors"
          placeholder="Search by donor hash..."
          value={search}
          onChange={onSearch}
          w={260}
        />
        <FiltersToggle opened={filtersOpen} onToggle={onToggleFilters} />
        {filterCount > 0 && (
          <Text size="sm" c="gray.7" pb={8} aria-live="polite">
            {`${filterCount} filter${filterCount === 1 ? '' : 's'} on`}
          </Text>
        )}
      </Group>
      <Group gap="sm">
        <ColumnChooser columns={columns} onChange={onColumns} />
        <TerminologyPanel />
      </Group>
    </Group>
  );
}
