import { Anchor, Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import type { DonorDto } from '@rrp/domain';

/**
 * The donor table's columns (staff §3 abn_data fields), each with the key the API orders by; the
 * column chooser shows and hides them.
 */
interface DonorColumn {
  key: string;
  title: string;
  /** Shown until the user chooses otherwise. */
  standard: boolean;
  sortable: boolean;
  render?: (donor: DonorDto) => React.ReactNode;
}

const list = (items: readonly string[]) => (items.length ? items.join(', ') : '—');
const value = (item: string | number | null) => (item === null || item === '' ? '—' : item);

type KeysOf<T> = { [K in keyof DonorDto]: DonorDto[K] extends T ? K : never }[keyof DonorDto];
/** A sortable column of one plain field, '—' when it is empty. */
const valueColumn = (key: KeysOf<string | number | null>, title: string, standard: boolean): DonorColumn => ({
  key,
  title,
  standard,
  sortable: true,
  render: (donor) => value(donor[key]),
});
/** A column of one field that lists names; lists are not sortable and are hidden at first. */
const listColumn = (key: KeysOf<readonly string[]>, title: string): DonorColumn => ({
  key,
  title,
  standard: false,
  sortable: false,
  render: (donor) => list(donor[key]),
});

export const DONOR_COLUMNS: DonorColumn[] = [
  {
    key: 'donor_hash',
    title: 'Donor',
    standard: true,
    sortable: true,
    render: (donor) => (
      <Anchor
        component={Link}
        to={`/abn_donor?donor_hash=${encodeURIComponent(donor.donor_hash)}`}
        size="sm"
        onClick={(event) => event.stopPropagation()}
      >
        {donor.donor_hash}
      </Anchor>
    ),
  },
  { key: 'diagnosis', title: 'Diagnosis', standard: true, sortable: true },
  {
    key: 'confirmation_status',
    title: 'Confirmation',
    standard: true,
    sortable: true,
    render: (donor) =>
      donor.restricted ? (
        <Group gap={4} wrap="nowrap" title="Under review or not confirmed: staff only">
          <IconLock size={14} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm">{donor.confirmation_status}</Text>
        </Group>
      ) : (
        donor.confirmation_status
      ),
  },
  valueColumn('age', 'Age', true),
  valueColumn('gender', 'Sex', true),
  valueColumn('left_hemisphere', 'Left Hemisphere', true),
  valueColumn('right_hemisphere', 'Right Hemisphere', true),
  valueColumn('brainstem', 'Brainstem', false),
  valueColumn('pmi', 'PMI (h)', true),
  valueColumn('rin', 'RIN', true),
  valueColumn('tissue_quality', 'Quality', true),
  valueColumn('brain_weight', 'Brain Weight (g)', false),
  valueColumn('preservation', 'Preservation', false),
  valueColumn('cause_of_death', 'Cause of Death', false),
  listColumn('medical_conditions', 'Medical Conditions'),
  listColumn('psych_conditions', 'Psychiatric Conditions'),
  {
    key: 'genetic_conditions',
    title: 'Genetic Conditions',
    standard: false,
    sortable: false,
    render: (d) => list(d.genetic_conditions.map((c) => c.condition)),
  },
  listColumn('ethnicities', 'Ethnicity'),
  {
    key: 'flag',
    title: 'Flag',
    standard: false,
    sortable: false,
    render: (d) => (d.flag ? <Text size="sm">{d.flag}</Text> : '—'),
  },
];

export const STANDARD_COLUMNS = DONOR_COLUMNS.filter((column) => column.standard).map((column) => column.key);

/** The table's columns for the chosen keys, in the catalogue's order. */
export function donorTableColumns(keys: readonly string[]): DataTableColumn<DonorDto>[] {
  return DONOR_COLUMNS.filter((column) => keys.includes(column.key)).map((column) => ({
    accessor: column.key,
    title: column.title,
    sortable: column.sortable,
    render: column.render,
    noWrap: column.key === 'donor_hash',
  }));
}
