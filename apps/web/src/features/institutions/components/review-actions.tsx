import { useState } from 'react';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { INSTITUTION_STATUS, type InstitutionDto } from '@rrp/domain';
import { ApiError } from '@/lib/api-client';
import { useUpdateInstitution } from '../api/institutions';

const UNDER_REVIEW = INSTITUTION_STATUS.underReview;

function CommentsForm({ label, onSubmit }: { label: string; onSubmit: (comments: string) => void }) {
  const [comments, setComments] = useState('');
  return (
    <Stack>
      <Textarea
        label="Comments for the signing official"
        description="They are included in the e-mail."
        autosize
        minRows={3}
        value={comments}
        onChange={(event) => setComments(event.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => modals.closeAll()}>
          Cancel
        </Button>
        <Button
          onClick={() => {
            modals.closeAll();
            onSubmit(comments);
          }}
        >
          {label}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The administrator's review (staff §4.5): Approve, Follow Up (with the request-revisions e-mail)
 * or Reject, open only while the institution is under review. Edit, deactivate and delete are in
 * the detail screen's action menu.
 */
export function ReviewActions({ institution }: { institution: InstitutionDto }) {
  const update = useUpdateInstitution(institution.id);
  const reviewable = institution.status === UNDER_REVIEW;

  const decide = (status: 3 | 4 | 5, comments?: string) =>
    update.mutate(
      { body: { status, ...(comments ? { comments } : {}) } },
      {
        onSuccess: (saved) =>
          notifications.show({ color: 'green', title: 'Institution updated', message: saved.status_name }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: 'Failed to update object',
            message: error instanceof ApiError ? error.summary : '',
          }),
      },
    );

  const withComments = (label: string, status: 4 | 5) =>
    modals.open({
      title: label,
      children: <CommentsForm label={label} onSubmit={(comments) => decide(status, comments)} />,
    });

  return (
    <Stack gap="xs">
      <Group>
        <Button color="teal.9" disabled={!reviewable} loading={update.isPending} onClick={() => decide(3)}>
          Approve
        </Button>
        <Button variant="default" disabled={!reviewable} onClick={() => withComments('Follow Up', 5)}>
          Follow Up
        </Button>
        <Button color="red.9" disabled={!reviewable} onClick={() => withComments('Reject', 4)}>
          Reject
        </Button>
      </Group>
      {!reviewable && (
        <Text size="sm" c="gray.7">
          Decisions are open while the institution is under review.
        </Text>
      )}
    </Stack>
  );
}
