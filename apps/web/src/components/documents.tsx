import { Anchor, Button, Group, List, Loader, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import type { FileListItemDto } from '@rrp/domain';
import { downloadFile } from '@/lib/download';
import { documentIds, openDocument, opensInBrowser, useStoredDocuments } from '@/lib/form-documents';

const failed = (message: string) => () =>
  notifications.show({ color: 'red', title: 'Document', message, autoClose: 6000 });

/** One document: its name opens it (a PDF in a new window, anything else downloads), and Download. */
function DocumentRow({ file }: { file: FileListItemDto }) {
  const shown = opensInBrowser(file);
  const open = () =>
    (shown ? openDocument(file.id) : downloadFile(file.id)).catch(
      failed(`${file.name} could not be opened. Please try again.`),
    );
  return (
    <Group gap="xs" wrap="wrap">
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => void open()}
        aria-label={shown ? `${file.name} (opens in a new window)` : `${file.name} (downloads)`}
      >
        {file.name}
        {shown && <IconExternalLink size={12} aria-hidden style={{ marginLeft: 4 }} />}
      </Anchor>
      <Button
        variant="subtle"
        size="compact-xs"
        leftSection={<IconDownload size={12} aria-hidden />}
        aria-label={`Download ${file.name}`}
        onClick={() =>
          void downloadFile(file.id).catch(failed(`${file.name} could not be downloaded. Please try again.`))
        }
      >
        Download
      </Button>
    </Group>
  );
}

/**
 * The documents a form answer names (a request's proposal summary, IRB protocol, consent forms,
 * biosketch), by name, for a reader who may read them: the file list answers only those.
 */
export function RequestDocuments({ value }: { value: unknown }) {
  const ids = documentIds(value);
  const stored = useStoredDocuments(ids);
  if (ids.length === 0) return null;
  if (stored.isPending) return <Loader size="xs" aria-label="Loading the documents" />;
  if (stored.isError)
    return (
      <Text size="sm" c="red.9">
        The documents could not be loaded.
      </Text>
    );
  const readable = ids.flatMap((id) => (stored.data.has(id) ? [stored.data.get(id)!] : []));
  if (readable.length === 0) return null;
  return (
    <List size="sm" spacing={4} listStyleType="none" ml={0} pl={0}>
      {readable.map((file) => (
        <List.Item key={file.id}>
          <DocumentRow file={file} />
        </List.Item>
      ))}
    </List>
  );
}
