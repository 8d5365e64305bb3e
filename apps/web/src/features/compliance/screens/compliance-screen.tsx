import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconMail, IconSearch } from '@tabler/icons-react';
import { Navigate } from 'react-router';
import { formatDate, can, type ComplianceStatusId, type InstitutionComplianceDto } from '@rrp/domain';
import { useListControls } from '@/components/list-controls';
import { Page } from '@/components/page';
import { useCan, useActor } from '@/lib/use-can';
import { useSession } from '@/lib/session';
import { useAcknowledge, useComplianceList, useComplianceSummary } from '../api/compliance';
import { ComplianceChart } from '../components/compliance-chart';
import { ComplianceStatusBadge } from '../components/compliance-status';
import { EmailComposerModal } from '../components/email-composer-modal';
import { StatusFilter } from '../components/status-filter';
import { ListTable } from '@/components/list-table';

const EMAIL_STATUS: Record<string, string> = { queued: 'Queued', sending: 'Sending', failed: 'Failed' };

/** Stops a click inside a row from also opening the institution. */
const inRow = (action: () => void) => (event: React.MouseEvent) => {
  event.stopPropagation();
  action();
};

function Acknowledgement({ row }: { row: InstitutionComplianceDto }) {
  const acknowledge = useAcknowledge();
  const mayAcknowledge = useCan(row, 'acknowledge');
  if (row.admin_acknowledge) {
    return (
      <Group gap={4} wrap="nowrap">
        <IconCheck size={16} color="var(--mantine-color-teal-8)" aria-hidden />
        <Text size="sm">Acknowledged</Text>
      </Group>
    );
  }
  // Only a review that is due or missing calls for an acknowledgement.
  if (!mayAcknowledge || row.compliance_status === 1) return <Text size="sm">No</Text>;
  return (
    <Button
      size="compact-sm"
      variant="light"
      loading={acknowledge.isPending}
      aria-label={`Acknowledge ${row.display_name}`}
      onClick={inRow(() =>
        acknowledge.mutate(row.id, {
          onSuccess: () =>
            notifications.show({
              color: 'teal',
              message: `${row.display_name} acknowledged.`,
              closeButtonProps: { 'aria-label': 'Dismiss' },
            }),
        }),
      )}
    >
      Acknowledge
    </Button>
  );
}

function LastEmail({ row }: { row: InstitutionComplianceDto }) {
  if (!row.lastEmail) return <Text size="sm">—</Text>;
  const status = EMAIL_STATUS[row.lastEmail.status];
  return (
    <Tooltip label={row.lastEmail.subject} withinPortal>
      <Group gap={6} wrap="nowrap">
        <Text size="sm">{formatDate(row.lastEmail.created)}</Text>
        {status && (
          <Badge
            size="xs"
            variant="outline"
            color={row.lastEmail.status === 'failed' ? 'red.9' : 'gray.8'}
            style={{ minWidth: 'max-content' }}
          >
            {status}
          </Badge>
        )}
      </Group>
    </Tooltip>
  );
}

/**
 * /compliance (staff §2.13): approved institutions by compliance status — a pie chart and a
 * filter list with counts, and the table; a row opens the institution. Administrators acknowledge
 * an institution's state and e-mail its signing official.
 */
export default function ComplianceScreen() {
  const { user } = useSession();
  const { state, setState, searchText, setSearch, search, filter } = useListControls('-compliance_status');
  const [status, setStatus] = useState<ComplianceStatusId | null>(null);
  const [emailing, setEmailing] = useState<InstitutionComplianceDto | null>(null);
  const actor = useActor();
  const allowed = can(actor, 'list', 'Compliance');
  const list = useComplianceList({ ...state, status, search }, allowed);
  const summary = useComplianceSummary(search, allowed);
  // The page is for staff who oversee institutions; anyone else has nothing to see here.
  if (user && !allowed) return <Navigate to="/404" replace />;

  return (
    <Page title="SBSO Compliance">
      <Text size="sm" maw={760}>
        Each approved institution’s signing official completes the annual researcher review on the anniversary
        of the institution’s fully executed RDA. ‘Review Due’ starts 30 days before the anniversary; a review
        still missing 30 days after it makes the institution ‘Non-Compliant’.
      </Text>
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Card withBorder padding="md">
          <StatusFilter summary={summary.data} value={status} onChange={filter(setStatus)} />
        </Card>
        <Card withBorder padding="md">
          <ComplianceChart summary={summary.data} />
        </Card>
      </Group>
      <Stack>
        <TextInput
          label="Search institutions and signing officials"
          leftSection={<IconSearch size={14} aria-hidden />}
          value={searchText}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={320}
        />
        <ListTable<InstitutionComplianceDto>
          label="Institution compliance"
          list={list}
          state={state}
          onChange={setState}
          emptyText="There is no record with that status at this time."
          rowPath={(row) => `/institution/${row.id}`}
          columns={[
            { accessor: 'display_name', title: 'Institution', sortable: true },
            {
              accessor: 'current_io',
              title: 'Signing official',
              render: (row) =>
                row.current_io ? (
                  <Stack gap={0}>
                    <Text size="sm">{row.current_io.full_name}</Text>
                    <Text size="xs" c="gray.7">
                      {row.current_io.email}
                    </Text>
                  </Stack>
                ) : (
                  <Text size="sm">None</Text>
                ),
            },
            {
              accessor: 'current_anniversary',
              title: 'Anniversary',
              sortable: true,
              noWrap: true,
              render: (row) => formatDate(row.current_anniversary),
            },
            {
              accessor: 'compliance_status',
              title: 'Status',
              sortable: true,
              noWrap: true,
              render: (row) => <ComplianceStatusBadge status={row.compliance_status} />,
            },
            { accessor: 'requestCount', title: 'Fulfilled requests', sortable: true, textAlign: 'right' },
            {
              accessor: 'lastEmail',
              title: 'Last e-mail',
              noWrap: true,
              render: (row) => <LastEmail row={row} />,
            },
            {
              accessor: 'admin_acknowledge',
              title: 'Acknowledged',
              sortable: true,
              render: (row) => <Acknowledgement row={row} />,
            },
            {
              accessor: 'actions',
              title: 'Actions',
              render: (row) =>
                row.permissions.includes('email') ? (
                  <Tooltip label="Email the signing official" withinPortal>
                    <ActionIcon
                      variant="default"
                      aria-label={`Email ${row.display_name}`}
                      onClick={inRow(() => setEmailing(row))}
                    >
                      <IconMail size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                ) : null,
            },
          ]}
        />
      </Stack>
      <EmailComposerModal institution={emailing} onClose={() => setEmailing(null)} />
    </Page>
  );
}
