import { z } from 'zod';
import { MAX_ID } from './safe-input';
import { emailSchema } from './common';
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

const trimmedOptional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: CATALOGUE_MESSAGES.tooLong(max) })
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));

const uuidOptional = z
  .string()
  .trim()
  .refine((value) => value === '' || isUuid(value), { error: CATALOGUE_MESSAGES.invalidUuid })
  .nullish()
  .transform((value) => (value === undefined ? undefined : value ? value.toLowerCase() : null));

/** A number from a form: "3" or 3; "" and null are "none". */
const optionalCount = z.preprocess(
  (value) => (typeof value === 'string' ? (value.trim() === '' ? null : Number(value)) : value),
  z
    .number({ error: CATALOGUE_MESSAGES.notANumber })
    .int({ error: CATALOGUE_MESSAGES.notANumber })
    .min(0, { error: 'Ensure this value is greater than or equal to 0.' })
    .max(2_000_000_000, { error: CATALOGUE_MESSAGES.notANumber })
    .nullish(),
);

const fileId = z.number().int().positive().max(MAX_ID).nullish();

const coercedChoice = <T extends number>(ids: readonly T[], message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: message })
      .refine((value) => (ids as readonly number[]).includes(value), { error: message }),
  );

export const globusLocationInputSchema = z.object({
  endpoint_id: z
    .string({ error: CATALOGUE_MESSAGES.invalidUuid })
    .trim()
    .refine(isUuid, { error: CATALOGUE_MESSAGES.invalidUuid })
    .transform((value) => value.toLowerCase()),
  endpoint_name: z
    .string({ error: CATALOGUE_MESSAGES.requiredField })
    .trim()
    .min(1, { error: CATALOGUE_MESSAGES.requiredField })
    .max(ENDPOINT_NAME_MAX, { error: CATALOGUE_MESSAGES.tooLong(ENDPOINT_NAME_MAX) }),
  location: z
    .string({ error: CATALOGUE_MESSAGES.requiredField })
    .trim()
    .min(1, { error: CATALOGUE_MESSAGES.requiredField })
    .max(LOCATION_MAX, { error: CATALOGUE_MESSAGES.tooLong(LOCATION_MAX) }),
});
export type GlobusLocationInput = z.output<typeof globusLocationInputSchema>;

const releaseDate = z.iso.date({ error: CATALOGUE_MESSAGES.requiredField });

/** Every field of the dataset form; create and new version require name, type, origin, release date. */
const datasetFields = {
  name: z
    .string({ error: CATALOGUE_MESSAGES.requiredField })
    .trim()
    .min(1, { error: CATALOGUE_MESSAGES.requiredField })
    .max(DATASET_NAME_MAX, { error: CATALOGUE_MESSAGES.tooLong(DATASET_NAME_MAX) }),
  /** HTML; sanitised on the server. */
  description: z
    .string()
    .max(DESCRIPTION_MAX, { error: CATALOGUE_MESSAGES.tooLong(DESCRIPTION_MAX) })
    .nullish()
    .transform((value) => (value === undefined ? undefined : (value ?? ''))),
  cohort: z.number().int().positive().max(MAX_ID).nullish(),
  type: coercedChoice([1, 2, 3], 'Choose the dataset type.'),
  origin: coercedChoice([1, 2, 3], 'Choose the dataset origin.'),
  release_date: releaseDate,
  available: z.boolean().optional(),
  limited: z.boolean().optional(),
  data_file: fileId,
  data_access: trimmedOptional(DATA_ACCESS_MAX),
  gpf_accessible: z.boolean().optional(),
  gpf_group: trimmedOptional(GPF_FIELD_MAX),
  gpf_dataset_id: trimmedOptional(GPF_FIELD_MAX),
  globus_group_id: uuidOptional,
  globus_locations: z.array(globusLocationInputSchema).max(50).optional(),
  accession_id: trimmedOptional(ACCESSION_ID_MAX),
  file_size: trimmedOptional(FILE_SIZE_MAX),
  order: z.preprocess(
    (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value)) : value),
    z
      .number({ error: CATALOGUE_MESSAGES.notANumber })
      .int({ error: CATALOGUE_MESSAGES.notANumber })
      .min(0, { error: 'Ensure this value is greater than or equal to 0.' })
      .max(1_000_000, { error: CATALOGUE_MESSAGES.notANumber })
      .optional(),
  ),
  public_data_dictionary: fileId,
  public_release_notes: fileId,
  asd_participants: optionalCount,
  control_participants: optionalCount,
  families: optionalCount,
  /** dataset_id (UUID) of each related dataset. */
  related_datasets: z
    .array(z.string().trim().refine(isUuid, { error: CATALOGUE_MESSAGES.invalidUuid }))
    .max(100)
    .optional(),
  change_notes: trimmedOptional(CHANGE_NOTES_MAX),
};

