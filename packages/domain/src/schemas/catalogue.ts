import { z } from 'zod';
import { MESSAGES } from './messages';

/**
 * The resource catalogue (researcher §3 Dataset / Sample type / Dataset access record, staff §3
 * dataset / datasetaccess, §5 "Dataset form and new version"). Messages are the spec's, verbatim,
 * where it words them.
 */
export const CATALOGUE_MESSAGES = {
  locationRequired: 'Data File, Globus Location, or Data Access (S3 Location) are required',
  invalidUuid: 'Not a valid UUID',
  requiredField: MESSAGES.requiredField,
  tooLong: (max: number) => `Ensure this field has no more than ${max} characters.`,
  notLatest: 'Only the latest version of a dataset can be edited or versioned.',
  invalidEmails: (emails: string[]) => `These are not valid e-mail addresses: ${emails.join(', ')}`,
  unknownUsers: (emails: string[]) => `No account uses these e-mail addresses: ${emails.join(', ')}`,
  noGlobus: 'This dataset is not shared through Globus: it has no Globus group or locations.',
  noAws: 'This dataset has no data access (S3 location), so AWS access cannot be granted.',
  noGpf: 'This dataset is not GPF accessible, so GPF access cannot be granted.',
  unknownDataset: 'Dataset not found.',
  unknownUser: 'User not found.',
  unknownCohort: 'Cohort not found.',
  unknownRelated: 'One or more related datasets were not found.',
  dataFileZip: 'The data file must be a .zip file.',
  dictionaryType: 'The data dictionary must be a .pdf or .xlsx file.',
  releaseNotesType: 'The release notes must be a .pdf, .docx, .txt or .md file.',
  wrongFileType: (expected: string) => `The file must be uploaded as a ${expected} file.`,
  fileNotFound: 'File not found.',
  notANumber: 'A valid integer is required.',
} as const;

export const DATASET_NAME_MAX = 255;
export const ACCESSION_ID_MAX = 100;
export const FILE_SIZE_MAX = 10;
export const GPF_FIELD_MAX = 100;
export const ENDPOINT_NAME_MAX = 40;
export const LOCATION_MAX = 100;
export const DATA_ACCESS_MAX = 1024;
export const CHANGE_NOTES_MAX = 5000;
export const DESCRIPTION_MAX = 100_000;
/** Datasets and dataset-access fetch limit (researcher §9). */
export const CATALOGUE_FETCH_LIMIT = 1000;
/** Dataset table page size (staff §9). */
export const DATASET_PAGE_SIZE = 50;

/** Dataset type ids (staff §9). */
export const DATASET_TYPES = { 1: 'Phenotype', 2: 'Genetic', 3: 'Imaging' } as const;
export type DatasetTypeId = keyof typeof DATASET_TYPES;
/** Dataset origin ids (staff §9); Simons Foundation gets a badge. */
export const DATASET_ORIGINS = { 1: 'Simons Foundation', 2: 'Curated', 3: 'External' } as const;
export type DatasetOriginId = keyof typeof DATASET_ORIGINS;

/** Dataset access channels (researcher §3, staff §9). */
export const DATASET_ACCESS_TYPES = ['Globus', 'AWS', 'GPF', 'Other'] as const;
export type DatasetAccessType = (typeof DATASET_ACCESS_TYPES)[number];
export const DATASET_ACCESS_STATUSES = ['granted', 'revoked'] as const;
export type DatasetAccessStatus = (typeof DATASET_ACCESS_STATUSES)[number];

/** What people read for an access status (the API's values are lower-case keys). */
export const DATASET_ACCESS_STATUS_LABELS: Record<DatasetAccessStatus, string> = {
  granted: 'Granted',
  revoked: 'Revoked',
};

/** The six sample types (researcher §3 "Biospecimen request forms"): name and form code. */
export const SAMPLE_TYPES = [
  { name: 'iPSC', type: 'ipsc' },
  { name: 'Plasma', type: 'plasma' },
  { name: 'Fibroblast', type: 'fibroblast' },
  { name: 'LCL', type: 'lcl' },
  { name: 'DNA', type: 'dna' },
  { name: 'LCL DNA', type: 'lcl_dna' },
] as const;
export type SampleTypeCode = (typeof SAMPLE_TYPES)[number]['type'];

/** File types of the catalogue (POST file/ `type`). */
export const DATASET_FILE_TYPES = {
  dataFile: 'dataset_file',
  dataDictionary: 'data_dictionary',
  releaseNotes: 'release_notes',
} as const;

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID_PATTERN.test(value.trim());

/** Globus group URL shown with a dataset's Globus group id. */
export const globusGroupUrl = (groupId: string): string => `https://app.globus.org/groups/${groupId}/about`;

