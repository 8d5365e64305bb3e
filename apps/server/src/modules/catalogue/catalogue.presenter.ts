import {
  can,
  DATASET_ORIGINS,
  DATASET_TYPES,
  globusGroupUrl,
  permissionsFor,
  type Actor,
  type DatasetAccessDto,
  type DatasetAccessType,
  type DatasetDto,
  type DatasetVersionDto,
  type PublicDatasetDto,
  type RelatedDatasetDto,
  type SampleTypeDto,
} from '@rrp/domain';
import type { DatasetListRow, DatasetRow, FileRef } from './catalogue.repo';
import type { DatasetAccessListRow } from './dataset-access.repo';
import type { SampleTypeRow } from './sample-types.repo';

/** The channels a dataset offers, from its fields (staff §5; researcher §6 cloud access matrix). */
export function accessTypesOf(
  row: Pick<DatasetRow, 'globusGroupId' | 'globusLocations' | 'dataAccess' | 'gpfAccessible'>,
): DatasetAccessType[] {
  const types: DatasetAccessType[] = [];
  if (row.globusGroupId || row.globusLocations.length > 0) types.push('Globus');
  if (row.dataAccess) types.push('AWS');
  if (row.gpfAccessible) types.push('GPF');
  return types;
}

/** Whether the caller sees a dataset's UUID, version history and internal storage fields. */
export const seesInternals = (actor: Actor | null) => can(actor, 'read', 'DatasetInternal');

/** Everything the presenters read besides the row itself, loaded once per page. */
export interface DatasetExtras {
  files: Map<number, FileRef>;
  related: Map<string, { id: number; datasetId: string; name: string }>;
  versions: Map<string, DatasetVersionDto[]>;
  allowedUsers: Map<number, string[]>;
  approved: Set<string>;
}

const fileLink = (file: FileRef | undefined, url: (id: number) => string) =>
  file ? { id: file.id, name: file.name, file: url(file.id) } : null;

const privateFileUrl = (id: number) => `/api/file/${id}/download/`;

function related(row: DatasetRow, extras: DatasetExtras): RelatedDatasetDto[] {
  return row.relatedDatasetIds.flatMap((uuid) => {
    const found = extras.related.get(uuid);
    return found ? [{ id: found.id, dataset_id: found.datasetId, name: found.name }] : [];
  });
}

export function presentDataset(
  actor: Actor | null,
  { dataset: row, cohortName }: DatasetListRow,
  extras: DatasetExtras,
  expand: ReadonlySet<string>,
): DatasetDto {
  const internal = seesInternals(actor);
  const dataFile = row.dataFileId !== null ? extras.files.get(row.dataFileId) : undefined;
  const permissions = permissionsFor(actor, 'Dataset', {}).filter(
    // Only the latest version can be edited or versioned (staff §4.7).
    (action) => action !== 'update' || row.isLatest,
  );
  return {
    id: row.id,
    dataset_id: row.datasetId,
    name: row.name,
    description: row.description,
    cohort:
      row.cohortId === null
        ? null
        : expand.has('cohort')
          ? { id: row.cohortId, name: cohortName ?? '' }
          : row.cohortId,
    cohort_name: cohortName,
    type: row.typeId,
    type_name: DATASET_TYPES[row.typeId as 1] ?? 'Unknown',
    origin: row.originId,
    origin_name: DATASET_ORIGINS[row.originId as 1] ?? 'Unknown',
    version: row.version,
    parent: row.parentId,
    is_latest: row.isLatest,
    release_date: row.releaseDate,
    available: row.available,
    limited: row.limited,
    data_file:
      internal && dataFile
        ? expand.has('data_file')
          ? fileLink(dataFile, privateFileUrl)
          : dataFile.id
        : null,
    data_access: internal ? row.dataAccess : null,
    gpf_accessible: row.gpfAccessible,
    gpf_group: internal ? row.gpfGroup : null,
    gpf_dataset_id: internal ? row.gpfDatasetId : null,
    globus_group_id: internal ? row.globusGroupId : null,
    globus_group_url: internal && row.globusGroupId ? globusGroupUrl(row.globusGroupId) : null,
    globus_locations: internal ? row.globusLocations : [],
    accession_id: row.accessionId,
    file_size: row.fileSize,
    order: row.order,
    public_data_dictionary: fileLink(
      row.publicDataDictionaryId !== null ? extras.files.get(row.publicDataDictionaryId) : undefined,
      privateFileUrl,
    ),
    public_release_notes: fileLink(
      row.publicReleaseNotesId !== null ? extras.files.get(row.publicReleaseNotesId) : undefined,
      privateFileUrl,
    ),
    asd_participants: row.asdParticipants,
    control_participants: row.controlParticipants,
    families: row.families,
    related_datasets: related(row, extras),
    change_notes: row.changeNotes,
    access_types: accessTypesOf(row),
    approved: extras.approved.has(row.datasetId),
    // The service loads every allowed user for staff, only the caller's own entry for others.
    allowed_users: extras.allowedUsers.get(row.id) ?? [],
    versions: internal ? (extras.versions.get(row.datasetId) ?? []) : [],
    created: row.created.toISOString(),
    modified: row.modified.toISOString(),
    permissions,
  };
}