/**
 * allowed_users: a list of e-mail addresses (researcher §7 "PATCH dataset or sample-type {id} with
 * allowed_users"). One invalid address refuses the whole list.
 */
export const allowedUsersSchema = z
  .array(z.string({ error: MESSAGES.invalidEmail }).max(255))
  .max(1000)
  .transform((emails, ctx) => {
    const cleaned = emails.map((email) => email.trim()).filter((email) => email !== '');
    const invalid = cleaned.filter((email) => !emailSchema.safeParse(email).success);
    if (invalid.length > 0) {
      ctx.addIssue({ code: 'custom', message: CATALOGUE_MESSAGES.invalidEmails(invalid) });
      return z.NEVER;
    }
    return [...new Set(cleaned.map((email) => email.toLowerCase()))];
  });

/** True when the dataset offers at least one of a data file, a Globus location or S3 data access. */
export function hasDatasetLocation(data: {
  data_file?: number | null;
  globus_locations?: readonly unknown[] | null;
  data_access?: string | null;
}): boolean {
  return Boolean(data.data_file) || (data.globus_locations?.length ?? 0) > 0 || Boolean(data.data_access);
}

const requireLocation = (
  data: {
    data_file?: number | null;
    globus_locations?: readonly unknown[] | null;
    data_access?: string | null;
  },
  ctx: z.RefinementCtx,
) => {
  if (!hasDatasetLocation(data)) {
    ctx.addIssue({
      code: 'custom',
      path: ['non_field_errors'],
      message: CATALOGUE_MESSAGES.locationRequired,
    });
  }
};

/**
 * POST dataset/: a new dataset (staff §5). The data file is uploaded first (POST file/ with type
 * `dataset_file`) and sent here by id; the data dictionary and release notes may be uploaded after
 * create (POST file/ with `dataset`), which attaches them.
 */
export const createDatasetSchema = z
  .strictObject({
    ...datasetFields,
    /** As the spec reads it, a POST with `parent` makes a new version of that (latest) version. */
    parent: z.number().int().positive().max(MAX_ID).nullish(),
  })
  .superRefine(requireLocation);
export type CreateDataset = z.output<typeof createDatasetSchema>;

/** POST dataset/{id}/new_version/: the whole form again; version = parent's + 1. */
export const newDatasetVersionSchema = z.strictObject(datasetFields).superRefine(requireLocation);
export type NewDatasetVersion = z.output<typeof newDatasetVersionSchema>;

/** PATCH dataset/{id}/: changed fields only (edit details). The location rule applies to the result. */
export const updateDatasetSchema = z.strictObject({
  name: datasetFields.name.optional(),
  description: datasetFields.description,
  cohort: datasetFields.cohort,
  type: datasetFields.type.optional(),
  origin: datasetFields.origin.optional(),
  release_date: releaseDate.optional(),
  available: datasetFields.available,
  limited: datasetFields.limited,
  data_file: datasetFields.data_file,
  data_access: datasetFields.data_access,
  gpf_accessible: datasetFields.gpf_accessible,
  gpf_group: datasetFields.gpf_group,
  gpf_dataset_id: datasetFields.gpf_dataset_id,
  globus_group_id: datasetFields.globus_group_id,
  globus_locations: datasetFields.globus_locations,
  accession_id: datasetFields.accession_id,
  file_size: datasetFields.file_size,
  order: datasetFields.order,
  public_data_dictionary: datasetFields.public_data_dictionary,
  public_release_notes: datasetFields.public_release_notes,
  asd_participants: datasetFields.asd_participants,
  control_participants: datasetFields.control_participants,
  families: datasetFields.families,
  related_datasets: datasetFields.related_datasets,
  change_notes: datasetFields.change_notes,
  /** Restricted resources: the e-mail addresses of the users allowed to request it. */
  allowed_users: allowedUsersSchema.optional(),
});
export type UpdateDataset = z.output<typeof updateDatasetSchema>;

