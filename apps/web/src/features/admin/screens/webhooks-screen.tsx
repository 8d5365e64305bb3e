import { useState } from 'react';
import { Anchor, Button, Group, Menu, Modal, Stack, Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconDots } from '@tabler/icons-react';
import { Navigate } from 'react-router';
import { can, formatDateTime, type CreateWebhook, type UpdateWebhook, type WebhookDto } from '@rrp/domain';
import { ServerTable } from '@/components/data-table';
import { useListControls } from '@/components/list-controls';
import { NoticeBadge } from '@/components/notice-badge';
import { Page } from '@/components/page';
import { useActor } from '@/lib/use-can';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useSendTestEvent,
  useUpdateWebhook,
  useWebhooks,
} from '../api/webhooks';
import { DELIVERY_STATUS, WebhookDeliveries } from '../components/webhook-deliveries';
import { WebhookForm } from '../components/webhook-form';

function LastDelivery({ webhook }: { webhook: WebhookDto }) {
  const last = webhook.last_delivery;
  if (!last) return <Text size="sm">Nothing sent yet</Text>;
  return (
    <Group gap="xs" wrap="nowrap">
      <NoticeBadge color={DELIVERY_STATUS[last.status].color}>
        {last.status_code ?? DELIVERY_STATUS[last.status].label}
      </NoticeBadge>
      <Text size="sm">{formatDateTime(last.created)}</Text>
    </Group>
  );
}

/**
 * /webhooks: superusers register where the portal posts its events (status changes, decisions, RDA
 * changes, dataset releases), send a test event and read each endpoint's delivery log.
 */
export default function WebhooksScreen() {
  const actor = useActor();
  const { state, setState } = useListControls('-created');
  const webhooks = useWebhooks(state);
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const sendTest = useSendTestEvent();
  // null: the form is closed; 'new': adding; an endpoint: editing it.
  const [editing, setEditing] = useState<WebhookDto | 'new' | null>(null);
  const [expanded, setExpanded] = useState<number[]>([]);
  if (actor && !can(actor, 'list', 'Webhook')) return <Navigate to="/404" replace />;

  const save = async (values: CreateWebhook | UpdateWebhook) => {
    if (editing === 'new') await create.mutateAsync(values as CreateWebhook);
    else if (editing) await update.mutateAsync({ id: editing.id, ...values });
    notifications.show({ color: 'teal', message: 'The endpoint is saved.' });
    setEditing(null);
  };

  const test = (webhook: WebhookDto) =>
    sendTest.mutate(webhook.id, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: `A test event is on its way to ${webhook.url}.` });
        setExpanded((open) => (open.includes(webhook.id) ? open : [...open, webhook.id]));
      },
    });

  const confirmDelete = (webhook: WebhookDto) =>
    modals.openConfirmModal({
      title: 'Delete this endpoint?',
      children: (
        <Text size="sm">
          Nothing more is posted to {webhook.url}, and its delivery log is deleted with it.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(webhook.id, {
          onSuccess: () => notifications.show({ color: 'teal', message: 'The endpoint is deleted.' }),
        }),
    });

  return (
    <Page
      title="Webhooks"
      actions={
        <Group>
          <Button onClick={() => setEditing('new')}>Add Endpoint</Button>
        </Group>
      }
    >
      <Text size="sm" maw={760}>
        Other systems can follow the portal: each endpoint receives the events it is subscribed to as a signed
        JSON post, after the change is saved. A failed post is tried again after 1, 2, 4… up to 64 minutes,
        eight times in all. Open a row to see its deliveries.
      </Text>
      <ServerTable<WebhookDto>
        label="Webhook endpoints"
        records={webhooks.data?.results ?? []}
        total={webhooks.data?.count ?? 0}
        loading={webhooks.isFetching}
        state={state}
        onChange={setState}
        emptyText="No endpoints yet. Add one to start sending events."
        rowExpansion={{
          trigger: 'never',
          expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
          content: ({ record }) => <WebhookDeliveries endpoint={record.id} />,
        }}
        columns={[
          {
            accessor: 'url',
            title: 'URL',
            render: (webhook) => (
              <Stack gap={2}>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  style={{ wordBreak: 'break-all', textAlign: 'left' }}
                  aria-expanded={expanded.includes(webhook.id)}
                  onClick={() =>
                    setExpanded((open) =>
                      open.includes(webhook.id)
                        ? open.filter((id) => id !== webhook.id)
                        : [...open, webhook.id],
                    )
                  }
                >
                  {webhook.url}
                </Anchor>
                {webhook.description && (
                  <Text size="xs" c="gray.7">
                    {webhook.description}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            accessor: 'event_types',
            title: 'Events',
            render: (webhook) => <Text size="sm">{webhook.event_types.join(', ')}</Text>,
          },
          {
            accessor: 'active',
            title: 'Status',
            render: (webhook) =>
              webhook.active ? (
                <NoticeBadge color="teal">Active</NoticeBadge>
              ) : (
                <NoticeBadge color="gray">Off</NoticeBadge>
              ),
          },
          {
            accessor: 'last_delivery',
            title: 'Last delivery',
            render: (webhook) => <LastDelivery webhook={webhook} />,
          },
          {
            accessor: 'actions',
            title: <VisuallyHidden>Actions</VisuallyHidden>,
            render: (webhook) => (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button variant="subtle" size="compact-sm" aria-label={`Actions for ${webhook.url}`}>
                    <IconDots size={16} aria-hidden />
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => setEditing(webhook)}>Edit</Menu.Item>
                  <Menu.Item disabled={!webhook.active} onClick={() => test(webhook)}>
                    Send test event
                  </Menu.Item>
                  <Menu.Item color="red" onClick={() => confirmDelete(webhook)}>
                    Delete
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            ),
          },
        ]}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        size="lg"
        title={editing === 'new' ? 'Add Endpoint' : 'Edit Endpoint'}
      >
        {editing !== null && (
          <WebhookForm
            webhook={editing === 'new' ? null : editing}
            onSave={save}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
    </Page>
  );
}
