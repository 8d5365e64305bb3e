import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Grid,
  Group,
  Modal,
  NumberInput,
  Progress,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { Navigate, useNavigate, useParams } from 'react-router';
import {
  formatDate,
  snapTissueScore,
  TISSUE_REVIEW_COMMENTS,
  TISSUE_REVIEW_CRITERIA,
  TISSUE_REVIEW_MESSAGES,
  TISSUE_SCORE,
  TISSUE_SCORE_GUIDE,
  tissueReviewProgress,
  type TissueReviewAnswers,
  type TissueReviewDto,
  type UpdateTissueReview,
} from '@rrp/domain';
import { Page } from '@/components/page';
import { ApiError } from '@/lib/api-client';
import { TISSUE_FIELD_LABELS } from '@/components/tissue/review-labels';
import {
  useAutosaveTissueReview,
  useRequestTissueReviews,
  useSaveTissueReview,
} from '@/components/tissue/review-api';
import { AutosaveStatus, useAutosave } from '@/components/autosave';

/** How long a typed score waits before it is snapped to a step of 5 and clamped (staff §5). */
const SNAP_AFTER_MS = 1000;

/**
 * A criterion's score: typed freely, then snapped to a multiple of 5 within 0–50 after a 1 s pause.
 */
function ScoreInput({
  label,
  value,
  disabled,
  error,
  onChange,
}: {
  label: string;
  value: number | null;
  disabled: boolean;
  error?: string;
  onChange: (value: number | null) => void;
}) {
  const [typed, setTyped] = useState<string | number>(value ?? '');
  useEffect(() => {
    if (typed === '' || typed === value) return;
    const timer = setTimeout(() => {
      const snapped = snapTissueScore(Number(typed));
      setTyped(snapped);
      onChange(snapped);
    }, SNAP_AFTER_MS);
    return () => clearTimeout(timer);
  }, [typed, value, onChange]);
  return (
    <NumberInput
      label={label}
      description={`${TISSUE_SCORE.min} to ${TISSUE_SCORE.max}, in steps of ${TISSUE_SCORE.step}`}
      value={typed}
      onChange={(next) => {
        setTyped(next);
        if (next === '') onChange(null);
      }}
      step={TISSUE_SCORE.step}
      allowDecimal={false}
      allowNegative={false}
      disabled={disabled}
      error={error}
      maw={200}
    />
  );
}

/** While changes are unsaved (waiting, on their way, or refused), leaving the page asks first. */
function useLeaveWarning(unsaved: boolean) {
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
}

const answersOf = (review: TissueReviewDto): TissueReviewAnswers => {
  const answers: Record<string, unknown> = {};
  for (const criterion of TISSUE_REVIEW_CRITERIA) {
    answers[`${criterion}_score`] = review[`${criterion}_score`];
    answers[`${criterion}_comment`] = review[`${criterion}_comment`];
  }
  for (const name of TISSUE_REVIEW_COMMENTS) answers[`${name}_comment`] = review[`${name}_comment`];
  return answers as TissueReviewAnswers;
};