/** PATCH sample-type/{id}/: allowed users (restricted resources), the limited flag, availability. */
export const updateSampleTypeSchema = z.strictObject({
  allowed_users: allowedUsersSchema.optional(),
  limited: z.boolean().optional(),
  available: z.boolean().optional(),
});
export type UpdateSampleType = z.output<typeof updateSampleTypeSchema>;

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

const personRef = z.object({
  id: z.number(),
  display_name: z.string(),
  email: z.string(),
});

/** A dataset access record (researcher §3): per user, dataset and channel, granted or revoked. */
export const datasetAccessSchema = z.object({
  id: z.number(),
  user: z.union([z.number(), personRef]),
  dataset: z.union([z.number(), z.object({ id: z.number(), dataset_id: z.string(), name: z.string() })]),
  access_type: z.enum(DATASET_ACCESS_TYPES),
  status: z.enum(DATASET_ACCESS_STATUSES),
  request_id: z.number().nullable(),
  created: z.string(),
  modified: z.string(),
});
export type DatasetAccessDto = z.infer<typeof datasetAccessSchema>;

const accessType = z.enum(DATASET_ACCESS_TYPES, { error: 'Choose Globus, AWS, GPF or Other.' });
const accessStatus = z.enum(DATASET_ACCESS_STATUSES, { error: 'Choose granted or revoked.' });

/** POST datasetaccess/: user, dataset, access_type, status (an existing record of the same channel is updated). */
export const createDatasetAccessSchema = z.strictObject({
  user: z
    .number({ error: CATALOGUE_MESSAGES.requiredField })
    .int()
    .positive()
    .max(MAX_ID, { error: CATALOGUE_MESSAGES.unknownUser }),
  dataset: z
    .number({ error: CATALOGUE_MESSAGES.requiredField })
    .int()
    .positive()
    .max(MAX_ID, { error: CATALOGUE_MESSAGES.unknownDataset }),
  access_type: accessType,
  status: accessStatus,
  request_id: z.number().int().positive().max(MAX_ID).nullish(),
});
export type CreateDatasetAccess = z.output<typeof createDatasetAccessSchema>;

/** PATCH datasetaccess/{id}/: status, access_type, request_id. */
export const updateDatasetAccessSchema = z.strictObject({
  status: accessStatus.optional(),
  access_type: accessType.optional(),
  request_id: z.number().int().positive().max(MAX_ID).nullish(),
});
export type UpdateDatasetAccess = z.output<typeof updateDatasetAccessSchema>;

/** GET dataset/{id}/researchers/: a researcher the dataset access page lists. */
export const datasetResearcherSchema = z.object({
  id: z.number(),
  display_name: z.string(),
  email: z.string(),
});
export type DatasetResearcherDto = z.infer<typeof datasetResearcherSchema>;

/** GET public/user/: a researcher with an approved (or fulfilled) dataset request. */
export const publicResearcherSchema = z.object({
  id: z.number(),
  name: z.string(),
  institution_name: z.string().nullable(),
});
export type PublicResearcherDto = z.infer<typeof publicResearcherSchema>;

/** GET public/user/{id}/: the researcher's approved projects, their datasets and team. */
export const publicResearcherProfileSchema = publicResearcherSchema.extend({
  projects: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      abstract: z.string(),
      datasets: z.array(relatedDatasetSchema),
      team: z.array(
        z.object({ name: z.string(), role: z.string(), institution_name: z.string().nullable() }),
      ),
    }),
  ),
});
export type PublicResearcherProfileDto = z.infer<typeof publicResearcherProfileSchema>;

export const NO_APPROVED_DATASET_REQUESTS = 'No approved genetic dataset requests found';
