import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  NavLink,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconArrowRight, IconPlayerPlay } from '@tabler/icons-react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import {
  ABN_DASHBOARD_TABS,
  ABN_STATUS_FILTER,
  can,
  LIMITS,
  type AbnDashboardDto,
  type AbnDashboardTab,
  type RequestDto,
} from '@rrp/domain';
import { Page } from '@/components/page';
import { openDisplayModal, openErrorModal } from '@/components/modals';
import { ServerTable, type ListState } from '@/components/data-table';
import { requestColumns } from '@/components/request-columns';
import { apiFetch, ApiError, type ListPage } from '@/lib/api-client';
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
  const [state, setState] = useState<ListState>({
    page: 1,
    pageSize: LIMITS.table.pageSize,
    ordering: '-submission_date',
  });
  const [status, setStatus] = useState<number | null>(null);
  const [selected, setSelected] = useState<RequestDto[]>([]);
  const close = useCloseTissueReview();
  const statuses = status === null ? tab.statuses : [status];
  const list = useQuery({
    queryKey: ['requests', 'abn-dashboard', tab.key, statuses, state],
    queryFn: () =>
      apiFetch<ListPage<RequestDto>>('request/', {
        query: {
          type__in: tab.types.join(','),
          status__in: statuses.join(','),
          limit: state.pageSize,
          offset: (state.page - 1) * state.pageSize,
          ordering: state.ordering,
          expand: 'institution',
        },
      }),
    placeholderData: keepPreviousData,
  });
  const bulk = tab.key === 'review' && canRunCycle;

  const closeSelected = () =>
    close.mutate(
      { requests: selected.map((request) => request.id) },
      {
        onSuccess: (result) => {
          setSelected([]);
          onMoved();
          openDisplayModal({ title: result.msg, children: <Text size="sm">{result.detail}</Text> });
        },
        onError: (failure) =>
          openErrorModal({
            title: 'The requests were not moved',
            children:
              failure instanceof ApiError
                ? (failure.fieldErrors.requests ?? failure.summary)
                : String(failure),
          }),
      },
    );

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
      selection={
        bulk
          ? {
              selected,
              onChange: setSelected,
              checkboxLabel: (request) => `Select ${request.portal_request_id}`,
            }
          : undefined
      }
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
      <Group justify="space-between">
        <Title order={2} fz="lg">
          {tab.label}
        </Title>
        {bulk && (
          <Button
            onClick={closeSelected}
            disabled={selected.length === 0}
            loading={close.isPending}
            rightSection={<IconArrowRight size={16} aria-hidden />}
          >
            Close Review and Move to Make Decision
          </Button>
        )}
      </Group>
      {bulk && (
        <Text size="sm" c="gray.7">
          Choose the requests whose reviews are complete, then close their review and move them to Make
          Decision.
        </Text>
      )}
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
  const [params, setParams] = useSearchParams();

  if (actor && !can(actor, 'list', 'TissueReview')) return <Navigate to="/404" replace />;
  const canRunCycle = actor !== null && can(actor, 'review', 'TissueReview');
  const counts = new Map(
    (dashboard.data?.tabs ?? []).map((tab: AbnDashboardDto['tabs'][number]) => [tab.key, tab.count]),
  );
  const current = ABN_DASHBOARD_TABS.find((tab) => tab.key === params.get('tab')) ?? ABN_DASHBOARD_TABS[0]!;

  return (
    <Page
      title="Autism BrainNet"
      actions={
        canRunCycle && (
          <Button
            component={Link}
            to="/abn_tissue/start-review"
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
          >
            Begin Review
          </Button>
        )
      }
    >
      {dashboard.isError ? (
        <Alert color="red">The dashboard could not be loaded.</Alert>
      ) : !dashboard.data ? (
        <Skeleton h={320} />
      ) : (
        <Tabs
          value={current.key}
          onChange={(key) => key && setParams({ tab: key }, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List>
            {ABN_DASHBOARD_TABS.map((tab) => (
              <Tabs.Tab
                key={tab.key}
                value={tab.key}
                rightSection={
                  <Badge
                    size="sm"
                    variant="filled"
                    color="blue.9"
                    aria-label={`${counts.get(tab.key) ?? 0} requests`}
                  >
                    {counts.get(tab.key) ?? 0}
                  </Badge>
                }
              >
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {ABN_DASHBOARD_TABS.map((tab) => (
            <Tabs.Panel key={tab.key} value={tab.key} pt="md">
              <TabList tab={tab} canRunCycle={canRunCycle} onMoved={() => void dashboard.refetch()} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Page>
  );
}
