import { useState } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';
import { Button, Checkbox, Group, MultiSelect, RangeSlider, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  TISSUE_FILTER_BOUNDS,
  TISSUE_STATES,
  type DonorFilterOptions,
  type TissueRangeFilter,
} from '@rrp/domain';
import type { DonorQuery } from './api';

/** The filter panel's choices (staff §2.8, §5 bounds: age 0–130, PMI 0–200, RIN 0–130). */
export interface DonorFilters {
  diagnosis: string[];
  confirmation_status: string[];
  gender: string[];
  left_hemisphere: string[];
  right_hemisphere: string[];
  brainstem: string[];
  tissue_quality: string[];
  medical_conditions: string[];
  psych_conditions: string[];
  genetic_conditions: string[];
  age: [number, number];
  pmi: [number, number];
  rin: [number, number];
  /** Only donors the caller may put in a collection (hides restricted ones). */
  selectableOnly: boolean;
}

const full = (name: TissueRangeFilter): [number, number] => [
  TISSUE_FILTER_BOUNDS[name].min,
  TISSUE_FILTER_BOUNDS[name].max,
];

export const NO_FILTERS: DonorFilters = {
  diagnosis: [],
  confirmation_status: [],
  gender: [],
  left_hemisphere: [],
  right_hemisphere: [],
  brainstem: [],
  tissue_quality: [],
  medical_conditions: [],
  psych_conditions: [],
  genetic_conditions: [],
  age: full('age'),
  pmi: full('pmi'),
  rin: full('rin'),
  selectableOnly: false,
};

const CHOICES = [
  'diagnosis',
  'confirmation_status',
  'gender',
  'left_hemisphere',
  'right_hemisphere',
  'brainstem',
  'tissue_quality',
  'medical_conditions',
  'psych_conditions',
  'genetic_conditions',
] as const;
const RANGES: TissueRangeFilter[] = ['age', 'pmi', 'rin'];

/**
 * The filters as the API's query: a choice as `field__in`, a range only once it is narrowed (so
 * donors without a value are not hidden by an untouched slider).
 */
export function donorFilterQuery(filters: DonorFilters): DonorQuery {
  const query: DonorQuery = {};
  for (const key of CHOICES) if (filters[key].length > 0) query[`${key}__in`] = filters[key].join(',');
  for (const key of RANGES) {
    const [low, high] = filters[key];
    const bounds = TISSUE_FILTER_BOUNDS[key];
    if (low > bounds.min) query[`${key}__gte`] = low;
    if (high < bounds.max) query[`${key}__lte`] = high;
  }
  if (filters.selectableOnly) query.restricted = false;
  return query;
}

/** How many filters are set, for the toggle's label. */
export function activeFilterCount(filters: DonorFilters): number {
  const choices = CHOICES.filter((key) => filters[key].length > 0).length;
  const ranges = RANGES.filter((key) => {
    const bounds = TISSUE_FILTER_BOUNDS[key];
    return filters[key][0] > bounds.min || filters[key][1] < bounds.max;
  }).length;
  return choices + ranges + (filters.selectableOnly ? 1 : 0);
}

const RANGE_LABELS: Record<TissueRangeFilter, string> = {
  age: 'Age (years)',
  pmi: 'PMI (hours)',
  rin: 'RIN',
};

/** A range slider that tells the list only when the user lets go (or stops pressing keys). */
function RangeFilter({
  name,
  value,
  onChange,
}: {
  name: TissueRangeFilter;
  value: [number, number];
  onChange: (value: [number, number]) => void;
}) {
  const [live, setLive] = useState(value);
  // The thumbs follow the filters when they change from outside (Clear filters).
  const [given, setGiven] = useState(value);
  if (given !== value) {
    setGiven(value);
    setLive(value);
  }
  // Arrow keys end a change at every press: the list asks the server once they pause.
  const commit = useDebouncedCallback(onChange, 400);
  const bounds = TISSUE_FILTER_BOUNDS[name];
  const label = RANGE_LABELS[name];
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm" fw={500} id={`range-${name}`}>
          {label}
        </Text>
        <Text size="sm" c="gray.7">
          {live[0]} – {live[1]}
        </Text>
      </Group>
      <RangeSlider
        aria-labelledby={`range-${name}`}
        min={bounds.min}
        max={bounds.max}
        minRange={0}
        value={live}
        onChange={setLive}
        onChangeEnd={commit}
        thumbFromLabel={`${label}, from`}
        thumbToLabel={`${label}, to`}
        label={null}
        mb="xs"
      />
    </Stack>
  );
}

/** The filter panel of the catalogue and of collections. */
export function DonorFilterFields({
  filters,
  options,
  onChange,
  showSelectable,
}: {
  filters: DonorFilters;
  options: DonorFilterOptions | undefined;
  onChange: (filters: DonorFilters) => void;
  /** Offer "only donors I can select" (to roles that may not select restricted donors). */
  showSelectable: boolean;
}) {
  const set =
    <K extends keyof DonorFilters>(key: K) =>
    (value: DonorFilters[K]) =>
      onChange({ ...filters, [key]: value });
  const choice = (key: (typeof CHOICES)[number], label: string, data: readonly string[]) => (
    <MultiSelect
      label={label}
      placeholder={filters[key].length ? undefined : 'Any'}
      data={[...new Set([...data, ...filters[key]])]}
      value={filters[key]}
      onChange={set(key)}
      searchable
      clearable
      hidePickedOptions
      comboboxProps={{ withinPortal: true }}
    />
  );
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
        {choice('diagnosis', 'Diagnosis', options?.diagnosis ?? [])}
        {choice('gender', 'Sex', options?.gender ?? [])}
        {choice('confirmation_status', 'Confirmation status', options?.confirmation_status ?? [])}
        <RangeFilter name="age" value={filters.age} onChange={set('age')} />
        <RangeFilter name="pmi" value={filters.pmi} onChange={set('pmi')} />
        <RangeFilter name="rin" value={filters.rin} onChange={set('rin')} />
        {choice('left_hemisphere', 'Left hemisphere', TISSUE_STATES)}
        {choice('right_hemisphere', 'Right hemisphere', TISSUE_STATES)}
        {choice('brainstem', 'Brainstem', TISSUE_STATES)}
        {choice('tissue_quality', 'Tissue quality', options?.tissue_quality ?? [])}
        {choice('medical_conditions', 'Medical conditions', options?.medical_conditions ?? [])}
        {choice('psych_conditions', 'Psychiatric conditions', options?.psych_conditions ?? [])}
        {choice('genetic_conditions', 'Genetic conditions', options?.genetic_conditions ?? [])}
      </SimpleGrid>
      <Group justify="space-between">
        {showSelectable ? (
          <Checkbox
            label="Only donors I can add to a collection"
            checked={filters.selectableOnly}
            onChange={(event) => set('selectableOnly')(event.currentTarget.checked)}
          />
        ) : (
          <span />
        )}
        <Button
          variant="subtle"
          onClick={() => onChange(NO_FILTERS)}
          disabled={activeFilterCount(filters) === 0}
        >
          Clear filters
        </Button>
      </Group>
    </Stack>
  );
}
