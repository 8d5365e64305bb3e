import { CATALOGUE_MESSAGES, type CreateDataset } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { ValidationError } from '../../platform/http/errors';
import { sanitizeRichText } from '../../platform/rich-text';
import * as repo from './catalogue.repo';

/** The catalogue's file types and the dataset column each fills. */
export const DATASET_FILE_FIELDS = {
  dataset_file: { field: 'data_file', column: 'dataFileId' },
  data_dictionary: { field: 'public_data_dictionary', column: 'publicDataDictionaryId' },
  release_notes: { field: 'public_release_notes', column: 'publicReleaseNotesId' },
} as const;
export type DatasetFileType = keyof typeof DATASET_FILE_FIELDS;

/** Whether `fileId` is a file of the right type that is free, or already this dataset's. */
async function checkFile(
  tx: DbOrTx,
  field: string,
  type: DatasetFileType,
  fileId: number | null | undefined,
  family: string | null,
) {
  if (fileId == null) return;
  const file = await repo.findFile(tx, fileId);
  if (!file) throw new ValidationError({ [field]: [CATALOGUE_MESSAGES.fileNotFound] });
  if (file.type !== type) {
    throw new ValidationError({ [field]: [CATALOGUE_MESSAGES.wrongFileType(type)] });
  }
  if (file.datasetId !== null) {
    const owner = await repo.findDataset(tx, { id: file.datasetId });
    // A file of another dataset is not this one's to take.
    if (owner && owner.dataset.datasetId !== family) {
      throw new ValidationError({ [field]: [CATALOGUE_MESSAGES.fileNotFound] });
    }
  }
}

/** Cohort, related datasets and files of a dataset form, checked against the database. */
export async function checkReferences(tx: DbOrTx, input: Partial<CreateDataset>, family: string | null) {
  if (input.cohort != null && !(await repo.cohortExists(tx, input.cohort))) {
    throw new ValidationError({ cohort: [CATALOGUE_MESSAGES.unknownCohort] });
  }
  if (input.related_datasets?.length) {
    const wanted = [...new Set(input.related_datasets.map((id) => id.toLowerCase()))];
    const found = await repo.latestByDatasetIds(tx, wanted);
    if (wanted.some((id) => !found.has(id) || id === family)) {
      throw new ValidationError({ related_datasets: [CATALOGUE_MESSAGES.unknownRelated] });
    }
  }
  await checkFile(tx, 'data_file', 'dataset_file', input.data_file, family);
  await checkFile(tx, 'public_data_dictionary', 'data_dictionary', input.public_data_dictionary, family);
  await checkFile(tx, 'public_release_notes', 'release_notes', input.public_release_notes, family);
}

/** The accounts behind an allowed-users list; one unknown address refuses the whole list. */
export async function allowedUserIds(tx: DbOrTx, emails: readonly string[]): Promise<number[]> {
  const accounts = await repo.usersByEmail(tx, emails);
  const unknown = emails.filter((email) => !accounts.has(email.toLowerCase()));
  if (unknown.length > 0)
    throw new ValidationError({ allowed_users: [CATALOGUE_MESSAGES.unknownUsers(unknown)] });
  return emails.map((email) => accounts.get(email.toLowerCase())!);
}

/** The files a dataset version points at. */
export const fileIdsOf = (row: repo.DatasetRow) =>
  [row.dataFileId, row.publicDataDictionaryId, row.publicReleaseNotesId].filter(
    (id): id is number => id !== null,
  );

/** The columns a dataset form's fields write (only those sent). */
export function columnsOf(input: Partial<CreateDataset>): Partial<repo.DatasetValues> {
  const values: Partial<repo.DatasetValues> = {};
  const set = <K extends keyof repo.DatasetValues>(key: K, value: repo.DatasetValues[K] | undefined) => {
    if (value !== undefined) values[key] = value;
  };
  set('name', input.name);
  if (input.description !== undefined) values.description = sanitizeRichText(input.description);
  set('cohortId', input.cohort === undefined ? undefined : (input.cohort ?? null));
  set('typeId', input.type);
  set('originId', input.origin);
  set('releaseDate', input.release_date);
  set('available', input.available);
  set('limited', input.limited);
  set('dataFileId', input.data_file === undefined ? undefined : (input.data_file ?? null));
  set('dataAccess', input.data_access);
  set('gpfAccessible', input.gpf_accessible);
  set('gpfGroup', input.gpf_group);
  set('gpfDatasetId', input.gpf_dataset_id);
  set('globusGroupId', input.globus_group_id);
  set('globusLocations', input.globus_locations);
  set('accessionId', input.accession_id);
  set('fileSize', input.file_size);
  set('order', input.order);
  set(
    'publicDataDictionaryId',
    input.public_data_dictionary === undefined ? undefined : (input.public_data_dictionary ?? null),
  );
  set(
    'publicReleaseNotesId',
    input.public_release_notes === undefined ? undefined : (input.public_release_notes ?? null),
  );
  set('asdParticipants', input.asd_participants === undefined ? undefined : (input.asd_participants ?? null));
  set(
    'controlParticipants',
    input.control_participants === undefined ? undefined : (input.control_participants ?? null),
  );
  set('families', input.families === undefined ? undefined : (input.families ?? null));
  set(
    'relatedDatasetIds',
    input.related_datasets?.map((id) => id.toLowerCase()),
  );
  set('changeNotes', input.change_notes);
  return values;
}
