import type { DatasetDto, PublicDatasetDto } from '@rrp/domain';

/** A YYYY-MM-DD (or ISO) date as mm/dd/yyyy, the portal's date format; '—' when empty. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '—';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  return `${match[2]}/${match[3]}/${match[1]}`;
}

/** A count, or '—' when not recorded. */
export const formatCount = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : value.toLocaleString('en-US');

/** The cohort's name, whether the answer inlined the cohort or only named it. */
export function cohortName(dataset: Pick<DatasetDto, 'cohort'> & { cohort_name?: string | null }): string {
  if (dataset.cohort && typeof dataset.cohort === 'object') return dataset.cohort.name;
  return dataset.cohort_name ?? '—';
}

export function isFullDataset(dataset: DatasetDto | PublicDatasetDto): dataset is DatasetDto {
  return 'permissions' in dataset;
}
