import { useEffect, useState } from 'react';
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { can, REVIEW_MESSAGES, type ReviewCentreDto } from '@rrp/domain';
import { notifications } from '@mantine/notifications';
import { Page } from '@/components/page';
import { ReviewProgressBadge } from '@/components/review-progress-badge';
import { openDisplayModal, openErrorModal } from '@/components/modals';
import { ServerTable } from '@/components/data-table';
import {
  BeginReviewButton,
  CountedTabs,
  TabHeading,
  useBulkMove,
  useTabRequests,
} from '@/components/review-cycle-tabs';
import { portalIdColumn, requestColumns, requestPath } from '@/components/request-columns';
import { useActor } from '@/lib/use-can';
import type { RequestView } from '../api/requests';
import { dispatchReport, STARTED_STATE, useMoveToMeeting, useReviewCentre } from './api';

type Tab = ReviewCentreDto['tabs'][number];

const progressColumn = {
  accessor: 'my_review',
  title: 'Your Progress',
  render: (request: RequestView) =>
    request.my_review ? (
      <ReviewProgressBadge
        progress={request.my_review.progress}
        conflict={request.my_review.conflict_exists}
      />
    ) : (
      '—'
    ),
};
const roleColumn = {
  accessor: 'role',
  title: 'Your Role',
  render: (request: RequestView) => request.my_review?.reviewer_role_name ?? '—',
};

/** One tab's applications: Research Match applications in the tab's statuses, newest first. */
function TabList({ tab, centre, onMoved }: { tab: Tab; centre: ReviewCentreDto; onMoved: () => void }) {
  const navigate = useNavigate();
  const moveToMeeting = useMoveToMeeting();
  const { state, setState, list } = useTabRequests<RequestView>(['research-match-review', tab.key], {
    type: 4,
    status__in: tab.statuses.join(','),
  });
  const bulk = tab.key === 'review' && centre.scope === 'all' && centre.can_move_to_meeting;
  const own = centre.scope === 'own';
  // Staff §2.3: the meeting tab's applications open at their review meeting, the others' at the request.
  const open = (request: RequestView) =>
    tab.key === 'meeting' ? `${requestPath(request)}/review-meeting` : requestPath(request);
  const move = useBulkMove<RequestView, Awaited<ReturnType<typeof moveToMeeting.mutateAsync>>>({
    move: (ids) => moveToMeeting.mutateAsync(ids),
    answer: (result) => result,
    pending: moveToMeeting.isPending,
    refusedTitle: 'The applications were not moved',
    onMoved,
  });

  return (
    <Stack gap="sm">
      <TabHeading
        title={tab.heading}
        move={
          bulk
            ? {
                label: 'Close and Move to Review Meeting',
                help: 'Choose the applications whose review is complete, then close their review and move them to the review meeting.',
                ...move.button,
              }
            : undefined
        }
      />
      <ServerTable<RequestView>
        label={tab.heading}
        records={list.data?.results ?? []}
        total={list.data?.count ?? 0}
        loading={list.isFetching}
        state={state}
        onChange={setState}
        emptyText={own ? REVIEW_MESSAGES.noApplications : 'There is no record with that status at this time.'}
        onRowClick={(request) => navigate(open(request))}
        selection={bulk ? move.selection : undefined}
        columns={[
          portalIdColumn(open),
          requestColumns.principalInvestigator,
          requestColumns.institution,
          requestColumns.submitted,
          requestColumns.status,
          ...(own ? [roleColumn, progressColumn] : []),
        ]}
      />
    </Stack>
  );
}

/**
 * /research-match-review (staff §2.3): the Research Match review centre. Staff who see every
 * application get the cycle's tabs with counts (administrators: Begin Review, the move to the
 * meeting, the report); reviewers get their own assignments under review, returned for revisions
 * and approved.
 */
export default function ReviewCentreScreen() {
  const actor = useActor();
  const centre = useReviewCentre();
  const location = useLocation();
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const started = (location.state as Record<string, unknown> | null)?.[STARTED_STATE];

  useEffect(() => {
    if (typeof started === 'number') {
      notifications.show({
        color: 'teal',
        title: 'Review Started',
        message: `${started === 1 ? 'One application is' : `${started} applications are`} now under review, and the e-mail has been sent.`,
        closeButtonProps: { 'aria-label': 'Close' },
      });
      void navigate(location.pathname + location.search, { replace: true, state: null });
    }
  }, [started, navigate, location.pathname, location.search]);

  if (actor && !can(actor, 'list', 'ReviewCycle')) return <Navigate to="/404" replace />;
  if (centre.isError) {
    return (
      <Page title="Research Match Review">
        <Alert color="red">The review centre could not be loaded.</Alert>
      </Page>
    );
  }
  if (!centre.data) {
    return (
      <Page title="Research Match Review">
        <Skeleton h={320} />
      </Page>
    );
  }
  const data = centre.data;

  const sendReport = async () => {
    setSending(true);
    try {
      const answer = await dispatchReport();
      openDisplayModal({ title: 'Research Match Report', children: <Text size="sm">{answer.detail}</Text> });
    } catch {
      openErrorModal({ title: REVIEW_MESSAGES.reportErrorTitle, children: REVIEW_MESSAGES.reportErrorBody });
    } finally {
      setSending(false);
    }
  };

  return (
    <Page
      title="Research Match Review"
      actions={
        <Group gap="xs">
          <Button component={Link} to="/research-match-applications" variant="default">
            All Applications
          </Button>
          {data.can_dispatch_report && (
            <Button
              variant="default"
              leftSection={<IconMail size={16} aria-hidden />}
              loading={sending}
              onClick={() => void sendReport()}
            >
              Email Research Match Report
            </Button>
          )}
          {data.can_start_review && <BeginReviewButton to="/research-match-review/start-review" />}
        </Group>
      }
    >
      <CountedTabs
        tabs={data.tabs}
        count={(tab) => tab.count}
        noun="applications"
        panel={(tab) => <TabList tab={tab} centre={data} onMoved={() => void centre.refetch()} />}
      />
    </Page>
  );
}
