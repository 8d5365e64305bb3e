import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  FileInput,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notify } from './notify';
import { IconAlertTriangle, IconFileZip, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  ACCESSION_ID_MAX,
  DATASET_NAME_MAX,
  DATASET_ORIGINS,
  DATASET_TYPES,
  ENDPOINT_NAME_MAX,
  FILE_MESSAGES,
  FILE_SIZE_MAX,
  GPF_FIELD_MAX,
  LOCATION_MAX,
  type DatasetDto,
} from '@rrp/domain';
import { ApiError } from '@/lib/api-client';
import { openErrorModal } from '@/components/modals';
import { useCohorts } from '@/components/cohorts';
import {
  uploadDatasetFile,
  useCreateDataset,
  useDatasetOptions,
  useNewDatasetVersion,
  useUpdateDataset,
  type DatasetFileKind,
} from '../api/catalogue';
import {
  changedFields,
  datasetPayload,
  datasetValues,
  newLocationRow,
  RELEASE_NOTES_EXTENSIONS,
  serverFieldErrors,
  validateDataset,
  type DatasetFiles,
  type DatasetValues,
  type LocationRow,
} from '../rules';
import { ReleaseDateInput } from './release-date-input';
import { SafeHtml } from '@/components/safe-html/safe-html-view';

export type DatasetFormMode = 'create' | 'edit_details' | 'new_version';

const TYPE_OPTIONS = Object.entries(DATASET_TYPES).map(([value, label]) => ({ value, label }));
const ORIGIN_OPTIONS = Object.entries(DATASET_ORIGINS).map(([value, label]) => ({ value, label }));

const SUBMIT_LABEL: Record<DatasetFormMode, string> = {
  create: 'Create Dataset',
  edit_details: 'Save Details',
  new_version: 'Create New Version',
};

/** The message of an upload that failed: the virus scan's own words for a 412 (foundation §8). */
function uploadError(error: unknown, file: File): string {
  if (error instanceof ApiError) {
    if (error.status === 412) return FILE_MESSAGES.virusFound(file.name);
    const fields = serverFieldErrors(error.body);
    return fields.file ?? fields.non_field_errors ?? Object.values(fields)[0] ?? error.summary;
  }
  return error instanceof Error ? error.message : FILE_MESSAGES.uploadFailed;
}

class UploadFailed extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const FIELD_OF_KIND: Record<DatasetFileKind, string> = {
  dataFile: 'data_file',
  dataDictionary: 'public_data_dictionary',
  releaseNotes: 'public_release_notes',
};