function ReviewForm({ review, requestId }: { review: TissueReviewDto; requestId: number }) {
  const navigate = useNavigate();
  const save = useSaveTissueReview(requestId);
  const autosave = useAutosave<UpdateTissueReview>(useAutosaveTissueReview(requestId, review.id));
  const [answers, setAnswers] = useState<TissueReviewAnswers>(() => answersOf(review));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const readOnly = !review.editable;
  /** Comments save 1 s after typing stops; a score has already waited its 1 s to be snapped. */
  const set = <K extends keyof TissueReviewAnswers>(key: K, value: TissueReviewAnswers[K]) => {
    setAnswers((previous) => ({ ...previous, [key]: value }));
    autosave.queue({ [key]: value });
    if (key.endsWith('_score')) void autosave.flush();
  };
  const progress = Math.round(tissueReviewProgress(answers) * 100);
  useLeaveWarning(!readOnly && autosave.state !== 'idle' && autosave.state !== 'saved');

  const submit = async () => {
    setErrors({});
    // Whatever the autosave is sending lands first, so Submit's copy of the review is the last word.
    await autosave.flush();
    save.mutate(
      { id: review.id, body: { ...answers, submit: true } },
      {
        onSuccess: () => setSaved(true),
        onError: (failure) => {
          if (failure instanceof ApiError) setErrors({ ...failure.fieldErrors, form: failure.summary });
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" component="section" aria-labelledby="progress-heading">
        <Title order={2} fz="lg" mb="xs" id="progress-heading">
          Progress
        </Title>
        <Progress value={progress} aria-label={`Review ${progress}% complete`} size="lg" />
        <Text size="sm" c="gray.7" mt={6}>
          {`${progress}% of the review's fields have a score or comment.`}
          {review.due_date && ` Due ${formatDate(review.due_date)}.`}
        </Text>
        {!readOnly && (
          <Group gap="xs" mt={6}>
            <AutosaveStatus state={autosave.state} error={autosave.error} savedAt={autosave.savedAt} />
            {autosave.state === 'error' && (
              <>
                <Text size="sm" c="gray.7">
                  What you typed stays on this page and is sent with your next change.
                </Text>
                <Button size="compact-sm" variant="default" onClick={() => void autosave.flush()}>
                  Try again
                </Button>
              </>
            )}
          </Group>
        )}
        {readOnly && (
          <Alert color="blue" mt="sm">
            This review can be changed only while the request is Under Review.
          </Alert>
        )}
      </Card>

      {TISSUE_REVIEW_CRITERIA.map((criterion) => (
        <Card
          key={criterion}
          withBorder
          padding="lg"
          component="section"
          aria-labelledby={`${criterion}-heading`}
        >
          <Title order={2} fz="md" mb="sm" id={`${criterion}-heading`}>
            {TISSUE_FIELD_LABELS[criterion]}
          </Title>
          <Stack gap="sm">
            <Textarea
              label="Comment"
              autosize
              minRows={3}
              disabled={readOnly}
              value={answers[`${criterion}_comment`]}
              onChange={(event) => set(`${criterion}_comment`, event.currentTarget.value)}
            />
            <ScoreInput
              label="Score"
              value={answers[`${criterion}_score`]}
              disabled={readOnly}
              error={errors[`${criterion}_score`]}
              onChange={(value) => set(`${criterion}_score`, value)}
            />
          </Stack>
        </Card>
      ))}

      <Card withBorder padding="lg" component="section" aria-labelledby="comments-heading">
        <Title order={2} fz="md" mb="sm" id="comments-heading">
          Other Comments
        </Title>
        <Stack gap="sm">
          {TISSUE_REVIEW_COMMENTS.map((name) => (
            <Textarea
              key={name}
              label={TISSUE_FIELD_LABELS[name]}
              autosize
              minRows={3}
              disabled={readOnly}
              value={answers[`${name}_comment`]}
              onChange={(event) => set(`${name}_comment`, event.currentTarget.value)}
            />
          ))}
        </Stack>
      </Card>

      {errors.form && (
        <Alert color="red" role="alert">
          {errors.form}
        </Alert>
      )}
      {!readOnly && (
        <Group justify="flex-end">
          <Button onClick={() => void submit()} loading={save.isPending}>
            Submit Review
          </Button>
        </Group>
      )}

      <Modal
        opened={saved}
        onClose={() => setSaved(false)}
        title={TISSUE_REVIEW_MESSAGES.saved}
        centered
        withCloseButton={false}
      >
        <Text size="sm">
          Your scores and comments are stored; you may change them while the request is under review.
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => void navigate('/')}>
            Return To Home
          </Button>
          <Button
            onClick={() => {
              setSaved(false);
              // Opened in its own window from the request (staff §2.6): Close ends that window.
              if (window.opener) window.close();
            }}
          >
            Close
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

/**
 * /abn-review/{id} (staff §2.6): the assigned reviewer's review of a pilot tissue or tissue
 * request — the score guide, a comment and a score for each criterion, the comment-only fields and
 * Submit Review.
 */
export default function TissueReviewScreen() {
  const { objectId } = useParams();
  const requestId = Number(objectId);
  const valid = Number.isInteger(requestId) && requestId > 0;
  const reviews = useRequestTissueReviews(requestId, valid);
  if (!valid || (reviews.error instanceof ApiError && reviews.error.status === 404))
    return <Navigate to="/404" replace />;
  const review = reviews.data?.reviews.find((entry) => entry.editable) ?? reviews.data?.reviews[0];

  return (
    <Page title="Tissue Request Review">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Card withBorder padding="lg" component="section" aria-labelledby="guide-heading">
            <Title order={2} fz="lg" mb="xs" id="guide-heading">
              Score Guide
            </Title>
            <Table withTableBorder aria-label="Score guide">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Score</Table.Th>
                  <Table.Th>Meaning</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {TISSUE_SCORE_GUIDE.map((row) => (
                  <Table.Tr key={row.score}>
                    <Table.Td>{row.score}</Table.Td>
                    <Table.Td>{row.meaning}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          {reviews.isError ? (
            <Alert color="red">The review could not be loaded.</Alert>
          ) : !review ? (
            <Skeleton h={480} />
          ) : (
            <ReviewForm review={review} requestId={requestId} />
          )}
        </Grid.Col>
      </Grid>
    </Page>
  );
}
