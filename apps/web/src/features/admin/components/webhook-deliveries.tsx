import { Button, Code, Stack, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDateTime, type WebhookDeliveryDto } from '@rrp/domain';
import { ServerTable } from '@/components/data-table';
import { useListControls } from '@/components/list-controls';
import { NoticeBadge } from '@/components/notice-badge';
import { useRetryDelivery, useWebhookDeliveries } from '../api/webhooks';

export const DELIVERY_STATUS: Record<WebhookDeliveryDto['status'], { label: string; color: string }> = {
  queued: { label: 'Waiting to retry', color: 'yellow' },
  sending: { label: 'Sending', color: 'blue' },
  delivered: { label: 'Delivered', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
};

function Outcome({ delivery }: { delivery: WebhookDeliveryDto }) {
  const status = DELIVERY_STATUS[delivery.status];
  // A new delivery has not been tried yet: it is not waiting for a retry.
  const label = delivery.status === 'queued' && delivery.attempts === 0 ? 'Queued' : status.label;
  return <NoticeBadge color={status.color}>{label}</NoticeBadge>;
}

/** One endpoint's delivery log: each event, its outcome, HTTP status, attempts and next try. */
export function WebhookDeliveries({ endpoint }: { endpoint: number }) {
  const { state, setState } = useListControls('-id');
  const deliveries = useWebhookDeliveries(endpoint, state);
  const retry = useRetryDelivery();

  return (
    <Stack gap="xs" p="sm">
      <ServerTable<WebhookDeliveryDto>
        label={`Deliveries of endpoint ${endpoint}`}
        records={deliveries.data?.results ?? []}
        total={deliveries.data?.count ?? 0}
        loading={deliveries.isFetching}
        state={state}
        onChange={setState}
        emptyText="Nothing has been sent to this endpoint yet."
        columns={[
          { accessor: 'event_type', title: 'Event', render: (row) => <Code>{row.event_type}</Code> },
          { accessor: 'status', title: 'Outcome', render: (row) => <Outcome delivery={row} /> },
          {
            accessor: 'status_code',
            title: 'Answer',
            render: (row) => (
              <Text size="sm">{row.status_code ?? (row.error ? `No answer: ${row.error}` : '—')}</Text>
            ),
          },
          { accessor: 'attempts', title: 'Attempts' },
          {
            accessor: 'next_attempt_at',
            title: 'Next try',
            render: (row) => (row.next_attempt_at ? formatDateTime(row.next_attempt_at) : '—'),
          },
          { accessor: 'created', title: 'Created', render: (row) => formatDateTime(row.created) },
          {
            accessor: 'actions',
            title: <VisuallyHidden>Actions</VisuallyHidden>,
            render: (row) =>
              row.status === 'sending' ? null : (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  aria-label={`Send ${row.event_type} #${row.id} again`}
                  loading={retry.isPending && retry.variables === row.id}
                  onClick={() =>
                    retry.mutate(row.id, {
                      onSuccess: () =>
                        notifications.show({ color: 'teal', message: 'The event is being sent again.' }),
                    })
                  }
                >
                  Send again
                </Button>
              ),
          },
        ]}
      />
    </Stack>
  );
}
