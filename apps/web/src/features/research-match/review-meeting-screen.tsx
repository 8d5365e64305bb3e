import { useState } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Grid,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconDownload, IconGavel } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import {
  CRITERION_LABELS,
  formatAverage,
  formatDate,
  RESEARCH_MATCH_CRITERIA,
  REVIEW_MESSAGES,
  type MeetingReviewDto,
  type ReviewMeetingDto,
} from '@rrp/domain';
import { AutosaveStatus, useAutosave } from '@/components/autosave';
import { Page } from '@/components/page';
import { ReviewProgressBadge } from '@/components/review-progress-badge';
import { openErrorModal } from '@/components/modals';
import { ApiError } from '@/lib/api-client';
import { Field } from '@/components/field';
import { fetchRequestDocument, saveBase64Pdf } from '@/components/request-documents';
import { useSaveSummary } from '@/components/request-summary-api';
import { useReviewMeeting } from './api';
import { REVIEW_CENTRE } from './review-cycle-config';

const CRUMBS = [{ label: 'Research Match Review', to: REVIEW_CENTRE }];

/** 'Download Application' (researcher §7 request docs). */
function DownloadApplication({ requestId }: { requestId: number }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={busy}
      onClick={() => {
        setBusy(true);
        fetchRequestDocument(requestId, 'docs')
          .then(saveBase64Pdf)
          .catch((error: unknown) => {
            if (error instanceof ApiError && error.status === 400)
              openErrorModal({ title: 'Error Downloading File', children: error.summary });
          })
          .finally(() => setBusy(false));
      }}
    >
      Download Application
    </Button>
  );
}

