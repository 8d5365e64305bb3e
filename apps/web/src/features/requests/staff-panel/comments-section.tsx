import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { formatDateTime, COMMENT_MAX_LENGTH, REQUEST_STAFF_MESSAGES } from '@rrp/domain';
import { ApiError } from '@/lib/api-client';
import { useAddComment, useRequestComments } from '../api/staff';

/** Staff notes on a request (staff §3 comments), for admins and project managers (staff §6). */
export function CommentsSection({ requestId, canAdd }: { requestId: number; canAdd: boolean }) {
  const comments = useRequestComments(requestId);
  const add = useAddComment(requestId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    if (!text.trim()) {
      setError(REQUEST_STAFF_MESSAGES.commentBlank);
      return;
    }
    setError(null);
    try {
      await add.mutateAsync(text);
      setText('');
    } catch (caught) {
      setError(caught instanceof ApiError ? (caught.fieldErrors.text ?? caught.summary) : 'Saving failed.');
    }
  }

  const rows = comments.data?.results ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="comments-heading">
      <Title order={3} fz="md" id="comments-heading">
        Comments
      </Title>
      <Text size="xs" c="gray.7">
        Visible to administrators and project managers only.
      </Text>
      {canAdd && (
        <>
          <Textarea
            label="New comment"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            maxLength={COMMENT_MAX_LENGTH}
            rows={3}
            error={error}
          />
          <Group justify="flex-end">
            <Button onClick={() => void submit()} loading={add.isPending}>
              Add Comment
            </Button>
          </Group>
        </>
      )}
      {comments.isError ? (
        <Alert color="red">The comments could not be loaded.</Alert>
      ) : rows.length === 0 && !comments.isLoading ? (
        <Text size="sm">No comments yet.</Text>
      ) : (
        <Stack
          gap="xs"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label="Comments"
        >
          {rows.map((comment) => (
            <Paper key={comment.id} withBorder p="sm" component="li">
              <Group justify="space-between" gap="xs">
                <Text size="sm" fw={600}>
                  {comment.author?.display_name ?? 'Former user'}
                </Text>
                <Text size="xs" c="gray.7">
                  {formatDateTime(comment.created)}
                </Text>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {comment.text}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
