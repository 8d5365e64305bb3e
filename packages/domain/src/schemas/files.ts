import { z } from 'zod';
import { idListTextSchema, idTextSchema, MAX_ID } from './safe-input';
import { DATASET_FILE_TYPES } from './catalogue';
import { TISSUE_DOCUMENT } from '../constants/tissue';
import { LIMITS } from '../constants/limits';
import { fileSchema } from './institutions';

/**
 * The kinds of file `POST file/` takes: each is owned by a module's `FileTypePolicy` that lets
 * someone create it (registered in app.ts; an API test keeps the two lists equal). `rda` is
 * registered too, but RDAs are generated, never uploaded.
 */
export const UPLOADABLE_FILE_TYPES = [
  'irb',
  DATASET_FILE_TYPES.dataFile,
  DATASET_FILE_TYPES.dataDictionary,
  DATASET_FILE_TYPES.releaseNotes,
  'rm_document',
  TISSUE_DOCUMENT,
  'decision_docs',
] as const;

/** Messages of the files API (foundation §7 and §8; the ones the spec does not word are ours). */
export const FILE_MESSAGES = {
  virusFound: (name: string) => `File ${name} did not pass virus scan`,
  uploadFailed: 'Uploading file failed',
  notMultipart: 'Send the file as multipart/form-data.',
  fileRequired: 'Choose a file to upload.',
  oneFileOnly: 'Upload one file at a time.',
  emptyFile: 'The file is empty.',
  tooLarge: (name: string, bytes: number) =>
    `File ${name} is larger than the upload limit of ${Math.floor(bytes / (1024 * 1024))} MB.`,
  typeRequired: 'Choose the kind of file.',
  typeNotUploadable: (type: string) =>
    `Files of type "${type}" cannot be uploaded. Choose one of: ${UPLOADABLE_FILE_TYPES.join(', ')}.`,
  creatorNotSelf: 'Files are uploaded in your own name.',
  invalidJson: 'Enter a JSON object.',
  invalidId: 'Enter a whole number.',
  nameTooLong: `Ensure this field has no more than ${LIMITS.files.nameMaxLength} characters.`,
  mustBePdf: 'The file must be a PDF.',
  scannerUnavailable: 'Files cannot be scanned for viruses right now. Please try again later.',
  selectedFiles: `Enter a comma-separated list of up to ${LIMITS.files.zipMaxFiles} file ids.`,
  zipName: 'Enter a file name of up to 100 characters.',
  zipLookup: 'Give either zip_file_name or id.',
  zipNotFound: 'The archive was not found.',
  notAZip: 'The file is not a zip archive.',
  zipUnreadable: 'The archive could not be read.',
  sentTwice: 'Send this field once: at the top level or inside additional_data.',
} as const;

/** A number in a form field: digits, or nothing for "none". */
const formId = z
  .string()
  .trim()
  .max(15)
  .regex(/^(\d*|null)$/, { error: FILE_MESSAGES.invalidId })
  .transform((value) => (value === '' || value === 'null' ? null : Number(value)))
  .refine((value) => value === null || (value > 0 && value <= MAX_ID), { error: FILE_MESSAGES.invalidId });

/** additional_data: a JSON object sent as a string in a form field. */
const jsonObject = z
  .string()
  .max(LIMITS.files.metadataBytes)
  .transform((value, context) => {
    if (value.trim() === '') return {};
    try {
      const parsed: unknown = JSON.parse(value);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        return parsed as Record<string, unknown>;
    } catch {
      // reported below
    }
    context.addIssue({ code: 'custom', message: FILE_MESSAGES.invalidJson });
    return z.NEVER;
  });

/**
 * The text fields of `POST file/` (multipart, foundation §7): name, type, creator,
 * additional_data, project, institution, dataset. The bytes come in the `file` part.
 */
