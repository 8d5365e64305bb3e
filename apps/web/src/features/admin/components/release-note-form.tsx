import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Button, Group, Loader, Stack, TextInput } from '@mantine/core';
import {
  RELEASE_VERSION_MAX_LENGTH,
  releaseVersionSchema,
  typeableReleaseVersion,
  type ReleaseNoteDto,
} from '@rrp/domain';
import { ApiError } from '@/lib/api-client';
import { useCreateReleaseNote, useUpdateReleaseNote } from '../api/release-notes';

const RichTextField = lazy(() => import('./rich-text-editor'));

/**
 * Writing a release note (staff §2.14, §5): the version takes only digits and dots, at most 10;
 * the text is rich text. A new note or a draft is saved as a draft or released at once; a
 * released note is only edited.
 */
export function ReleaseNoteForm({
  note,
  onDone,
}: {
  /** The note being edited; none for a new one. */
  note?: ReleaseNoteDto;
  onDone: (saved: ReleaseNoteDto | null) => void;
}) {
  const [version, setVersion] = useState(note?.version ?? '');
  const [text, setText] = useState(note?.text ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateReleaseNote();
  const update = useUpdateReleaseNote();
  const saving = create.isPending || update.isPending;
  const mayRelease = !note?.released;

  const save = async (release: boolean) => {
    const checked = releaseVersionSchema.safeParse(version);
    if (!checked.success) {
      setErrors({ version: checked.error.issues[0]!.message });
      return;
    }
    setErrors({});
    const fields = { version: checked.data, text, ...(release ? { released: true } : {}) };
    try {
      const saved = note
        ? await update.mutateAsync({ id: note.id, ...fields })
        : await create.mutateAsync(fields);
      onDone(saved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setErrors(error.fieldErrors);
      else throw error;
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(false);
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={note ? `Edit release ${note.version}` : 'New release note'}
    >
      <Stack gap="md">
        <TextInput
          label="Version"
          description="Digits and dots, e.g. 2.4.1"
          required
          maw={240}
          inputMode="decimal"
          maxLength={RELEASE_VERSION_MAX_LENGTH}
          value={version}
          onChange={(event) => setVersion(typeableReleaseVersion(event.currentTarget.value))}
          error={errors.version}
        />
        <Suspense fallback={<Loader size="sm" aria-label="Loading the editor" />}>
          <RichTextField
            id="release-note-text"
            label="Release notes"
            value={text}
            onChange={setText}
            error={errors.text}
          />
        </Suspense>
        {errors.released ? <div role="alert">{errors.released}</div> : null}
        <Group gap="sm">
          <Button type="submit" loading={saving && !mayRelease} disabled={saving}>
            {mayRelease ? 'Save Draft' : 'Save'}
          </Button>
          {mayRelease ? (
            <Button color="teal" onClick={() => void save(true)} disabled={saving}>
              Release
            </Button>
          ) : null}
          <Button variant="default" onClick={() => onDone(null)} disabled={saving}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