async function upload(kind: DatasetFileKind, file: File, datasetId: number | null) {
  try {
    return await uploadDatasetFile(kind, file, datasetId);
  } catch (error) {
    throw new UploadFailed(FIELD_OF_KIND[kind], uploadError(error, file));
  }
}

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
}: {
  mode: DatasetFormMode;
  dataset?: DatasetDto;
  onCancel: () => void;
  onSaved: (dataset: DatasetDto) => void;
}) {
  const [values, setValues] = useState<DatasetValues>(() => datasetValues(dataset));
  const [files, setFiles] = useState<DatasetFiles>({ dataFile: null, dictionary: null, releaseNotes: null });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [uploadedDataFile, setUploadedDataFile] = useState<{ file: File; id: number } | null>(null);
  const cohorts = useCohorts();
  const options = useDatasetOptions();
  const create = useCreateDataset();
  const update = useUpdateDataset(dataset?.id ?? 0);
  const newVersion = useNewDatasetVersion(dataset?.id ?? 0);

  const existingDataFile =
    dataset?.data_file === null || dataset?.data_file === undefined
      ? null
      : typeof dataset.data_file === 'object'
        ? dataset.data_file
        : { id: dataset.data_file, name: `File ${dataset.data_file}`, file: '' };

  const set = <K extends keyof DatasetValues>(key: K, value: DatasetValues[K]) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => {
      const { [key]: _cleared, form: _form, ...rest } = previous;
      return rest;
    });
  };
  const setFile = (key: keyof DatasetFiles, field: string, file: File | null) => {
    setFiles((previous) => ({ ...previous, [key]: file }));
    setErrors((previous) => {
      const { [field]: _cleared, form: _form, ...rest } = previous;
      return rest;
    });
  };
  const setLocation = (index: number, patch: Partial<LocationRow>) => {
    set(
      'globus_locations',
      values.globus_locations.map((row, at) => (at === index ? { ...row, ...patch } : row)),
    );
    setErrors((previous) =>
      Object.fromEntries(
        Object.entries(previous).filter(
          ([key]) => !Object.keys(patch).some((field) => key === `globus_locations.${index}.${field}`),
        ),
      ),
    );
  };

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
        saved = Object.keys(changes).length ? await update.mutateAsync(changes) : dataset;
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

  const relatedOptions = (options.data?.results ?? [])
    .filter((option) => option.dataset_id !== dataset?.dataset_id)
    .map((option) => ({ value: option.dataset_id, label: `${option.name} (v${option.version})` }));
  // Related datasets that the picker does not list (e.g. beyond the fetch limit) keep their names.
  for (const related of dataset?.related_datasets ?? []) {
    if (!relatedOptions.some((option) => option.value === related.dataset_id))
      relatedOptions.push({ value: related.dataset_id, label: related.name });
  }
  const errorCount = Object.keys(errors).length;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Dataset form">
      <Stack gap="lg">
        {mode === 'new_version' && dataset && (
          <Alert color="blue" variant="light" title={`Version ${dataset.version + 1}`}>
            The form starts from version {dataset.version}. Change what differs and describe the changes.
          </Alert>
        )}

        <Card withBorder padding="lg">
          <Stack gap="md">
            <Title order={2} fz="lg">
              Details
            </Title>
            <TextInput
              label="Name"
              required
              maxLength={DATASET_NAME_MAX}
              value={values.name}
              onChange={(event) => set('name', event.currentTarget.value)}
              error={errors.name}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select
                label="Cohort"
                placeholder="Choose a cohort"
                data={(cohorts.data?.results ?? []).map((cohort) => ({
                  value: String(cohort.id),
                  label: cohort.name,
                }))}
                value={values.cohort}
                onChange={(value) => set('cohort', value)}
                clearable
                error={errors.cohort}
              />
              <Select
                label="Type"
                required
                placeholder="Choose a type"
                data={TYPE_OPTIONS}
                value={values.type}
                onChange={(value) => set('type', value)}
                error={errors.type}
              />
              <Select
                label="Origin"
                required
                placeholder="Choose an origin"
                data={ORIGIN_OPTIONS}
                value={values.origin}
                onChange={(value) => set('origin', value)}
                error={errors.origin}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <ReleaseDateInput
                value={values.release_date}
                onChange={(value) => set('release_date', value)}
                error={errors.release_date}
              />
              <TextInput
                label="Accession id"
                maxLength={ACCESSION_ID_MAX}
                value={values.accession_id}
                onChange={(event) => set('accession_id', event.currentTarget.value)}
                error={errors.accession_id}
              />
              <TextInput
                label="File size"
                placeholder="e.g. 1.2 TB"
                maxLength={FILE_SIZE_MAX}
                value={values.file_size}
                onChange={(event) => set('file_size', event.currentTarget.value)}
                error={errors.file_size}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 4 }}>
              <TextInput
                label="ASD participants"
                inputMode="numeric"
                value={values.asd_participants}
                onChange={(event) => set('asd_participants', event.currentTarget.value)}
                error={errors.asd_participants}
              />
              <TextInput
                label="Control participants"
                inputMode="numeric"
                value={values.control_participants}
                onChange={(event) => set('control_participants', event.currentTarget.value)}
                error={errors.control_participants}
              />
              <TextInput
                label="Families"
                inputMode="numeric"
                value={values.families}
                onChange={(event) => set('families', event.currentTarget.value)}
                error={errors.families}
              />
              <TextInput
                label="Order"
                placeholder="Position in the catalogue"
                inputMode="numeric"
                value={values.order}
                onChange={(event) => set('order', event.currentTarget.value)}
                error={errors.order}
              />
            </SimpleGrid>
            <Group gap="xl">
              <Switch
                label="Available"
                checked={values.available}
                onChange={(event) => set('available', event.currentTarget.checked)}
              />
              <Switch
                label="Restricted (only allowed users may request it)"
                checked={values.limited}
                onChange={(event) => set('limited', event.currentTarget.checked)}
              />
            </Group>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="description-label">
                Description
              </Text>
              <Tabs defaultValue="write" keepMounted={false}>
                <Tabs.List aria-labelledby="description-label">
                  <Tabs.Tab value="write">HTML</Tabs.Tab>
                  <Tabs.Tab value="preview">Preview</Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="write" pt="xs">
                  <Textarea
                    aria-labelledby="description-label"
                    description="HTML is allowed: paragraphs, lists, links, bold and italic. Anything else is removed when saved."
                    autosize
                    minRows={5}
                    maxRows={16}
                    value={values.description}
                    onChange={(event) => set('description', event.currentTarget.value)}
                    error={errors.description}
                  />
                </Tabs.Panel>
                <Tabs.Panel value="preview" pt="xs">
                  <Card withBorder padding="md">
                    <SafeHtml html={values.description} />
                  </Card>
                </Tabs.Panel>
              </Tabs>
            </Stack>
            <MultiSelect
              label="Related datasets"
              placeholder={values.related_datasets.length ? undefined : 'Choose datasets'}
              data={relatedOptions}
              value={values.related_datasets}
              onChange={(value) => set('related_datasets', value)}
              searchable
              clearable
              error={errors.related_datasets}
            />
          </Stack>
        </Card>

        <Card withBorder padding="lg">
          <Stack gap="md">
            <div>
              <Title order={2} fz="lg">
                Where the data is
              </Title>
              <Text size="sm" c="gray.7">
                At least one of a data file, a Globus location or a data access (S3) location.
              </Text>
            </div>
            <FileInput
              label="Data file"
              description={
                existingDataFile
                  ? `Current file: ${existingDataFile.name}. Choose a .zip file to replace it.`
                  : 'A .zip file.'
              }
              placeholder="Choose a .zip file"
              accept=".zip,application/zip"
              leftSection={<IconFileZip size={16} aria-hidden />}
              value={files.dataFile}
              onChange={(file) => setFile('dataFile', 'data_file', file)}
              error={errors.data_file}
              clearable
            />
            <TextInput
              label="Data access (S3 location)"
              placeholder="s3://bucket/path"
              value={values.data_access}
              onChange={(event) => set('data_access', event.currentTarget.value)}
              error={errors.data_access}
            />
            <TextInput
              label="Globus group id"
              placeholder="00000000-0000-0000-0000-000000000000"
              value={values.globus_group_id}
              onChange={(event) => set('globus_group_id', event.currentTarget.value)}
              error={errors.globus_group_id}
            />
            <Stack gap="xs">
              <Text size="sm" fw={500}>
                Globus locations
              </Text>
              {values.globus_locations.length === 0 && (
                <Text size="sm" c="gray.7">
                  No Globus locations.
                </Text>
              )}
              {values.globus_locations.map((row, index) => (
                <Group key={row.key} align="flex-start" gap="sm" wrap="nowrap">
                  <TextInput
                    label={`Endpoint id, location ${index + 1}`}
                    value={row.endpoint_id}
                    onChange={(event) => setLocation(index, { endpoint_id: event.currentTarget.value })}
                    error={errors[`globus_locations.${index}.endpoint_id`]}
                    style={{ flex: 3 }}
                  />
                  <TextInput
                    label={`Endpoint name, location ${index + 1}`}
                    maxLength={ENDPOINT_NAME_MAX}
                    value={row.endpoint_name}
                    onChange={(event) => setLocation(index, { endpoint_name: event.currentTarget.value })}
                    error={errors[`globus_locations.${index}.endpoint_name`]}
                    style={{ flex: 2 }}
                  />
                  <TextInput
                    label={`Path, location ${index + 1}`}
                    maxLength={LOCATION_MAX}
                    value={row.location}
                    onChange={(event) => setLocation(index, { location: event.currentTarget.value })}
                    error={errors[`globus_locations.${index}.location`]}
                    style={{ flex: 3 }}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red.8"
                    mt={26}
                    aria-label={`Remove location ${index + 1}`}
                    onClick={() =>
                      set(
                        'globus_locations',
                        values.globus_locations.filter((_, at) => at !== index),
                      )
                    }
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              ))}
              <Group>
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  onClick={() => set('globus_locations', [...values.globus_locations, newLocationRow()])}
                >
                  Add Globus Location
                </Button>
              </Group>
            </Stack>
            <Checkbox
              label="GPF accessible"
              checked={values.gpf_accessible}
              onChange={(event) => set('gpf_accessible', event.currentTarget.checked)}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="GPF group"
                maxLength={GPF_FIELD_MAX}
                value={values.gpf_group}
                onChange={(event) => set('gpf_group', event.currentTarget.value)}
                error={errors.gpf_group}
              />
              <TextInput
                label="GPF dataset id"
                maxLength={GPF_FIELD_MAX}
                value={values.gpf_dataset_id}
                onChange={(event) => set('gpf_dataset_id', event.currentTarget.value)}
                error={errors.gpf_dataset_id}
              />
            </SimpleGrid>
          </Stack>
        </Card>

        <Card withBorder padding="lg">
          <Stack gap="md">
            <Title order={2} fz="lg">
              Documents
            </Title>
            <FileInput
              label="Data dictionary"
              description={
                dataset?.public_data_dictionary
                  ? `Current file: ${dataset.public_data_dictionary.name}`
                  : 'A .pdf or .xlsx file.'
              }
              placeholder="Choose a .pdf or .xlsx file"
              accept=".pdf,.xlsx,application/pdf,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={files.dictionary}
              onChange={(file) => setFile('dictionary', 'public_data_dictionary', file)}
              error={errors.public_data_dictionary}
              clearable
            />
            {files.dictionary && dataset?.public_data_dictionary && (
              <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} role="status">
                {files.dictionary.name} will override the previous data dictionary (
                {dataset.public_data_dictionary.name}).
              </Alert>
            )}
            <FileInput
              label="Release notes"
              description={
                dataset?.public_release_notes
                  ? `Current file: ${dataset.public_release_notes.name}`
                  : 'A .pdf, .docx, .txt or .md file describing this release.'
              }
              placeholder="Choose a .pdf, .docx, .txt or .md file"
              accept={RELEASE_NOTES_EXTENSIONS.join(',')}
              value={files.releaseNotes}
              onChange={(file) => setFile('releaseNotes', 'public_release_notes', file)}
              error={errors.public_release_notes}
              clearable
            />
            {files.releaseNotes && dataset?.public_release_notes && (
              <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} role="status">
                {files.releaseNotes.name} will override the previous release notes (
                {dataset.public_release_notes.name}).
              </Alert>
            )}
            {mode !== 'create' && (
              <Textarea
                label="Change notes"
                description={
                  mode === 'new_version' ? 'What is new in this version.' : 'What this edit changes.'
                }
                autosize
                minRows={2}
                value={values.change_notes}
                onChange={(event) => set('change_notes', event.currentTarget.value)}
                error={errors.change_notes}
              />
            )}
          </Stack>
        </Card>

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
