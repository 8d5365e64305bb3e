import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import {
  TISSUE_REVIEW_COMMENTS,
  TISSUE_REVIEW_CRITERIA,
  TISSUE_REVIEW_MESSAGES,
  type TissueReviewDto,
} from '@rrp/domain';
import { ApiError } from '@/lib/api-client';
import { useRequestTissueReviews } from '@/components/tissue/review-api';
import { TISSUE_FIELD_LABELS } from '@/components/tissue/review-labels';

const score = (value: number | null) => (value === null ? '-' : value.toFixed(2));

/** One reviewer's scores and comments, read-only. */
function ReviewCard({ review }: { review: TissueReviewDto }) {
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge variant="outline" color="blue.9">{`${Math.round(review.progress * 100)}% filled`}</Badge>
        <Badge variant="outline" color={review.submitted_at ? 'teal.9' : 'gray.8'}>
          {review.submitted_at ? 'Submitted' : 'Not submitted'}
        </Badge>
        {review.editable && (
          <Button
            component="a"
            href={`/abn-review/${review.request}`}
            target="_blank"
            // Same origin: the review window may close itself once the review is saved (staff §2.6).
            rel="opener"
            size="xs"
            rightSection={<IconExternalLink size={14} aria-hidden />}
          >
            Open Review Form
          </Button>
        )}
      </Group>
      {[...TISSUE_REVIEW_CRITERIA].map((criterion) => (
        <div key={criterion}>
          <Text fw={600} size="sm">
            {`${TISSUE_FIELD_LABELS[criterion]}: ${review[`${criterion}_score`] ?? '-'}`}
          </Text>
          <Text size="sm" c="gray.8" style={{ whiteSpace: 'pre-wrap' }}>
            {review[`${criterion}_comment`] || 'No comment.'}
          </Text>
        </div>
      ))}
      {TISSUE_REVIEW_COMMENTS.map((name) => (
        <div key={name}>
          <Text fw={600} size="sm">
            {TISSUE_FIELD_LABELS[name]}
          </Text>
          <Text size="sm" c="gray.8" style={{ whiteSpace: 'pre-wrap' }}>
            {review[`${name}_comment`] || 'No comment.'}
          </Text>
        </div>
      ))}
    </Stack>
  );
}

/**
 * The Reviews tab of a pilot tissue or tissue request (researcher §2 "Tissue"): each criterion's
 * average and the mean of the averages (staff §9), then one tab per reviewer. A reviewer sees
 * their own review with the way to the review form.
 */
export function TissueReviewsTab({ requestId }: { requestId: number }) {
  const reviews = useRequestTissueReviews(requestId);
  if (reviews.error instanceof ApiError && reviews.error.status === 404)
    return <Text c="gray.7">{TISSUE_REVIEW_MESSAGES.noReviews}</Text>;
  if (reviews.isError) return <Alert color="red">The reviews could not be loaded.</Alert>;
  if (!reviews.data) return <Skeleton h={240} />;
  const data = reviews.data;
  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" component="section" aria-labelledby="scores-heading">
        <Group justify="space-between" mb="xs">
          <Title order={2} fz="md" id="scores-heading">
            Scores
          </Title>
          <Text fw={700}>{`Mean of criterion averages: ${score(data.mean_score)}`}</Text>
        </Group>
        <Table withTableBorder aria-label="Average score by criterion">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Criterion</Table.Th>
              <Table.Th>Average</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {TISSUE_REVIEW_CRITERIA.map((criterion) => (
              <Table.Tr key={criterion}>
                <Table.Td>{TISSUE_FIELD_LABELS[criterion]}</Table.Td>
                <Table.Td>{score(data.criterion_averages[criterion] ?? null)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      <Tabs defaultValue={String(data.reviews[0]!.id)} keepMounted={false}>
        <Tabs.List>
          {data.reviews.map((review) => (
            <Tabs.Tab key={review.id} value={String(review.id)}>
              {review.reviewer.display_name}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {data.reviews.map((review) => (
          <Tabs.Panel key={review.id} value={String(review.id)} pt="md">
            <ReviewCard review={review} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
