import { Alert, Card, FileInput, Stack, Textarea, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { DatasetDto } from '@rrp/domain';
import { RELEASE_NOTES_EXTENSIONS } from '../rules';
import type { DatasetFormFields, DatasetFormMode } from './dataset-form-state';

/** One public document: its picker, and a warning when a new file replaces the current one. */
function DocumentInput({
  label,
  current,
  description,
  placeholder,
  accept,
  file,
  onChange,
  error,
  replaces,
}: {
  label: string;
  current: { name: string } | null | undefined;
  description: string;
  placeholder: string;
  accept: string;
  file: File | null;
  onChange: (file: File | null) => void;
  error: string | undefined;
  replaces: string;
}) {
  return (
    <>
      <FileInput
        label={label}
        description={current ? `Current file: ${current.name}` : description}
        placeholder={placeholder}
        accept={accept}
        value={file}
        onChange={onChange}
        error={error}
        clearable
      />
      {file && current && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} role="status">
          {file.name} will override the previous {replaces} ({current.name}).
        </Alert>
      )}
    </>
  );
}

/** The dataset form's Documents: data dictionary, release notes and, after creation, change notes. */
export function DatasetDocumentsCard({
  form,
  mode,
  dataset,
  dictionary,
  releaseNotes,
  onDictionary,
  onReleaseNotes,
}: {
  form: DatasetFormFields;
  mode: DatasetFormMode;
  dataset?: DatasetDto;
  dictionary: File | null;
  releaseNotes: File | null;
  onDictionary: (file: File | null) => void;
  onReleaseNotes: (file: File | null) => void;
}) {
  const { values, errors, set } = form;
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Documents
        </Title>
        <DocumentInput
          label="Data dictionary"
          current={dataset?.public_data_dictionary}
          description="A .pdf or .xlsx file."
          placeholder="Choose a .pdf or .xlsx file"
          accept=".pdf,.xlsx,application/pdf,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          file={dictionary}
          onChange={onDictionary}
          error={errors.public_data_dictionary}
          replaces="data dictionary"
        />
        <DocumentInput
          label="Release notes"
          current={dataset?.public_release_notes}
          description="A .pdf, .docx, .txt or .md file describing this release."
          placeholder="Choose a .pdf, .docx, .txt or .md file"
          accept={RELEASE_NOTES_EXTENSIONS.join(',')}
          file={releaseNotes}
          onChange={onReleaseNotes}
          error={errors.public_release_notes}
          replaces="release notes"
        />
        {mode !== 'create' && (
          <Textarea
            label="Change notes"
            description={mode === 'new_version' ? 'What is new in this version.' : 'What this edit changes.'}
            autosize
            minRows={2}
            value={values.change_notes}
            onChange={(event) => set('change_notes', event.currentTarget.value)}
            error={errors.change_notes}
          />
        )}
      </Stack>
    </Card>
  );
}