const ref = z.object({ id: z.number(), name: z.string() });
const fileRef = z.object({ id: z.number(), name: z.string(), file: z.string() });

export const globusLocationSchema = z.object({
  endpoint_id: z.string(),
  endpoint_name: z.string(),
  location: z.string(),
});
export type GlobusLocation = z.infer<typeof globusLocationSchema>;

export const relatedDatasetSchema = z.object({ id: z.number(), dataset_id: z.string(), name: z.string() });
export type RelatedDatasetDto = z.infer<typeof relatedDatasetSchema>;

/** A version in a dataset's version history (admin, superuser and access admin only). */
export const datasetVersionSchema = z.object({
  id: z.number(),
  version: z.number(),
  release_date: z.string().nullable(),
  change_notes: z.string().nullable(),
  is_latest: z.boolean(),
  created: z.string(),
});
export type DatasetVersionDto = z.infer<typeof datasetVersionSchema>;

/**
 * A dataset as GET dataset/ answers (staff §3). `dataset_id` is a UUID shared by every version;
 * `id` is the version's own row. Fields only staff may see (`data_access`, `data_file`, Globus and
 * GPF ids, `versions`) are null or empty for others; `allowed_users` holds only the caller's own
 * address for others, when they are on the list (decision 090).
 * `cohort` is the cohort's id, or `{id, name}` with `expand=cohort`.
 */
export const datasetSchema = z.object({
  id: z.number(),
  dataset_id: z.string(),
  name: z.string(),
  description: z.string(),
  cohort: z.union([z.number(), ref]).nullable(),
  cohort_name: z.string().nullable(),
  type: z.number(),
  type_name: z.string(),
  origin: z.number(),
  origin_name: z.string(),
  version: z.number(),
  parent: z.number().nullable(),
  is_latest: z.boolean(),
  release_date: z.string().nullable(),
  available: z.boolean(),
  /** Restricted resource: only `allowed_users` (and staff) may request it. */
  limited: z.boolean(),
  data_file: z.union([z.number(), fileRef]).nullable(),
  data_access: z.string().nullable(),
  gpf_accessible: z.boolean(),
  gpf_group: z.string().nullable(),
  gpf_dataset_id: z.string().nullable(),
  globus_group_id: z.string().nullable(),
  globus_group_url: z.string().nullable(),
  globus_locations: z.array(globusLocationSchema),
  accession_id: z.string().nullable(),
  file_size: z.string().nullable(),
  order: z.number(),
  public_data_dictionary: fileRef.nullable(),
  public_release_notes: fileRef.nullable(),
  asd_participants: z.number().nullable(),
  control_participants: z.number().nullable(),
  families: z.number().nullable(),
  related_datasets: z.array(relatedDatasetSchema),
  change_notes: z.string().nullable(),
  /** Channels the dataset offers (Globus, AWS, GPF), derived from its fields. */
  access_types: z.array(z.enum(DATASET_ACCESS_TYPES)),
  /** Whether the caller has an approved (or fulfilled) request for this dataset. */
  approved: z.boolean(),
  allowed_users: z.array(z.string()),
  versions: z.array(datasetVersionSchema),
  created: z.string(),
  modified: z.string(),
  permissions: z.array(z.string()),
});
export type DatasetDto = z.infer<typeof datasetSchema>;

/** A dataset as visitors see it (GET public/dataset/): no internal fields. */
export const publicDatasetSchema = z.object({
  id: z.number(),
  dataset_id: z.string(),
  name: z.string(),
  description: z.string(),
  cohort: ref.nullable(),
  type: z.number(),
  type_name: z.string(),
  origin: z.number(),
  origin_name: z.string(),
  version: z.number(),
  release_date: z.string().nullable(),
  accession_id: z.string().nullable(),
  file_size: z.string().nullable(),
  order: z.number(),
  public_data_dictionary: fileRef.nullable(),
  public_release_notes: fileRef.nullable(),
  asd_participants: z.number().nullable(),
  control_participants: z.number().nullable(),
  families: z.number().nullable(),
  related_datasets: z.array(relatedDatasetSchema),
  access_types: z.array(z.enum(DATASET_ACCESS_TYPES)),
});
export type PublicDatasetDto = z.infer<typeof publicDatasetSchema>;

/** A sample type (researcher §3): name, limited flag, form code, allowed users, cohorts. */
export const sampleTypeSchema = z.object({
  id: z.number(),
  name: z.string(),
  limited: z.boolean(),
  type: z.string(),
  available: z.boolean(),
  allowed_users: z.array(z.string()),
  cohorts: z.array(z.union([z.number(), ref])),
  permissions: z.array(z.string()),
});
export type SampleTypeDto = z.infer<typeof sampleTypeSchema>;
