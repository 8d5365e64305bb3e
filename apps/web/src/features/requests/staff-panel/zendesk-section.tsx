import { useState } from 'react';
import {
  Accordion,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  TagsInput,
  Text,
  Title,
} from '@mantine/core';
import { formatDateTime, MAX_ZENDESK_TICKETS, REQUEST_STAFF_MESSAGES } from '@rrp/domain';
import { ApiError } from '@/lib/api-client';
import { useSetZendeskIds, useZendeskConversations } from '../api/staff';

/** The conversations of the saved tickets (staff §7 GET zendesk_ticket, §8 messages). */
function ZendeskConversationsPanel({ ids }: { ids: readonly string[] }) {
  const conversations = useZendeskConversations(ids);
  if (ids.length === 0) return null;
  if (conversations.isLoading) return <Loader size="sm" aria-label="Loading conversations" />;
  if (conversations.isError) {
    return (
      <Alert color="red" role="alert">
        {REQUEST_STAFF_MESSAGES.fetchFailed}
      </Alert>
    );
  }
  const tickets = ids.flatMap((id) => (conversations.data?.[id] ? [conversations.data[id]] : []));
  if (tickets.length === 0) {
    return (
      <Alert color="yellow" role="status">
        {REQUEST_STAFF_MESSAGES.noConversations}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      {tickets.some((ticket) => ticket.demo) && (
        <Alert color="gray" role="status">
          Zendesk is not configured on this server: these are its demo tickets, not real conversations.
        </Alert>
      )}
      <Accordion variant="separated" multiple defaultValue={tickets.map((ticket) => ticket.id)}>
        {tickets.map((ticket) => (
          <Accordion.Item key={ticket.id} value={ticket.id}>
            <Accordion.Control>
              <Group gap="xs">
                <Text size="sm" fw={600}>
                  {`#${ticket.id} ${ticket.subject}`}
                </Text>
                {ticket.status && (
                  <Badge variant="outline" color="gray.8" size="sm">
                    {ticket.status}
                  </Badge>
                )}
                {ticket.demo && (
                  <Badge variant="outline" color="gray.8" size="sm">
                    Demo ticket
                  </Badge>
                )}
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap="xs">
                {ticket.comments.map((comment) => (
                  <Paper key={comment.id} withBorder p="xs" bg={comment.public ? undefined : 'yellow.0'}>
                    <Group justify="space-between" gap="xs">
                      <Text size="sm" fw={600}>
                        {comment.author}
                        {comment.public ? '' : ' (internal note)'}
                      </Text>
                      <Text size="xs" c="gray.7">
                        {formatDateTime(comment.created_at)}
                      </Text>
                    </Group>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {comment.body}
                    </Text>
                  </Paper>
                ))}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}

/** Zendesk ticket ids of the request (staff §3 zendesk_ticket_ids) and their conversations. */
export function ZendeskSection({ requestId, savedIds }: { requestId: number; savedIds: string[] }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="zendesk-heading">
      <Title order={3} fz="md" id="zendesk-heading">
        Zendesk Tickets
      </Title>
      {/* Saved ids from the server start the editor afresh. */}
      <ZendeskIdsEditor key={savedIds.join(',')} requestId={requestId} savedIds={savedIds} />
      <ZendeskConversationsPanel ids={savedIds} />
    </Stack>
  );
}

function ZendeskIdsEditor({ requestId, savedIds }: { requestId: number; savedIds: string[] }) {
  const [ids, setIds] = useState<string[]>(savedIds);
  const save = useSetZendeskIds(requestId);
  const [error, setError] = useState<string | null>(null);
  const invalid = ids.find((id) => !/^\d{1,15}$/.test(id));
  const changed = ids.join(',') !== savedIds.join(',');

  async function submit() {
    setError(null);
    try {
      await save.mutateAsync(ids);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'Saving failed.');
    }
  }

  return (
    <>
      <TagsInput
        label="Zendesk ticket ids"
        description="Type a ticket number and press Enter."
        placeholder="Ticket number"
        value={ids}
        onChange={(value) => setIds(value.map((id) => id.trim()).filter(Boolean))}
        maxTags={MAX_ZENDESK_TICKETS}
        splitChars={[',', ' ']}
        clearable
        error={invalid ? REQUEST_STAFF_MESSAGES.zendeskId : error}
      />
      <Group justify="flex-end">
        <Button
          onClick={() => void submit()}
          disabled={!changed || Boolean(invalid)}
          loading={save.isPending}
        >
          Save Tickets
        </Button>
      </Group>
    </>
  );
}