/** The averages of the cycle per criterion, and their total (staff §9). */
function ScoreTable({ meeting }: { meeting: ReviewMeetingDto }) {
  return (
    <Box role="region" aria-label="Average scores" tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table aria-label="Average score per criterion" striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Criterion</Table.Th>
            <Table.Th ta="right">Average</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {RESEARCH_MATCH_CRITERIA.map((criterion) => (
            <Table.Tr key={criterion}>
              <Table.Td>{CRITERION_LABELS[criterion]}</Table.Td>
              <Table.Td ta="right">{formatAverage(meeting.averages[criterion])}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row">Total score</Table.Th>
            <Table.Td ta="right" fw={700}>
              {formatAverage(meeting.total)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Box>
  );
}

/** The admin-only meeting notes (staff §2.5), saved 1 s after typing stops. */
function MeetingNotes({ requestId, initial }: { requestId: number; initial: string }) {
  const save = useSaveSummary(requestId);
  const [notes, setNotes] = useState(initial);
  const autosave = useAutosave<{ meeting_notes: string }>((body) => save.mutateAsync(body));
  return (
    <Stack gap={4}>
      <Textarea
        label="Meeting notes"
        description="Seen by administrators only."
        autosize
        minRows={4}
        value={notes}
        onChange={(event) => {
          setNotes(event.currentTarget.value);
          autosave.queue({ meeting_notes: event.currentTarget.value });
        }}
      />
      <AutosaveStatus state={autosave.state} error={autosave.error} />
    </Stack>
  );
}

/** One reviewer's score card: each criterion's score and comments, the recommendation, the total. */
function ScoreCard({ review }: { review: MeetingReviewDto }) {
  const scored = RESEARCH_MATCH_CRITERIA.some((criterion) => review[criterion].score !== null);
  return (
    <Card
      withBorder
      padding="md"
      component="article"
      aria-label={`Review by ${review.reviewer.display_name}`}
    >
      <Group justify="space-between" mb="xs">
        <Title order={3} fz="md">
          {review.reviewer.display_name}
        </Title>
        <Group gap="xs">
          {review.reviewer_role_name && <Badge variant="outline">{review.reviewer_role_name}</Badge>}
          <ReviewProgressBadge progress={review.progress} />
        </Group>
      </Group>
      {!scored ? (
        <Text size="sm" c="gray.7">
          {REVIEW_MESSAGES.noScores}
        </Text>
      ) : (
        <Stack gap="xs">
          {RESEARCH_MATCH_CRITERIA.map((criterion) => (
            <SimpleGrid key={criterion} cols={{ base: 1, sm: 3 }} spacing="xs">
              <Field label={`${CRITERION_LABELS[criterion]} score`}>
                {review[criterion].score === null ? '-' : String(review[criterion].score)}
              </Field>
              <Field label="Strengths">{review[criterion].strengths}</Field>
              <Field label="Weaknesses">{review[criterion].weaknesses}</Field>
            </SimpleGrid>
          ))}
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
            <Field label="Recommended decision">{review.reviewer_decision}</Field>
            <Field label="Build merit">{review.build_merit}</Field>
            <Field label="Total">{review.total === null ? '-' : String(review.total)}</Field>
          </SimpleGrid>
        </Stack>
      )}
    </Card>
  );
}

function ReviewerTabs({ reviews }: { reviews: MeetingReviewDto[] }) {
  if (reviews.length === 0)
    return (
      <Text size="sm" c="gray.7">
        {REVIEW_MESSAGES.noReviewData}
      </Text>
    );
  const primary = reviews.filter((review) => review.reviewer_role === 1);
  const others = reviews.filter((review) => review.reviewer_role !== 1);
  const list = (items: MeetingReviewDto[]) =>
    items.length === 0 ? (
      <Text size="sm" c="gray.7">
        {REVIEW_MESSAGES.noReview}
      </Text>
    ) : (
      <Stack>
        {items.map((review) => (
          <ScoreCard key={review.id} review={review} />
        ))}
      </Stack>
    );
  return (
    <Tabs defaultValue="primary" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="primary">Primary Reviewer</Tabs.Tab>
        <Tabs.Tab value="others">{`Other Reviewers (${others.length})`}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="primary" pt="md">
        {list(primary)}
      </Tabs.Panel>
      <Tabs.Panel value="others" pt="md">
        {list(others)}
      </Tabs.Panel>
    </Tabs>
  );
}

/**
 * /request/{id}/review-meeting (staff §2.5): the application's summary, the averages and total
 * score, the admin-only meeting notes, the reviewers' score cards, the application's download and
 * 'Make a Decision'.
 */
export default function ReviewMeetingScreen() {
  const id = Number(useParams().objectId);
  const meeting = useReviewMeeting(id);
  if (meeting.isError) {
    return (
      <Page title="Review Meeting" crumbs={CRUMBS}>
        <Alert color="red" title="Review Meeting" role="alert" maw={720}>
          <Text size="sm">{REVIEW_MESSAGES.meetingMissing}</Text>
          <Button component={Link} to={REVIEW_CENTRE} variant="light" mt="sm">
            Back to Research Match Review
          </Button>
        </Alert>
      </Page>
    );
  }
  if (!meeting.data) {
    return (
      <Page title="Review Meeting" crumbs={CRUMBS}>
        <Skeleton h={320} />
      </Page>
    );
  }
  const data = meeting.data;
  const { request, summary } = data;
  return (
    <Page
      title={`Review Meeting: ${request.portal_request_id}`}
      crumbs={CRUMBS}
      current={request.portal_request_id}
      actions={
        <Group gap="xs">
          <Badge variant="outline">{request.status_name}</Badge>
          <DownloadApplication requestId={request.id} />
          {data.can_decide && (
            <Button
              component={Link}
              to={`/request/${request.id}`}
              leftSection={<IconGavel size={16} aria-hidden />}
            >
              Make a Decision
            </Button>
          )}
        </Group>
      }
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder padding="lg" component="section" aria-labelledby="summary-heading">
            <Title order={2} fz="lg" mb="sm" id="summary-heading">
              Application Summary
            </Title>
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Field label="Applicant">{request.applicant}</Field>
                <Field label="Institution">{request.institution}</Field>
                <Field label="Date submitted">{formatDate(request.submission_date)}</Field>
                <Field label="Review quarter and cycle">{`${summary.review_quarter}, cycle ${summary.review_cycle}`}</Field>
                <Field label="Review due date">
                  {summary.due_date ? formatDate(summary.due_date) : null}
                </Field>
                <Field label="Research Match IDs">{summary.rm_ids.join(', ')}</Field>
              </SimpleGrid>
              <Field label="Scientific title">{summary.scientific_title}</Field>
              <Field label="Scientific abstract">{summary.scientific_abstract}</Field>
              <Field label="General audience title">{summary.lay_title}</Field>
              <Field label="General audience abstract">{summary.lay_abstract}</Field>
              <Field label="Research aim">{summary.research_aim}</Field>
              <Field label="Hypotheses">{summary.hypotheses}</Field>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Field label="Methods">{summary.study_type.join(', ')}</Field>
                <Field label="Category">{summary.category.join(', ')}</Field>
                <Field label="Keywords">{summary.keywords.join(', ')}</Field>
                <Field label="Cohort">{summary.cohort.join(', ')}</Field>
                <Field label="Region">{summary.region}</Field>
              </SimpleGrid>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Card withBorder padding="lg" component="section" aria-labelledby="scores-heading">
              <Title order={2} fz="lg" mb="sm" id="scores-heading">
                Total Score
              </Title>
              <Text fz={32} fw={700} aria-label={`Total score ${formatAverage(data.total)}`}>
                {formatAverage(data.total)}
              </Text>
              <Text size="xs" c="gray.7" mb="sm">
                The sum of the criterion averages across this cycle&apos;s reviewers.
              </Text>
              <ScoreTable meeting={data} />
            </Card>
            {data.can_edit_notes && (
              <Card withBorder padding="lg" component="section" aria-label="Meeting notes">
                <MeetingNotes requestId={request.id} initial={summary.meeting_notes ?? ''} />
              </Card>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <Card withBorder padding="lg" component="section" aria-labelledby="reviews-heading">
        <Title order={2} fz="lg" mb="sm" id="reviews-heading">
          Reviews
        </Title>
        <ReviewerTabs reviews={data.reviews} />
      </Card>
    </Page>
  );
}
