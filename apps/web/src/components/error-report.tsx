import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { MESSAGES } from '@rrp/domain';
import { apiFetch, type ApiError } from '@/lib/api-client';

function ReportForm({ error, email, onDone }: { error: ApiError; email: string; onDone: () => void }) {
  const [notes, setNotes] = useState('');
  const [sending, setSending] = useState(false);
  const payload = JSON.stringify(error.body, null, 2);
  const send = async () => {
    setSending(true);
    try {
      await apiFetch('notification/', {
        method: 'POST',
        body: {
          task_name: 'error_report',
          fields: {
            email,
            notes,
            payload_body: `${error.method} ${error.url}`,
            response_body: payload,
            error_fe_url: window.location.href,
            error_api_url: error.url,
          },
        },
        handleStatus: [401, 403, 404, 500],
      });
      notifications.show({
        title: 'Error Report Submitted',
        message: 'Thank you. Our team will look into it.',
        color: 'green',
      });
    } catch {
      notifications.show({
        title: 'Error report not sent',
        message: 'Please e-mail support instead.',
        color: 'red',
      });
    } finally {
      setSending(false);
      onDone();
    }
  };
  return (
    <Stack>
      <TextInput label="Email" value={email} readOnly />
      <Textarea
        label="Payload details"
        value={`${error.method} ${error.url}\n${payload}`}
        readOnly
        autosize
        maxRows={6}
      />
      <Textarea
        label="Additional notes"
        rows={2}
        maxRows={2}
        styles={{ input: { maxHeight: 100 } }}
        value={notes}
        onChange={(event) => setNotes(event.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={send} loading={sending}>
          Yes Send Report
        </Button>
      </Group>
    </Stack>
  );
}

/** The unexpected-error flow (foundation §8): ask, then the report dialog, then 'Error Report Submitted'. */
export function offerErrorReport(error: ApiError, email: string): void {
  const ask = modals.openConfirmModal({
    title: MESSAGES.unexpectedError,
    children: <Text size="sm">{MESSAGES.unexpectedErrorPrompt}</Text>,
    labels: { confirm: 'Yes', cancel: 'No' },
    onConfirm: () => {
      modals.close(ask);
      const id = modals.open({
        title: 'Submit an error report',
        size: 'lg',
        children: <ReportForm error={error} email={email} onDone={() => modals.close(id)} />,
      });
    },
  });
}
