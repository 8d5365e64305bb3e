import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { FILE_MESSAGES, type DatasetDto } from '@rrp/domain';
import { ApiError } from '@/lib/api-client';
import { openErrorModal } from '@/components/modals';
import { saveVersioned } from '@/components/versioned-save';
import { useCreateDataset, useNewDatasetVersion, useUpdateDataset } from '../api/catalogue';
import { changedFields, datasetPayload, datasetValues, serverFieldErrors, validateDataset } from '../rules';
import { DatasetDetailsCard } from './dataset-details-card';
import { DatasetDocumentsCard } from './dataset-documents-card';
import { useDatasetFormState, type DatasetFormMode } from './dataset-form-state';
import { DatasetLocationCard } from './dataset-location-card';
import { upload, UploadFailed } from './dataset-upload';
import { notify } from './notify';

const SUBMIT_LABEL: Record<DatasetFormMode, string> = {
  create: 'Create Dataset',
  edit_details: 'Save Details',
  new_version: 'Create New Version',
};

/** The form's label of each field it sends (the conflict dialog names them so). */
const DATASET_FIELD_LABELS: Record<string, string> = {
  accession_id: 'Accession id',
  asd_participants: 'ASD participants',
  control_participants: 'Control participants',
  data_access: 'Data access (S3 location)',
  data_file: 'Data file',
  globus_group_id: 'Globus group id',
  globus_locations: 'Globus locations',
  gpf_accessible: 'GPF accessible',
  gpf_dataset_id: 'GPF dataset id',
  gpf_group: 'GPF group',
  limited: 'Restricted',
};

const fileIdOf = (file: DatasetDto['data_file'] | undefined) =>
  file === null || file === undefined ? null : typeof file === 'object' ? file.id : file;

/** A dataset as the form sends it: what the conflict dialog compares the form's changes with. */
const payloadOf = (dataset: DatasetDto) =>
  datasetPayload(datasetValues(dataset), fileIdOf(dataset.data_file));

