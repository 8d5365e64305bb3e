import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { can, formatDate, type ReleaseNoteDto } from '@rrp/domain';
import { Page } from '@/components/page';
import { SafeHtml } from '@/components/safe-html/safe-html-view';
import { useActor, useCan } from '@/lib/use-can';
import { useDeleteReleaseNote, useReleaseNotes, useUpdateReleaseNote } from '../api/release-notes';
import { ReleaseNoteForm } from '../components/release-note-form';

type Mode = { kind: 'view' } | { kind: 'new' } | { kind: 'edit'; note: ReleaseNoteDto };

const optionLabel = (note: ReleaseNoteDto) => (note.released ? note.version : `${note.version} (draft)`);

/**
 * /release-notes (staff §2.14, §4.8): a release selector and the chosen release's notes; superusers
 * also write, edit, release and delete them. Others see released notes only (the server decides).
 */
export default function ReleaseNotesScreen() {
  const notes = useReleaseNotes();
  const actor = useActor();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const results = notes.data?.results ?? [];
  const selected = results.find((note) => note.id === selectedId) ?? results[0] ?? null;
  const mayWrite = can(actor, 'create', 'ReleaseNote');

  const done = (saved: ReleaseNoteDto | null) => {
    if (saved) {
      setSelectedId(saved.id);
      notifications.show({
        color: 'teal',
        message: saved.released ? `Release ${saved.version} saved.` : `Draft ${saved.version} saved.`,
      });
    }
    setMode({ kind: 'view' });
  };

  return (
    <Page
      title="Release Notes"
      actions={
        mayWrite && mode.kind === 'view' ? (
          <Group>
            <Button onClick={() => setMode({ kind: 'new' })}>New Release Note</Button>
          </Group>
        ) : undefined
      }
    >
      {mode.kind === 'new' ? <ReleaseNoteForm onDone={done} /> : null}
      {mode.kind === 'edit' ? <ReleaseNoteForm key={mode.note.id} note={mode.note} onDone={done} /> : null}
      {mode.kind === 'view' ? (
        notes.isPending ? (
          <Loader aria-label="Loading release notes" />
        ) : selected ? (
          <Stack gap="md">
            <Select
              label="Release"
              maw={320}
              allowDeselect={false}
              data={results.map((note) => ({ value: String(note.id), label: optionLabel(note) }))}
              value={String(selected.id)}
              onChange={(value) => setSelectedId(value ? Number(value) : null)}
            />
            <ReleaseNote note={selected} onEdit={() => setMode({ kind: 'edit', note: selected })} />
          </Stack>
        ) : (
          <Text c="gray.7">There are no release notes yet.</Text>
        )
      ) : null}
    </Page>
  );
}

function ReleaseNote({ note, onEdit }: { note: ReleaseNoteDto; onEdit: () => void }) {
  const mayEdit = useCan(note, 'update');
  const mayDelete = useCan(note, 'delete');
  const release = useUpdateReleaseNote();
  const remove = useDeleteReleaseNote();

  const confirmRelease = () =>
    modals.openConfirmModal({
      title: `Release ${note.version}?`,
      children: <Text size="sm">Everyone with a role is told in their notifications.</Text>,
      labels: { confirm: 'Release', cancel: 'Cancel' },
      onConfirm: () =>
        release.mutate(
          { id: note.id, released: true },
          {
            onSuccess: () =>
              notifications.show({ color: 'teal', message: `Release ${note.version} released.` }),
          },
        ),
    });

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: `Delete release ${note.version}?`,
      children: <Text size="sm">The notes of this release are removed for everyone.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(note.id, {
          onSuccess: () => notifications.show({ color: 'teal', message: `Release ${note.version} deleted.` }),
        }),
    });

  return (
    <Stack gap="sm" component="article" aria-labelledby={`release-${note.id}`}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={2} fz="xl" id={`release-${note.id}`}>
              Version {note.version}
            </Title>
            {note.released ? null : (
              <Badge color="gray" variant="outline">
                Draft
              </Badge>
            )}
          </Group>
          <Text size="sm" c="gray.7">
            {note.released_at
              ? `Released ${formatDate(note.released_at)}`
              : `Created ${formatDate(note.created)}`}
          </Text>
        </Stack>
        <Group gap="xs">
          {mayEdit && !note.released ? (
            <Button color="teal" onClick={confirmRelease} loading={release.isPending}>
              Release
            </Button>
          ) : null}
          {mayEdit ? (
            <Button variant="default" onClick={onEdit}>
              Edit
            </Button>
          ) : null}
          {mayDelete ? (
            <Button variant="outline" color="red" onClick={confirmDelete} loading={remove.isPending}>
              Delete
            </Button>
          ) : null}
        </Group>
      </Group>
      {release.error ? <Alert color="red">{release.error.message}</Alert> : null}
      <SafeHtml html={note.text} empty="No notes for this release." />
    </Stack>
  );
}
