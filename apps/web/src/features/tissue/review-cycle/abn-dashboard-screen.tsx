import { Alert, Group, Skeleton } from '@mantine/core';
import { Navigate } from 'react-router';
import {
  ABN_DASHBOARD_TABS,
  ABN_STATUS_FILTER,
  can,
  type AbnDashboardDto,
  type AbnDashboardTab,
} from '@rrp/domain';
import { Page } from '@/components/page';
import { BeginReviewButton, CountedTabs } from '@/components/review-cycle/tabs';
import { CycleTabList } from '@/components/review-cycle/tab-list';
import { useActor } from '@/lib/use-can';
import { useAbnDashboard, useCloseTissueReview } from './api';

/**
 * One tab's requests (the data and pilot tabs with the status filter). The Under Review tab lets
 * staff who run the cycle close review of the chosen requests in bulk.
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
  const close = useCloseTissueReview();
  const bulk = tab.key === 'review' && canRunCycle;
  return (
    <CycleTabList
      tab={{ key: tab.key, heading: tab.label, statuses: tab.statuses }}
      list="abn-dashboard"
      types={{ type__in: tab.types.join(',') }}
      label={`${tab.label} requests`}
      emptyText="There is no record with that status at this time."
      move={
        bulk
          ? {
              label: 'Close Review and Move to Make Decision',
              help: 'Choose the requests whose reviews are complete, then close their review and move them to Make Decision.',
              refusedTitle: 'The requests were not moved',
              run: async (requests) => {
                const result = await close.mutateAsync({ requests });
                return { title: result.msg, detail: result.detail };
              },
              pending: close.isPending,
            }
          : undefined
      }
      onMoved={onMoved}
      statusFilter={tab.filtered ? ABN_STATUS_FILTER : undefined}
    />
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