/** The public download of a public dataset's dictionary or release notes. */
const publicFileUrl = (datasetId: number, kind: 'data_dictionary' | 'release_notes') =>
  `/api/public/dataset/${datasetId}/${kind}/`;

export function presentPublicDataset(
  { dataset: row, cohortName }: DatasetListRow,
  extras: Pick<DatasetExtras, 'files' | 'related'>,
): PublicDatasetDto {
  const dictionary =
    row.publicDataDictionaryId !== null ? extras.files.get(row.publicDataDictionaryId) : undefined;
  const notes = row.publicReleaseNotesId !== null ? extras.files.get(row.publicReleaseNotesId) : undefined;
  return {
    id: row.id,
    dataset_id: row.datasetId,
    name: row.name,
    description: row.description,
    cohort: row.cohortId === null ? null : { id: row.cohortId, name: cohortName ?? '' },
    type: row.typeId,
    type_name: DATASET_TYPES[row.typeId as 1] ?? 'Unknown',
    origin: row.originId,
    origin_name: DATASET_ORIGINS[row.originId as 1] ?? 'Unknown',
    version: row.version,
    release_date: row.releaseDate,
    accession_id: row.accessionId,
    file_size: row.fileSize,
    order: row.order,
    public_data_dictionary: fileLink(dictionary, () => publicFileUrl(row.id, 'data_dictionary')),
    public_release_notes: fileLink(notes, () => publicFileUrl(row.id, 'release_notes')),
    asd_participants: row.asdParticipants,
    control_participants: row.controlParticipants,
    families: row.families,
    related_datasets: related(row, {
      ...extras,
      versions: new Map(),
      allowedUsers: new Map(),
      approved: new Set(),
    }),
    access_types: accessTypesOf(row),
  };
}

export function presentSampleType(
  actor: Actor | null,
  row: SampleTypeRow,
  cohorts: { id: number; name: string }[],
  allowedUsers: string[],
  expand: ReadonlySet<string>,
): SampleTypeDto {
  return {
    id: row.id,
    name: row.name,
    limited: row.limited,
    type: row.type,
    available: row.available,
    // Editors get the whole list; others only their own address (the service filters it).
    allowed_users: allowedUsers,
    cohorts: expand.has('cohorts') ? cohorts : cohorts.map((cohort) => cohort.id),
    permissions: permissionsFor(actor, 'SampleType', {}),
  };
}

export function presentDatasetAccess(
  row: DatasetAccessListRow,
  expand: ReadonlySet<string>,
): DatasetAccessDto {
  const { access } = row;
  return {
    id: access.id,
    user: expand.has('user')
      ? {
          id: access.userId,
          display_name: `${row.userFirstName} ${row.userLastName}`.trim() || row.userEmail,
          email: row.userEmail,
        }
      : access.userId,
    dataset: expand.has('dataset')
      ? { id: access.datasetId, dataset_id: row.datasetUuid, name: row.datasetName }
      : access.datasetId,
    access_type: access.accessType as DatasetAccessType,
    status: access.status as 'granted' | 'revoked',
    request_id: access.requestId,
    created: access.created.toISOString(),
    modified: access.modified.toISOString(),
  };
}
