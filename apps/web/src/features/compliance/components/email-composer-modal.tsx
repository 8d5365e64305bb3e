import { useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { EMAIL_MESSAGES, splitRecipients } from '@rrp/domain';
import { ApiError } from '@/lib/api-client';
import { COMPLIANCE_MODEL, COMPLIANCE_TEMPLATE, useComplianceDraft, useSendEmail } from '../api/compliance';

/** The compliance modal's modes (staff §4.6). */
type ComposerMode = 'form' | 'updating' | 'success' | 'error';

interface Fields {
  to: string;
  cc: string;
  bcc: string;
  subject: string;
  body: string;
}

const EMPTY: Fields = { to: '', cc: '', bcc: '', subject: '', body: '' };

/** What went wrong, as the server said it: every field message, or the error's summary. */
function errorContent(error: unknown): string[] {
  if (error instanceof ApiError) {
    const messages = Object.entries(error.fieldErrors)
      .filter(([field]) => field !== 'correlation_id')
      .map(([field, message]) => (field === 'non_field_errors' ? message : `${labelOf(field)}: ${message}`));
    return messages.length ? messages : [error.summary];
  }
  return [error instanceof Error ? error.message : 'The e-mail could not be sent.'];
}

const LABELS: Record<string, string> = {
  to: 'To',
  cc: 'Cc',
  bcc: 'Bcc',
  subject: 'Subject',
  body: 'Message',
};
const labelOf = (field: string) => LABELS[field] ?? field;

/**
 * The compliance e-mail composer for one institution: opens with the server's draft addressed to
 * the signing official, then sends through POST email/ and reports the outcome.
 */
export function EmailComposerModal({
  institution,
  onClose,
}: {
  institution: { id: number; display_name: string } | null;
  onClose: () => void;
}) {
  const [mode, setMode] = useState<ComposerMode>('form');
  const title =
    mode === 'success'
      ? EMAIL_MESSAGES.sentTitle
      : mode === 'error'
        ? EMAIL_MESSAGES.errorTitle
        : `Email the signing official of ${institution?.display_name ?? ''}`;
  const close = () => {
    setMode('form');
    onClose();
  };
  return (
    <Modal
      opened={institution !== null}
      onClose={close}
      title={<Text fw={700}>{title}</Text>}
      size="xl"
      closeOnClickOutside={mode !== 'updating'}
      closeOnEscape={mode !== 'updating'}
      withCloseButton={mode !== 'updating'}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      // The dialog's header is no page banner (one banner landmark per page).
      attributes={{ header: { role: 'none' } }}
    >
      {institution && (
        <Composer
          key={institution.id}
          institutionId={institution.id}
          mode={mode}
          setMode={setMode}
          onClose={close}
        />
      )}
    </Modal>
  );
}

/** Loads the draft, then the form (a fresh one for each institution). */
function Composer(props: {
  institutionId: number;
  mode: ComposerMode;
  setMode: (mode: ComposerMode) => void;
  onClose: () => void;
}) {
  const draft = useComplianceDraft(props.institutionId);
  if (draft.isPending) {
    return (
      <Group gap="xs" p="md">
        <Loader size="xs" aria-hidden />
        <Text size="sm" role="status">
          Preparing the e-mail…
        </Text>
      </Group>
    );
  }
  const initial: Fields = draft.data
    ? {
        to: draft.data.to.join(', '),
        cc: draft.data.cc.join(', '),
        bcc: draft.data.bcc.join(', '),
        subject: draft.data.subject,
        body: draft.data.body,
      }
    : EMPTY;
  return (
    <ComposerForm
      {...props}
      initial={initial}
      draftFailed={draft.isError}
      noOfficial={draft.data?.to.length === 0}
    />
  );
}

function ComposerForm({
  institutionId,
  mode,
  setMode,
  onClose,
  initial,
  draftFailed,
  noOfficial,
}: {
  institutionId: number;
  mode: ComposerMode;
  setMode: (mode: ComposerMode) => void;
  onClose: () => void;
  initial: Fields;
  draftFailed: boolean;
  noOfficial: boolean;
}) {
  const send = useSendEmail();
  const [fields, setFields] = useState<Fields>(initial);
  const [errors, setErrors] = useState<string[]>([]);
  const set = (key: keyof Fields) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setFields((previous) => ({ ...previous, [key]: value }));
  };
  const recipients = splitRecipients(fields.to);

  async function submit() {
    setMode('updating');
    try {
      await send.mutateAsync({
        to: fields.to,
        cc: fields.cc,
        bcc: fields.bcc,
        subject: fields.subject,
        body: fields.body,
        email_template: COMPLIANCE_TEMPLATE,
        model_name: COMPLIANCE_MODEL,
        object_ids: [institutionId],
      });
      setMode('success');
    } catch (error) {
      setErrors(errorContent(error));
      setMode('error');
    }
  }

  if (mode === 'updating') {
    return (
      <Group justify="center" p="lg" gap="sm">
        <Loader aria-hidden />
        <Text role="status">Sending the e-mail…</Text>
      </Group>
    );
  }
  if (mode === 'success') {
    return (
      <Stack>
        <Group gap="sm" role="status">
          <IconCircleCheck color="var(--mantine-color-teal-8)" aria-hidden />
          <Text>{EMAIL_MESSAGES.sentBody}</Text>
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    );
  }
  if (mode === 'error') {
    return (
      <Stack>
        <Stack gap={4} role="alert">
          {errors.map((message) => (
            <Text key={message} c="red.9">
              {message}
            </Text>
          ))}
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => setMode('form')}>Back to the e-mail</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (recipients.length) void submit();
      }}
    >
      <Stack>
        {draftFailed && (
          <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title="The draft could not be loaded">
            Write the e-mail below, or close and try again.
          </Alert>
        )}
        {noOfficial && (
          <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />}>
            This institution has no signing official. Add a recipient to send the e-mail.
          </Alert>
        )}
        <TextInput
          label="To"
          description="Separate addresses with spaces or commas"
          value={fields.to}
          onChange={set('to')}
          required
        />
        <Group grow align="flex-start">
          <TextInput label="Cc" value={fields.cc} onChange={set('cc')} />
          <TextInput label="Bcc" value={fields.bcc} onChange={set('bcc')} />
        </Group>
        <TextInput label="Subject" value={fields.subject} onChange={set('subject')} required />
        <Textarea
          label="Message"
          value={fields.body}
          onChange={set('body')}
          autosize
          minRows={10}
          maxRows={18}
          required
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={recipients.length === 0}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
