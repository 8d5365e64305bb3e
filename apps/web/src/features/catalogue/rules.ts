import {
  ACCESSION_ID_MAX,
  CATALOGUE_MESSAGES,
  DATASET_NAME_MAX,
  ENDPOINT_NAME_MAX,
  FILE_SIZE_MAX,
  GPF_FIELD_MAX,
  hasDatasetLocation,
  isUuid,
  LOCATION_MAX,
  type CreateDataset,
  type DatasetDto,
  type PublicDatasetDto,
} from '@rrp/domain';

export type DatasetMode = 'view' | 'edit_details' | 'new_version' | 'email';

/** The dataset's page: by its UUID (the latest version) unless a particular version is meant. */
export function datasetPath(
  dataset: Pick<DatasetDto, 'dataset_id'> | Pick<DatasetDto, 'id'>,
  mode: DatasetMode = 'view',
): string {
  const modeQuery = mode === 'view' ? '' : `mode=${mode}`;
  if ('dataset_id' in dataset) {
    return `/dataset/${dataset.dataset_id}?isUUID=true${modeQuery ? `&${modeQuery}` : ''}`;
  }
  return `/dataset/${dataset.id}${modeQuery ? `?${modeQuery}` : ''}`;
}

export interface LocationRow {
  key: string;
  endpoint_id: string;
  endpoint_name: string;
  location: string;
}

/** The dataset form's values (strings as typed; numbers are coerced when sent). */
export interface DatasetValues {
  name: string;
  description: string;
  cohort: string | null;
  type: string | null;
  origin: string | null;
  release_date: string;
  available: boolean;
  limited: boolean;
  accession_id: string;
  file_size: string;
  order: string;
  asd_participants: string;
  control_participants: string;
  families: string;
  data_access: string;
  gpf_accessible: boolean;
  gpf_group: string;
  gpf_dataset_id: string;
  globus_group_id: string;
  globus_locations: LocationRow[];
  related_datasets: string[];
  change_notes: string;
}

export interface DatasetFiles {
  dataFile: File | null;
  dictionary: File | null;
  releaseNotes: File | null;
}

let rowKey = 0;
export const newLocationRow = (row?: Partial<LocationRow>): LocationRow => ({
  key: `location-${++rowKey}`,
  endpoint_id: row?.endpoint_id ?? '',
  endpoint_name: row?.endpoint_name ?? '',
  location: row?.location ?? '',
});

const text = (value: string | null | undefined) => value ?? '';
const count = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

export function datasetValues(dataset: DatasetDto | undefined): DatasetValues {
  return {
    name: text(dataset?.name),
    description: text(dataset?.description),
    cohort:
      dataset?.cohort === null || dataset?.cohort === undefined
        ? null
        : String(typeof dataset.cohort === 'object' ? dataset.cohort.id : dataset.cohort),
    type: dataset ? String(dataset.type) : null,
    origin: dataset ? String(dataset.origin) : null,
    release_date: text(dataset?.release_date),
    available: dataset?.available ?? true,
    limited: dataset?.limited ?? false,
    accession_id: text(dataset?.accession_id),
    file_size: text(dataset?.file_size),
    order: dataset ? String(dataset.order) : '',
    asd_participants: count(dataset?.asd_participants),
    control_participants: count(dataset?.control_participants),
    families: count(dataset?.families),
    data_access: text(dataset?.data_access),
    gpf_accessible: dataset?.gpf_accessible ?? false,
    gpf_group: text(dataset?.gpf_group),
    gpf_dataset_id: text(dataset?.gpf_dataset_id),
    globus_group_id: text(dataset?.globus_group_id),
    globus_locations: (dataset?.globus_locations ?? []).map((row) => newLocationRow(row)),
    related_datasets: (dataset?.related_datasets ?? []).map((related) => related.dataset_id),
    // A new version describes its own changes.
    change_notes: '',
  };
}

export const RELEASE_NOTES_EXTENSIONS = ['.pdf', '.docx', '.txt', '.md'];

const hasExtension = (file: File, extensions: string[]) =>
  extensions.some((extension) => file.name.toLowerCase().endsWith(extension));

const tooLong = (value: string, max: number) =>
  value.trim().length > max ? CATALOGUE_MESSAGES.tooLong(max) : null;

const COUNT_PATTERN = /^\d+$/;

/**
 * The dataset form's checks (staff §5 "Dataset form and new version"), with the spec's messages:
 * name, type, origin and release date required; the location rule; UUIDs; the files' kinds;
 * every length limit. Answers field → message ('form' for the whole form).
 */
