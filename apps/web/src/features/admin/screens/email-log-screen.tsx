import { useState } from 'react';
import { Button, Group, Select, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { Navigate } from 'react-router';
import { can, formatDateTime, type EmailLogDto } from '@rrp/domain';
import { ServerTable } from '@/components/data-table';
import { NoticeBadge } from '@/components/notice-badge';
import { Page } from '@/components/page';
import { SearchInput } from '@/components/search-input';
import { useActor } from '@/lib/use-can';
import { useEmailLogs, useResendEmail, type EmailLogFilters } from '../api/email-log';

const STATUS: Record<EmailLogDto['status'], { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'blue' },
  sending: { label: 'Sending', color: 'blue' },
  sent: { label: 'Sent', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
};

/** Foundation §9: search starts after a 1 s pause. */
const SEARCH_PAUSE_MS = 1000;

/**
 * /email-log: what the portal sent and what failed, with its delivery attempts and last error; a
 * sent or failed e-mail can be sent again (a new entry). For administrators and superusers.
 */
export default function EmailLogScreen() {
  const actor = useActor();
  const [filters, setFilters] = useState<EmailLogFilters>({
    page: 1,
    pageSize: 10,
    ordering: '-created',
    status: null,
    template: '',
    objectIds: '',
    search: '',
  });
  const [search] = useDebouncedValue(filters.search, SEARCH_PAUSE_MS);
  const [template] = useDebouncedValue(filters.template, SEARCH_PAUSE_MS);
  const [objectIds] = useDebouncedValue(filters.objectIds, SEARCH_PAUSE_MS);
  const validIds = /^\s*(\d+\s*(,\s*\d+\s*)*)?$/.test(objectIds);
  const logs = useEmailLogs({ ...filters, search, template, objectIds: validIds ? objectIds : '' });
  const resend = useResendEmail();
  if (actor && !can(actor, 'list', 'EmailLog')) return <Navigate to="/404" replace />;

  const set = (change: Partial<EmailLogFilters>) =>
    setFilters((current) => ({ ...current, page: 1, ...change }));
  const sendAgain = (log: EmailLogDto) =>
    resend.mutate(log.id, {
      onSuccess: (copy) =>
        notifications.show({ color: 'teal', message: `“${copy.subject}” is being sent again.` }),
    });

  return (
    <Page title="Email Log">
      <Group align="flex-end" gap="md" wrap="wrap">
        <SearchInput
          label="Search"
          placeholder="Subject"
          value={filters.search}
          onChange={(value) => set({ search: value })}
          w={240}
        />
        <Select
          label="Status"
          placeholder="Any status"
          clearable
          w={160}
          data={Object.entries(STATUS).map(([value, { label }]) => ({ value, label }))}
          value={filters.status}
          onChange={(value) => set({ status: (value as EmailLogDto['status'] | null) ?? null })}
        />
        <TextInput
          label="Template"
          placeholder="e.g. compliance"
          w={180}
          value={filters.template}
          onChange={(event) => set({ template: event.currentTarget.value })}
        />
        <TextInput
          label="Object ids"
          placeholder="e.g. 12, 40"
          w={160}
          value={filters.objectIds}
          onChange={(event) => set({ objectIds: event.currentTarget.value })}
          error={validIds ? undefined : 'Enter ids separated by commas.'}
        />
      </Group>
      <ServerTable<EmailLogDto>
        label="Email log"
        records={logs.data?.results ?? []}
        total={logs.data?.count ?? 0}
        loading={logs.isFetching}
        state={filters}
        onChange={(state) => setFilters((current) => ({ ...current, ...state }))}
        emptyText="No e-mails match."
        columns={[
          {
            accessor: 'created',
            title: 'Created',
            sortable: true,
            render: (log) => formatDateTime(log.created),
          },
          { accessor: 'to', title: 'To', render: (log) => log.to.join(', ') },
          {
            accessor: 'subject',
            title: 'Subject',
            render: (log) => (
              <Stack gap={0}>
                <Text size="sm">{log.subject}</Text>
                <Text size="xs" c="gray.7">
                  {log.template}
                  {log.resent_from ? ` · sent again from #${log.resent_from}` : ''}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'status',
            title: 'Status',
            render: (log) => (
              <Stack gap={2}>
                <NoticeBadge color={STATUS[log.status].color}>{STATUS[log.status].label}</NoticeBadge>
                {log.last_error ? (
                  <Text size="xs" c="red.8">
                    {log.last_error}
                  </Text>
                ) : null}
              </Stack>
            ),
          },
          { accessor: 'attempts', title: 'Attempts' },
          {
            accessor: 'actions',
            title: <VisuallyHidden>Actions</VisuallyHidden>,
            render: (log) =>
              log.status === 'sent' || log.status === 'failed' ? (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => sendAgain(log)}
                  loading={resend.isPending && resend.variables === log.id}
                  aria-label={`Resend “${log.subject}” to ${log.to.join(', ')}`}
                >
                  Resend
                </Button>
              ) : null,
          },
        ]}
      />
    </Page>
  );
}
