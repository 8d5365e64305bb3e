import { useEffect, useState } from 'react';
import { Alert, Button, Group, Skeleton, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import {
  can,
  RESEARCH_MATCH_TYPE,
  REVIEW_MESSAGES,
  type RequestDto,
  type ReviewCentreDto,
} from '@rrp/domain';
import { notifications } from '@mantine/notifications';
import { Page } from '@/components/page';
import { ReviewProgressBadge } from '@/components/review-progress-badge';
import { openDisplayModal, openErrorModal } from '@/components/modals';
import { BeginReviewButton, CountedTabs } from '@/components/review-cycle/tabs';
import { CycleTabList } from '@/components/review-cycle/tab-list';
import { requestPath } from '@/components/request-columns';
import { useActor } from '@/lib/use-can';
import { dispatchReport, STARTED_STATE, useMoveToMeeting, useReviewCentre } from './api';

type Tab = ReviewCentreDto['tabs'][number];

/** A reviewer's own columns: their role on the application and their progress. */
const REVIEWER_COLUMNS = [
  {
    accessor: 'role',
    title: 'Your Role',
    render: (request: RequestDto) => request.my_review?.reviewer_role_name ?? '—',
  },
  {
    accessor: 'my_review',
    title: 'Your Progress',
    render: (request: RequestDto) =>
      request.my_review ? (
        <ReviewProgressBadge
          progress={request.my_review.progress}
          conflict={request.my_review.conflict_exists}
        />
      ) : (
        '—'
      ),
  },
];

/** One tab's applications: Research Match applications in the tab's statuses, newest first. */
function TabList({ tab, centre, onMoved }: { tab: Tab; centre: ReviewCentreDto; onMoved: () => void }) {
  const moveToMeeting = useMoveToMeeting();
  const bulk = tab.key === 'review' && centre.scope === 'all' && centre.can_move_to_meeting;
  const own = centre.scope === 'own';
  return (
    <CycleTabList
      tab={tab}
      list="research-match-review"
      types={{ type: RESEARCH_MATCH_TYPE }}
      label={tab.heading}
      emptyText={own ? REVIEW_MESSAGES.noApplications : 'There is no record with that status at this time.'}
      // Staff §2.3: the meeting tab's applications open at their review meeting, the others' at the request.
      open={(request) =>
        tab.key === 'meeting' ? `${requestPath(request)}/review-meeting` : requestPath(request)
      }
      columns={own ? REVIEWER_COLUMNS : []}
      move={
        bulk
          ? {
              label: 'Close and Move to Review Meeting',
              help: 'Choose the applications whose review is complete, then close their review and move them to the review meeting.',
              refusedTitle: 'The applications were not moved',
              run: (requests) => moveToMeeting.mutateAsync({ requests }),
              pending: moveToMeeting.isPending,
            }
          : undefined
      }
      onMoved={onMoved}
    />
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
