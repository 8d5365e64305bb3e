import { z } from 'zod';
import { MAX_ID } from './safe-input';
import { emailSchema } from './common';
import { MESSAGES } from './messages';
import {
  ACCESSION_ID_MAX,
  CATALOGUE_MESSAGES,
  CHANGE_NOTES_MAX,
  DATA_ACCESS_MAX,
  DATASET_NAME_MAX,
  DESCRIPTION_MAX,
  ENDPOINT_NAME_MAX,
  FILE_SIZE_MAX,
  GPF_FIELD_MAX,
  isUuid,
  LOCATION_MAX,
} from './catalogue';

/** What the dataset form and the sample-type edit send (staff §5 "Dataset form and new version"). */
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
  ...datasetFields,
  name: datasetFields.name.optional(),
  type: datasetFields.type.optional(),
  origin: datasetFields.origin.optional(),
  release_date: releaseDate.optional(),
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
