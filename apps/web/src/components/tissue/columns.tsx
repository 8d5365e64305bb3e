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
  { key: 'age', title: 'Age', standard: true, sortable: true, render: (d) => value(d.age) },
  { key: 'gender', title: 'Sex', standard: true, sortable: true, render: (d) => value(d.gender) },
  {
    key: 'left_hemisphere',
    title: 'Left Hemisphere',
    standard: true,
    sortable: true,
    render: (d) => value(d.left_hemisphere),
  },
  {
    key: 'right_hemisphere',
    title: 'Right Hemisphere',
    standard: true,
    sortable: true,
    render: (d) => value(d.right_hemisphere),
  },
  {
    key: 'brainstem',
    title: 'Brainstem',
    standard: false,
    sortable: true,
    render: (d) => value(d.brainstem),
  },
  { key: 'pmi', title: 'PMI (h)', standard: true, sortable: true, render: (d) => value(d.pmi) },
  { key: 'rin', title: 'RIN', standard: true, sortable: true, render: (d) => value(d.rin) },
  {
    key: 'tissue_quality',
    title: 'Quality',
    standard: true,
    sortable: true,
    render: (d) => value(d.tissue_quality),
  },
  {
    key: 'brain_weight',
    title: 'Brain Weight (g)',
    standard: false,
    sortable: true,
    render: (d) => value(d.brain_weight),
  },
  {
    key: 'preservation',
    title: 'Preservation',
    standard: false,
    sortable: true,
    render: (d) => value(d.preservation),
  },
  {
    key: 'cause_of_death',
    title: 'Cause of Death',
    standard: false,
    sortable: true,
    render: (d) => value(d.cause_of_death),
  },
  {
    key: 'medical_conditions',
    title: 'Medical Conditions',
    standard: false,
    sortable: false,
    render: (d) => list(d.medical_conditions),
  },
  {
    key: 'psych_conditions',
    title: 'Psychiatric Conditions',
    standard: false,
    sortable: false,
    render: (d) => list(d.psych_conditions),
  },
  {
    key: 'genetic_conditions',
    title: 'Genetic Conditions',
    standard: false,
    sortable: false,
    render: (d) => list(d.genetic_conditions.map((c) => c.condition)),
  },
  {
    key: 'ethnicities',
    title: 'Ethnicity',
    standard: false,
    sortable: false,
    render: (d) => list(d.ethnicities),
  },
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
