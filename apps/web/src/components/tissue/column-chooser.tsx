import { useState } from 'react';
import { Button, Checkbox, Group, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { DONOR_COLUMNS, STANDARD_COLUMNS } from './columns';

const STORAGE_KEY = 'rrp.tissue.columns';

function storedColumns(): string[] {
  try {
    const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? 'null') as unknown;
    if (Array.isArray(stored)) {
      const known = stored.filter((key): key is string => DONOR_COLUMNS.some((column) => column.key === key));
      if (known.length > 0) return known;
    }
  } catch {
    // A damaged entry falls back to the standard columns.
  }
  return STANDARD_COLUMNS;
}

/** The columns the user chose for donor tables, remembered in this browser. */
export function useDonorColumns() {
  const [columns, setColumns] = useState<string[]>(storedColumns);
  const choose = (next: string[]) => {
    // The donor hash stays: it is what names a row and opens the donor.
    const kept = next.includes('donor_hash') ? next : ['donor_hash', ...next];
    setColumns(kept);
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(kept));
  };
  return { columns, choose };
}

/** The column panel: which donor fields the table shows. */
export function ColumnChooser({
  columns,
  onChange,
}: {
  columns: string[];
  onChange: (next: string[]) => void;
}) {
  return (
    <Popover width={260} position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} aria-hidden />}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Checkbox.Group label="Columns shown" value={columns} onChange={onChange}>
          {/* Short enough to stay on screen beside the button, even on a phone. */}
          <ScrollArea.Autosize mah={300} type="auto" offsetScrollbars>
            <Stack gap={6} mt="xs">
              {DONOR_COLUMNS.map((column) => (
                <Checkbox
                  key={column.key}
                  value={column.key}
                  label={column.title}
                  disabled={column.key === 'donor_hash'}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Checkbox.Group>
        <Group justify="space-between" mt="sm">
          <Text size="xs" c="gray.7">
            {columns.length} of {DONOR_COLUMNS.length}
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={() => onChange(STANDARD_COLUMNS)}>
            Standard columns
          </Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
