import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import {
  CONFLICT_REASON_MAX_LENGTH,
  REVIEWER_ASSISTANT_MESSAGES,
  type ReviewerSuggestion,
} from '@rrp/domain';
import { ConflictList } from './conflict-list';

/**
 * Assigning a reviewer the assistant flagged (issue 33): the dialog names each possible conflict
 * and asks why they are assigned all the same; the reason is required and goes to the request's
 * history with the flags.
 */
export function ConflictDialog({
  suggestion,
  requestLabel,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  /** The flagged reviewer being assigned; null keeps the dialog closed. */
  suggestion: ReviewerSuggestion | null;
  requestLabel: string;
  pending: boolean;
  /** The server's refusal, shown in the dialog. */
  error: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const name = suggestion?.user.display_name ?? '';

  const confirm = () => {
    const given = reason.trim();
    setMissing(given.length === 0);
    if (given.length > 0) onConfirm(given);
  };
  const close = () => {
    setReason('');
    setMissing(false);
    onClose();
  };

  return (
    <Modal opened={suggestion !== null} onClose={close} title={`Assign ${name} despite a possible conflict?`}>
      {suggestion && (
        <Stack gap="sm">
          <Text size="sm">
            {name} may have a conflict of interest with {requestLabel}:
          </Text>
          <ConflictList conflicts={suggestion.conflicts} />
          <Textarea
            label="Reason for assigning them"
            description="Recorded in the request's history with the conflicts above."
            required
            autosize
            minRows={3}
            maxLength={CONFLICT_REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              if (event.currentTarget.value.trim()) setMissing(false);
            }}
            error={missing ? REVIEWER_ASSISTANT_MESSAGES.reasonBlank : undefined}
            data-autofocus
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button color="red.9" onClick={confirm} loading={pending}>
              Assign Anyway
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
