import { useState } from 'react';
import { Alert, Button, Card, Group, Loader, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { splitRecipients, type DatasetDto } from '@rrp/domain';
import { ApiError } from '@/lib/api-client';
import { useDatasetAccess, useSendDatasetEmail } from '../api/catalogue';
import { serverFieldErrors } from '../rules';

const LABELS: Record<string, string> = {
  to: 'To',
  cc: 'Cc',
  bcc: 'Bcc',
  subject: 'Subject',
  body: 'Message',
};

/**
 * The dataset's e-mail mode (staff §2.11): an administrator writes to the researchers who hold
 * access to the dataset (their addresses are filled in) through POST email/.
 */
export function DatasetEmail({ dataset, onClose }: { dataset: DatasetDto; onClose: () => void }) {
  const access = useDatasetAccess(dataset.id, true);
  if (access.isPending)
    return (
      <Card withBorder padding="lg">
        <Group gap="xs">
          <Loader size="xs" aria-hidden />
          <Text size="sm" role="status">
            Preparing the e-mail…
          </Text>
        </Group>
      </Card>
    );
  const emails = new Set<string>();
  for (const record of access.data?.results ?? []) {
    if (record.status === 'granted' && typeof record.user === 'object') emails.add(record.user.email);
  }
  return <Composer dataset={dataset} onClose={onClose} initialTo={[...emails].join(', ')} />;
}

function Composer({
  dataset,
  onClose,
  initialTo,
}: {
  dataset: DatasetDto;
  onClose: () => void;
  initialTo: string;
}) {
  const send = useSendDatasetEmail();
  const [to, setTo] = useState(initialTo);
  const [cc, setCc] = useState('');
  const [bcc, setBcc] = useState('');
  const [subject, setSubject] = useState(`Update to ${dataset.name}`);
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [sent, setSent] = useState(false);
  const recipients = splitRecipients(to);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setErrors([]);
    try {
      await send.mutateAsync({ to, cc, bcc, subject, body, email_template: 'custom' });
      setSent(true);
    } catch (error) {
      if (error instanceof ApiError) {
        const fields = serverFieldErrors(error.body);
        const messages = Object.entries(fields).map(([field, message]) =>
          field === 'non_field_errors' ? message : `${LABELS[field] ?? field}: ${message}`,
        );
        setErrors(messages.length ? messages : [error.summary]);
      } else if (error instanceof Error && error.name !== 'CancelledError') {
        setErrors([error.message]);
      }
    }
  }

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Email Researchers
        </Title>
        {sent ? (
          <Stack>
            <Group gap="sm" role="status">
              <IconCircleCheck color="var(--mantine-color-teal-8)" aria-hidden />
              <Text>Email Sent Successfully</Text>
            </Group>
            <Group justify="flex-end">
              <Button onClick={onClose}>Close</Button>
            </Group>
          </Stack>
        ) : (
          <form onSubmit={(event) => void submit(event)} noValidate>
            <Stack gap="sm">
              <TextInput
                label="To"
                description="Addresses separated by commas or spaces; filled in with the researchers who hold access."
                value={to}
                onChange={(event) => setTo(event.currentTarget.value)}
              />
              <Group grow>
                <TextInput label="Cc" value={cc} onChange={(event) => setCc(event.currentTarget.value)} />
                <TextInput label="Bcc" value={bcc} onChange={(event) => setBcc(event.currentTarget.value)} />
              </Group>
              <TextInput
                label="Subject"
                value={subject}
                onChange={(event) => setSubject(event.currentTarget.value)}
              />
              <Textarea
                label="Message"
                autosize
                minRows={6}
                value={body}
                onChange={(event) => setBody(event.currentTarget.value)}
              />
              {errors.length > 0 && (
                <Alert color="red" variant="light" title="Error while sending email" role="alert">
                  {errors.map((message) => (
                    <Text size="sm" key={message}>
                      {message}
                    </Text>
                  ))}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose} disabled={send.isPending}>
                  Cancel
                </Button>
                <Button type="submit" disabled={recipients.length === 0} loading={send.isPending}>
                  Send
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