function confirmNewVersion(dataset: DatasetDto): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: 'Create a new version?',
      children: (
        <Text size="sm">
          This creates version {dataset.version + 1} of {dataset.name}. Version {dataset.version} stays in the
          version history and can no longer be edited.
        </Text>
      ),
      labels: { confirm: 'Create Version', cancel: 'Cancel' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

/**
 * The dataset form (staff §5 "Dataset form and new version") for creating a dataset, editing the
 * details of the latest version, and making a new version. The data file is uploaded before the
 * dataset is saved; the data dictionary and release notes after, for the saved dataset.
 */
export function DatasetForm({
  mode,
  dataset,
  onCancel,
  onSaved,
  onReload = async () => undefined,
}: {
  mode: DatasetFormMode;
  dataset?: DatasetDto;
  onCancel: () => void;
  onSaved: (dataset: DatasetDto) => void;
  /** Edit details: reads the dataset again and starts the form afresh from it (taking theirs). */
  onReload?: () => Promise<unknown>;
}) {
  const { values, files, errors, setErrors, set, setFile, setLocation } = useDatasetFormState(dataset);
  const [saving, setSaving] = useState(false);
  const [uploadedDataFile, setUploadedDataFile] = useState<{ file: File; id: number } | null>(null);
  const create = useCreateDataset();
  const update = useUpdateDataset(dataset?.id ?? 0);
  const newVersion = useNewDatasetVersion(dataset?.id ?? 0);

  const existingDataFile =
    dataset?.data_file === null || dataset?.data_file === undefined
      ? null
      : typeof dataset.data_file === 'object'
        ? dataset.data_file
        : { id: dataset.data_file, name: `File ${dataset.data_file}`, file: '' };

  /** The data file's id: a new upload (reused on a retry), else the current one. */
  const dataFileId = async (): Promise<number | null> => {
    if (!files.dataFile) return existingDataFile?.id ?? null;
    if (uploadedDataFile?.file === files.dataFile) return uploadedDataFile.id;
    const uploaded = await upload('dataFile', files.dataFile, null);
    setUploadedDataFile({ file: files.dataFile, id: uploaded.id });
    return uploaded.id;
  };

  /** Dictionary and release notes go up after the dataset exists; a failure leaves the dataset saved. */
  const attachFiles = async (datasetId: number): Promise<string | null> => {
    for (const [kind, file] of [
      ['dataDictionary', files.dictionary],
      ['releaseNotes', files.releaseNotes],
    ] as const) {
      if (!file) continue;
      try {
        await upload(kind, file, datasetId);
      } catch (error) {
        return error instanceof Error ? error.message : FILE_MESSAGES.uploadFailed;
      }
    }
    return null;
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateDataset(values, files, existingDataFile !== null);
    setErrors(found);
    if (Object.keys(found).length) return;
    if (mode === 'new_version' && dataset && !(await confirmNewVersion(dataset))) return;
    setSaving(true);
    try {
      const body = datasetPayload(values, await dataFileId());
      let saved: DatasetDto;
      if (mode === 'create') {
        saved = await create.mutateAsync(body);
      } else if (mode === 'new_version' && dataset) {
        saved = await newVersion.mutateAsync({
          ...body,
          // The new version keeps the current documents unless new ones are uploaded below.
          public_data_dictionary: dataset.public_data_dictionary?.id ?? null,
          public_release_notes: dataset.public_release_notes?.id ?? null,
        });
      } else if (dataset) {
        const before = datasetPayload(datasetValues(dataset), existingDataFile?.id ?? null);
        const changes = changedFields(before, body);
        const result = Object.keys(changes).length
          ? await saveVersioned({
              send: (ifMatch) => update.mutateAsync({ body: changes, ifMatch }),
              sides: (current) => ({
                mine: changes,
                theirs: current ? payloadOf(current as DatasetDto) : {},
              }),
              labels: DATASET_FIELD_LABELS,
              reload: onReload,
            })
          : dataset;
        // Nothing saved: theirs was reloaded into the form, or the dialog closed with the form as typed.
        if (!result) return;
        saved = result;
      } else {
        return;
      }
      const failure = await attachFiles(saved.id);
      if (failure) {
        openErrorModal({
          title: mode === 'create' ? 'Dataset created' : 'Dataset saved',
          children: (
            <Text size="sm">
              {mode === 'create'
                ? `Dataset created, but file upload failed due to: ${failure}`
                : `Dataset saved, but file upload failed due to: ${failure}`}
            </Text>
          ),
        });
      } else {
        notify({
          color: 'teal',
          title:
            mode === 'create'
              ? 'Dataset created'
              : mode === 'new_version'
                ? `Version ${saved.version} created`
                : 'Dataset saved',
          message: saved.name,
        });
      }
      onSaved(saved);
    } catch (error) {
      if (error instanceof UploadFailed) {
        setErrors({ [error.field]: error.message });
      } else if (error instanceof ApiError && error.status === 400) {
        const fields = serverFieldErrors(error.body);
        const { non_field_errors: general, ...rest } = fields;
        setErrors({ ...rest, ...(general ? { form: general } : {}) });
      } else if (error instanceof ApiError) {
        setErrors({ form: error.summary });
      } else if (error instanceof Error && error.name !== 'CancelledError') {
        setErrors({ form: error.message });
      }
    } finally {
      setSaving(false);
    }
  };

  const errorCount = Object.keys(errors).length;
  const form = { values, errors, set };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Dataset form">
      <Stack gap="lg">
        {mode === 'new_version' && dataset && (
          <Alert color="blue" variant="light" title={`Version ${dataset.version + 1}`}>
            The form starts from version {dataset.version}. Change what differs and describe the changes.
          </Alert>
        )}
        <DatasetDetailsCard form={form} dataset={dataset} />
        <DatasetLocationCard
          form={form}
          dataFile={files.dataFile}
          existingDataFile={existingDataFile}
          onDataFile={(file) => setFile('dataFile', 'data_file', file)}
          setLocation={setLocation}
        />
        <DatasetDocumentsCard
          form={form}
          mode={mode}
          dataset={dataset}
          dictionary={files.dictionary}
          releaseNotes={files.releaseNotes}
          onDictionary={(file) => setFile('dictionary', 'public_data_dictionary', file)}
          onReleaseNotes={(file) => setFile('releaseNotes', 'public_release_notes', file)}
        />

        {errors.form && (
          <Alert color="red" variant="light" role="alert" title="The dataset was not saved">
            {errors.form}
          </Alert>
        )}
        {!errors.form && errorCount > 0 && (
          <Text c="red.8" size="sm" role="alert">
            Please correct the fields marked above.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {SUBMIT_LABEL[mode]}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
