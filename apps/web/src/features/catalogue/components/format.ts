import type { DatasetDto } from '@rrp/domain';

/** A count, or '—' when not recorded. */
export const formatCount = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : value.toLocaleString('en-US');

/** The cohort's name, whether the answer inlined the cohort or only named it. */
export function cohortName(dataset: Pick<DatasetDto, 'cohort'> & { cohort_name?: string | null }): string {
  if (dataset.cohort && typeof dataset.cohort === 'object') return dataset.cohort.name;
  return dataset.cohort_name ?? '—';
}
