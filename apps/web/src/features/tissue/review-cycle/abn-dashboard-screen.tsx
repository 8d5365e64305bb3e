import { useState } from 'react';
import { Alert, Grid, Group, NavLink, Skeleton, Stack } from '@mantine/core';
import { Navigate, useNavigate } from 'react-router';
import {
  ABN_DASHBOARD_TABS,
  ABN_STATUS_FILTER,
  can,
  type AbnDashboardDto,
  type AbnDashboardTab,
  type MovedRequests,
  type RequestDto,
} from '@rrp/domain';
import { Page } from '@/components/page';
import { ServerTable } from '@/components/data-table';
import {
  BeginReviewButton,
  CountedTabs,
  TabHeading,
  useBulkMove,
  useTabRequests,
} from '@/components/review-cycle-tabs';
import { requestColumns } from '@/components/request-columns';
import { useActor } from '@/lib/use-can';
import { useAbnDashboard, useCloseTissueReview } from './api';

/**
 * The data and pilot tabs' left status filter (staff §2.7): one status, or all of them. Links in a
 * nav landmark so a keyboard user moves through them like any list of choices.
 */
function StatusFilter({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (status: number | null) => void;
}) {
  return (
    <nav aria-label="Filter by status">
      <NavLink
        component="button"
        label="All Statuses"
        active={value === null}
        onClick={() => onChange(null)}
      />
      {ABN_STATUS_FILTER.map((entry) => (
        <NavLink
          key={entry.status}
          component="button"
          label={entry.label}
          active={value === entry.status}
          aria-current={value === entry.status ? 'true' : undefined}
          onClick={() => onChange(entry.status)}
        />
      ))}
    </nav>
  );
}

/**
 * One tab's requests from the request list (server-paged, filtered in SQL by type and status). The
 * Under Review tab lets staff who run the cycle close review of the chosen requests in bulk.
 */
function TabList({
  tab,
  canRunCycle,
  onMoved,
}: {
  tab: AbnDashboardTab;
  canRunCycle: boolean;
  onMoved: () => void;
}) {
  const navigate = useNavigate();
  const [status, setStatus] = useState<number | null>(null);
  const close = useCloseTissueReview();
  const statuses = status === null ? tab.statuses : [status];
  const { state, setState, list } = useTabRequests<RequestDto>(['abn-dashboard', tab.key], {
    type__in: tab.types.join(','),
    status__in: statuses.join(','),
  });
  const bulk = tab.key === 'review' && canRunCycle;
  const move = useBulkMove<RequestDto, MovedRequests>({
    move: (requests) => close.mutateAsync({ requests }),
    answer: (result) => ({ title: result.msg, detail: result.detail }),
    pending: close.isPending,
    refusedTitle: 'The requests were not moved',
    onMoved,
  });

  const table = (
    <ServerTable<RequestDto>
      label={`${tab.label} requests`}
      records={list.data?.results ?? []}
      total={list.data?.count ?? 0}
      loading={list.isFetching}
      state={state}
      onChange={setState}
      emptyText="There is no record with that status at this time."
      onRowClick={(request) => navigate(`/request/${request.id}`)}
      selection={bulk ? move.selection : undefined}
      columns={[
        requestColumns.portalId,
        requestColumns.principalInvestigator,
        requestColumns.institution,
        requestColumns.submitted,
        requestColumns.status,
      ]}
    />
  );

  return (
    <Stack gap="sm">
      <TabHeading
        title={tab.label}
        move={
          bulk
            ? {
                label: 'Close Review and Move to Make Decision',
                help: 'Choose the requests whose reviews are complete, then close their review and move them to Make Decision.',
                ...move.button,
              }
            : undefined
        }
      />
      {tab.filtered ? (
        <Grid>
          <Grid.Col span={{ base: 12, md: 3 }}>
            <StatusFilter
              value={status}
              onChange={(next) => {
                setStatus(next);
                setState((previous) => ({ ...previous, page: 1 }));
              }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>{table}</Grid.Col>
        </Grid>
      ) : (
        table
      )}
    </Stack>
  );
}

/**
 * /abn-dashboard (staff §2.1, §2.7): the Autism BrainNet requests by tab, each with its count.
 * Administrators and tissue project managers begin review and close it; reviewers see their own
 * assignments.
 */
export default function AbnDashboardScreen() {
  const actor = useActor();
  const dashboard = useAbnDashboard();

  if (actor && !can(actor, 'list', 'TissueReview')) return <Navigate to="/404" replace />;
  const canRunCycle = actor !== null && can(actor, 'review', 'TissueReview');
  const counts = new Map(
    (dashboard.data?.tabs ?? []).map((tab: AbnDashboardDto['tabs'][number]) => [tab.key, tab.count]),
  );

  return (
    <Page
      title="Autism BrainNet"
      actions={
        canRunCycle && (
          // In a group, as on the other screens: alone in the page's header stack it spanned the page.
          <Group>
            <BeginReviewButton to="/abn_tissue/start-review" />
          </Group>
        )
      }
    >
      {dashboard.isError ? (
        <Alert color="red">The dashboard could not be loaded.</Alert>
      ) : !dashboard.data ? (
        <Skeleton h={320} />
      ) : (
        <CountedTabs
          tabs={ABN_DASHBOARD_TABS}
          count={(tab) => counts.get(tab.key) ?? 0}
          noun="requests"
          panel={(tab) => (
            <TabList tab={tab} canRunCycle={canRunCycle} onMoved={() => void dashboard.refetch()} />
          )}
        />
      )}
    </Page>
  );
}