export const uploadFileFieldsSchema = z.strictObject({
  name: z.string().trim().max(LIMITS.files.nameMaxLength, { error: FILE_MESSAGES.nameTooLong }).optional(),
  type: z
    .string({ error: FILE_MESSAGES.typeRequired })
    .trim()
    .min(1, { error: FILE_MESSAGES.typeRequired })
    .max(50)
    .regex(/^[a-z0-9_-]+$/i, { error: FILE_MESSAGES.typeRequired }),
  creator: formId.optional(),
  additional_data: jsonObject.optional(),
  project: formId.optional(),
  institution: formId.optional(),
  dataset: formId.optional(),
  /** The request a file belongs to (e.g. `decision_docs` of a decision e-mail). */
  request: formId.optional(),
});
export type UploadFileFields = z.infer<typeof uploadFileFieldsSchema>;

/**
 * POST file/'s form as the OpenAPI document shows it: `type` is one of the uploadable kinds. The
 * service refuses any other kind, naming these (`typeNotUploadable`), by the registered policies.
 */
export const uploadFileFormSchema = uploadFileFieldsSchema.extend({ type: z.enum(UPLOADABLE_FILE_TYPES) });

/** The text fields of a multipart `PATCH file/{id}/`: a new name, metadata for the owning module. */
export const replaceFileFieldsSchema = z
  .object({
    name: z.string().trim().max(LIMITS.files.nameMaxLength, { error: FILE_MESSAGES.nameTooLong }).optional(),
    additional_data: jsonObject.optional(),
  })
  .catchall(z.string().max(LIMITS.files.metadataBytes));

/**
 * The metadata of a `PATCH file/{id}/` as one flat object: the fields sent inside
 * `additional_data` (where the spec puts them) with those sent beside it (the product's forms).
 * Names sent in both places with different values are reported; a multipart form's "2" and
 * JSON's 2 are the same value.
 */
export function flattenAdditionalData(body: Record<string, unknown>): {
  fields: Record<string, unknown>;
  errors: Record<string, string[]>;
} {
  const { additional_data: nested, ...fields } = body;
  if (nested === undefined || nested === null) return { fields, errors: {} };
  if (typeof nested !== 'object' || Array.isArray(nested)) {
    return { fields, errors: { additional_data: [FILE_MESSAGES.invalidJson] } };
  }
  const same = (a: unknown, b: unknown) =>
    typeof a === 'object' || typeof b === 'object'
      ? JSON.stringify(a) === JSON.stringify(b)
      : String(a) === String(b);
  const errors: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(nested)) {
    if (name in fields && !same(fields[name], value)) errors[name] = [FILE_MESSAGES.sentTwice];
  }
  return { fields: { ...fields, ...nested }, errors };
}

/** `GET file/download/`: the files to zip and the archive's name. */
export const downloadFilesQuerySchema = z.strictObject({
  selected_files: idListTextSchema(FILE_MESSAGES.selectedFiles).refine(
    (ids) => ids.length <= LIMITS.files.zipMaxFiles,
    { error: FILE_MESSAGES.selectedFiles },
  ),
  zip_file_name: z
    .string()
    .trim()
    .min(1, { error: FILE_MESSAGES.zipName })
    .max(100, { error: FILE_MESSAGES.zipName })
    .optional(),
});

/** `GET file/list_files/`: the archive by name (the newest one the caller may read) or by id. */
export const listZipQuerySchema = z
  .strictObject({
    zip_file_name: z.string().trim().min(1).max(LIMITS.files.nameMaxLength).optional(),
    id: idTextSchema().optional(),
  })
  .refine((query) => (query.zip_file_name === undefined) !== (query.id === undefined), {
    error: FILE_MESSAGES.zipLookup,
  });

export const zipEntrySchema = z.object({ title: z.string(), is_dir: z.boolean() });
export type ZipEntry = z.infer<typeof zipEntrySchema>;

/** The answer of `file/list_files`: the entries, or `{message}` when they cannot be listed. */
export const listZipResponseSchema = z.union([z.array(zipEntrySchema), z.object({ message: z.string() })]);

/** A row of `GET file/`: the file, with its creator inlined when asked (`expand=creator`). */
export const fileListItemSchema = fileSchema.extend({
  creator: z.union([z.number(), z.object({ id: z.number(), display_name: z.string() })]).nullable(),
});
export type FileListItemDto = z.infer<typeof fileListItemSchema>;
