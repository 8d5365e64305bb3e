import { Alert, Anchor, Badge, Card, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link, Navigate, useParams } from 'react-router';
import { can, formatDate, type ReviewLoadState, type ReviewerWorkloadDetail } from '@rrp/domain';
import { Page } from '@/components/page';
import { ScrollContainer } from '@/components/scroll-table';
import { groupNames, LoadFacts } from '@/components/reviewer-suggestions/load';
import { useActor } from '@/lib/use-can';
import { useReviewerWorkloadDetail } from '../api';

const STATES: Record<ReviewLoadState, { label: string; color: string }> = {
  open: { label: 'Open', color: 'blue.9' },
  due_soon: { label: 'Due soon', color: 'orange.9' },
  overdue: { label: 'Overdue', color: 'red.9' },
};

/** /reviewer-workload/{id} (issue 33): one reviewer's load and open reviews, each linking to its request. */
export default function ReviewerWorkloadDetailScreen() {
  const actor = useActor();
  const allowed = actor !== null && can(actor, 'read', 'ReviewerWorkload');
  const id = Number(useParams().objectId);
  const detail = useReviewerWorkloadDetail(id, allowed);

  if (actor && !allowed) return <Navigate to="/404" replace />;
  return (
    <Page
      title={detail.data?.display_name ?? 'Reviewer'}
      crumbs={[{ label: 'Reviewer Workload', to: '/reviewer-workload' }]}
    >
      {detail.isError ? (
        <Alert color="red">The reviewer's workload could not be loaded.</Alert>
      ) : !detail.data ? (
        <Skeleton h={240} />
      ) : (
        <WorkloadDetail reviewer={detail.data} />
      )}
    </Page>
  );
}

function WorkloadDetail({ reviewer }: { reviewer: ReviewerWorkloadDetail }) {
  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" component="section" aria-labelledby="load-heading">
        <Title order={2} fz="lg" mb="xs" id="load-heading">
          Load
        </Title>
        <Text size="sm" c="gray.7" mb="sm" style={{ overflowWrap: 'anywhere' }}>
          {reviewer.email} · {groupNames(reviewer.groups)} · {reviewer.completed_last_year} completed in the
          last 12 months
        </Text>
        <LoadFacts load={reviewer} />
      </Card>
      <Card withBorder padding="lg" component="section" aria-labelledby="reviews-heading">
        <Title order={2} fz="lg" mb="sm" id="reviews-heading">
          Open Reviews
        </Title>
        {reviewer.reviews.length === 0 ? (
          <Text size="sm">No open reviews.</Text>
        ) : (
          <ScrollContainer minWidth={560} label="Open reviews">
            <Table striped withTableBorder aria-label="Open reviews">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Request</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Due</Table.Th>
                  <Table.Th>State</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {reviewer.reviews.map((review) => (
                  <Table.Tr key={review.request.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/request/${review.request.id}`} size="sm">
                        {review.request.display_name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{review.role}</Table.Td>
                    <Table.Td>{review.due_date ? formatDate(review.due_date) : 'No due date'}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={STATES[review.state].color}>
                        {STATES[review.state].label}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}
