import { useState } from 'react';
import { Anchor, Card, Group, Stack, Title } from '@mantine/core';
import { ReviewProgressBadge } from '@/components/review-progress-badge';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { LIMITS, type RequestDto, type RoleKey } from '@rrp/domain';
import { apiFetch, type ListPage } from '@/lib/api-client';
import { useFeature } from '@/lib/feature-toggles';
import { useSession } from '@/lib/session';
import { ServerTable, type ListState } from '@/components/data-table';
import { requestColumns } from '@/components/request-columns';

export const NO_APPLICATIONS = "You currently don't have any applications to review.";

interface ReviewList {
  key: string;
  title: string;
  /** The request list filter of this list. */
  query: Record<string, string>;
  /** Shown only when it has rows (assignments outside the role's usual kind). */
  onlyWhenFilled?: boolean;
}

/**
 * Staff §2.2: an abn_reviewer sees the ABN tissue, pilot and data request lists (tissue only with
 * abn_epic); internal and external reviewers see Research Match applications; portal reviewers
 * every assignment. Other assignments are listed too, when there are any (decision 083).
 */
export function reviewListsFor(role: RoleKey, abnEpic: boolean): ReviewList[] {
  switch (role) {
    case 'abn_reviewer':
      return [
        { key: 'abn-data', title: 'Autism BrainNet Data Requests', query: { type: '6' } },
        { key: 'abn-pilot', title: 'Pilot Applications', query: { type: '7' } },
        ...(abnEpic ? [{ key: 'abn-tissue', title: 'Tissue Requests', query: { type: '8' } }] : []),
      ];
    case 'internal_reviewer':
    case 'external_reviewer':
      return [
        { key: 'rm', title: 'Research Match Applications', query: { grouping: 'recontacting' } },
        {
          key: 'other',
          title: 'Other Requests to Review',
          query: { grouping__in: 'dataset,biospecimen,funding,tissue' },
          onlyWhenFilled: true,
        },
      ];
    default:
      return [{ key: 'all', title: 'Requests Assigned to You', query: {} }];
  }
}

/**
 * The reviewer's progress on a Research Match application (staff §4.3: New, In Progress,
 * Completed), or that they declared a conflict; other kinds have none.
 */
const progressColumn = {
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
};

function ReviewListTable({ list, userId }: { list: ReviewList; userId: number }) {
  const navigate = useNavigate();
  const [state, setState] = useState<ListState>({
    page: 1,
    pageSize: LIMITS.table.pageSize,
    ordering: '-submission_date',
  });
  const page = useQuery({
    queryKey: ['requests', 'review-list', list.key, userId, state],
    queryFn: () =>
      apiFetch<ListPage<RequestDto>>('request/', {
        query: {
          limit: state.pageSize,
          offset: (state.page - 1) * state.pageSize,
          ordering: state.ordering,
          reviews__user: userId,
          expand: 'institution',
          ...list.query,
        },
      }),
    placeholderData: keepPreviousData,
  });
  if (list.onlyWhenFilled && !page.data?.count) return null;
  const headingId = `review-list-${list.key}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={3} fz="md" id={headingId}>
        {list.title}
      </Title>
      <ServerTable<RequestDto>
        label={list.title}
        records={page.data?.results ?? []}
        total={page.data?.count ?? 0}
        loading={page.isFetching}
        state={state}
        onChange={setState}
        emptyText={NO_APPLICATIONS}
        onRowClick={(request) => navigate(`/request/${request.id}`)}
        columns={[
          requestColumns.portalId,
          requestColumns.resource,
          requestColumns.principalInvestigator,
          requestColumns.institution,
          requestColumns.submitted,
          requestColumns.status,
          progressColumn,
        ]}
      />
    </Stack>
  );
}

/** The reviewer home's lists of applications to review: the reviewer's own assignments. */
export function ReviewerPanel({ role }: { role: RoleKey }) {
  const { user } = useSession();
  const abnEpic = useFeature('abn_epic', role === 'abn_reviewer');
  if (!user) return null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="reviewer-panel-heading">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="xl" id="reviewer-panel-heading">
          Applications to Review
        </Title>
        {role !== 'abn_reviewer' && (
          <Anchor component={Link} to="/research-match-review" size="sm">
            Research Match Review
          </Anchor>
        )}
      </Group>
      <Stack gap="lg">
        {reviewListsFor(role, abnEpic).map((list) => (
          <ReviewListTable key={list.key} list={list} userId={user.id} />
        ))}
      </Stack>
    </Card>
  );
}