export function validateDataset(
  values: DatasetValues,
  files: DatasetFiles,
  existingDataFile: boolean,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const set = (field: string, message: string | null) => {
    if (message && !errors[field]) errors[field] = message;
  };
  if (!values.name.trim()) set('name', CATALOGUE_MESSAGES.requiredField);
  set('name', tooLong(values.name, DATASET_NAME_MAX));
  if (!values.type) set('type', CATALOGUE_MESSAGES.requiredField);
  if (!values.origin) set('origin', CATALOGUE_MESSAGES.requiredField);
  if (!values.release_date) set('release_date', CATALOGUE_MESSAGES.requiredField);
  set('accession_id', tooLong(values.accession_id, ACCESSION_ID_MAX));
  set('file_size', tooLong(values.file_size, FILE_SIZE_MAX));
  set('gpf_group', tooLong(values.gpf_group, GPF_FIELD_MAX));
  set('gpf_dataset_id', tooLong(values.gpf_dataset_id, GPF_FIELD_MAX));
  for (const field of ['order', 'asd_participants', 'control_participants', 'families'] as const) {
    const value = values[field].trim();
    if (value && !COUNT_PATTERN.test(value)) set(field, CATALOGUE_MESSAGES.notANumber);
  }
  if (values.globus_group_id.trim() && !isUuid(values.globus_group_id))
    set('globus_group_id', CATALOGUE_MESSAGES.invalidUuid);
  values.globus_locations.forEach((row, index) => {
    if (!isUuid(row.endpoint_id))
      set(`globus_locations.${index}.endpoint_id`, CATALOGUE_MESSAGES.invalidUuid);
    if (!row.endpoint_name.trim())
      set(`globus_locations.${index}.endpoint_name`, CATALOGUE_MESSAGES.requiredField);
    set(`globus_locations.${index}.endpoint_name`, tooLong(row.endpoint_name, ENDPOINT_NAME_MAX));
    if (!row.location.trim()) set(`globus_locations.${index}.location`, CATALOGUE_MESSAGES.requiredField);
    set(`globus_locations.${index}.location`, tooLong(row.location, LOCATION_MAX));
  });
  if (files.dataFile && !hasExtension(files.dataFile, ['.zip']))
    set('data_file', CATALOGUE_MESSAGES.dataFileZip);
  if (files.dictionary && !hasExtension(files.dictionary, ['.pdf', '.xlsx']))
    set('public_data_dictionary', CATALOGUE_MESSAGES.dictionaryType);
  if (files.releaseNotes && !hasExtension(files.releaseNotes, RELEASE_NOTES_EXTENSIONS))
    set('public_release_notes', CATALOGUE_MESSAGES.releaseNotesType);
  const located = hasDatasetLocation({
    data_file: files.dataFile || existingDataFile ? 1 : null,
    globus_locations: values.globus_locations,
    data_access: values.data_access.trim() || null,
  });
  if (!located) set('form', CATALOGUE_MESSAGES.locationRequired);
  return errors;
}

const optionalText = (value: string) => value.trim() || null;
const optionalCount = (value: string) => (value.trim() === '' ? null : Number(value.trim()));

/** The body of POST dataset/ or a new version: every field, numbers coerced (staff §5). */
export function datasetPayload(values: DatasetValues, dataFileId: number | null): CreateDataset {
  return {
    name: values.name.trim(),
    description: values.description,
    cohort: values.cohort ? Number(values.cohort) : null,
    type: Number(values.type),
    origin: Number(values.origin),
    release_date: values.release_date,
    available: values.available,
    limited: values.limited,
    data_file: dataFileId,
    data_access: optionalText(values.data_access),
    gpf_accessible: values.gpf_accessible,
    gpf_group: optionalText(values.gpf_group),
    gpf_dataset_id: optionalText(values.gpf_dataset_id),
    globus_group_id: optionalText(values.globus_group_id),
    globus_locations: values.globus_locations.map((row) => ({
      endpoint_id: row.endpoint_id.trim(),
      endpoint_name: row.endpoint_name.trim(),
      location: row.location.trim(),
    })),
    accession_id: optionalText(values.accession_id),
    file_size: optionalText(values.file_size),
    ...(values.order.trim() ? { order: Number(values.order.trim()) } : {}),
    asd_participants: optionalCount(values.asd_participants),
    control_participants: optionalCount(values.control_participants),
    families: optionalCount(values.families),
    related_datasets: values.related_datasets,
    change_notes: optionalText(values.change_notes),
  };
}

/** Only the fields that changed, for PATCH dataset/{id}/ (edit details). */
export function changedFields(before: CreateDataset, after: CreateDataset): Partial<CreateDataset> {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof CreateDataset)[]) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) changes[key] = after[key];
  }
  return changes as Partial<CreateDataset>;
}

/** The first message of each field of a 400 (staff §5 "the first message is shown"). */
export function serverFieldErrors(body: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) {
      if (typeof value[0] === 'string') {
        errors[path] = value[0];
        return;
      }
      value.forEach((item, index) => walk(item, `${path}.${index}`));
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key);
    }
  };
  for (const [key, value] of Object.entries(body)) {
    if (key === 'correlation_id' || key === 'detail' || key === 'code') continue;
    walk(value, key);
  }
  return errors;
}

/** Sorted e-mail addresses from free text: split on commas, semicolons, spaces and new lines. */
export function parseEmails(value: string): string[] {
  return value
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

export const isPublicOnly = (dataset: DatasetDto | PublicDatasetDto): dataset is PublicDatasetDto =>
  !('permissions' in dataset);

/** mm/dd/yyyy → YYYY-MM-DD, or null when the text is not a real date. */
export function parseUsDate(text: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [, month, day, year] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null;
  return `${year}-${month}-${day}`;
}

export const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
