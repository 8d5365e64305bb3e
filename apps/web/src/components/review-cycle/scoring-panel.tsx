import { useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Radio,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  BUILD_MERIT_ANSWERS,
  CRITERION_LABELS,
  RESEARCH_MATCH_CRITERIA,
  REVIEW_MESSAGES,
  REVIEWER_DECISIONS,
  type RequestDto,
  type ResearchMatchCriterion,
  type ReviewDto,
  type UpdateReviewInput,
} from '@rrp/domain';
import { AutosaveStatus, useAutosave } from '@/components/autosave';
import { ReviewProgressBadge } from '@/components/review-progress-badge';
import { ApiError } from '@/lib/api-client';
import { SUPPORT_EMAIL } from '@/lib/config';
import { saveReview, useDeclareConflict, useReview } from './scoring-api';

const SCORES = ['1', '2', '3', '4', '5'];
/** The two questions after the criteria, each one choice among its answers. */
const RECOMMENDATIONS = [
  { key: 'reviewer_decision', label: 'Recommended decision', answers: REVIEWER_DECISIONS },
  { key: 'build_merit', label: 'Build merit', answers: BUILD_MERIT_ANSWERS },
] as const;

type Block = { score: number | null; strengths: string; weaknesses: string };
type Values = Record<ResearchMatchCriterion, Block> & {
  reviewer_decision: string | null;
  build_merit: string | null;
};

const emptyValues = (): Values => ({
  ...(Object.fromEntries(
    RESEARCH_MATCH_CRITERIA.map((criterion) => [criterion, { score: null, strengths: '', weaknesses: '' }]),
  ) as Record<ResearchMatchCriterion, Block>),
  reviewer_decision: null,
  build_merit: null,
});

const valuesOf = (review: ReviewDto): Values => ({
  ...(Object.fromEntries(
    RESEARCH_MATCH_CRITERIA.map((criterion) => [criterion, { ...review[criterion] }]),
  ) as Record<ResearchMatchCriterion, Block>),
  reviewer_decision: review.reviewer_decision,
  build_merit: review.build_merit,
});

/** The conflict-of-interest question, answered before the scoring form opens (staff §4.3, §5). */
function ConflictQuestion({ request, onNoted }: { request: RequestDto; onNoted: () => void }) {
  const declare = useDeclareConflict(request.id);
  const [answer, setAnswer] = useState<string | null>(null);
  const [explanation, setExplanation] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    setError(null);
    if (answer === null) return setError(REVIEW_MESSAGES.conflictAnswerRequired);
    if (answer === 'yes' && explanation.trim() === '') return setError(REVIEW_MESSAGES.explanationRequired);
    declare.mutate(
      { request: request.id, conflict_exists: answer === 'yes', explanation },
      {
        onSuccess: (conflict) => {
          if (conflict.conflict_exists) onNoted();
        },
        onError: (failure) =>
          setError(
            failure instanceof ApiError
              ? (failure.fieldErrors.explanation ?? failure.fieldErrors.conflict_exists ?? failure.summary)
              : String(failure),
          ),
      },
    );
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="conflict-heading">
      <Title order={3} fz="md" id="conflict-heading">
        Conflict of Interest
      </Title>
      <Radio.Group
        label="Do you have a conflict of interest with this application?"
        description="You must answer before you can score the application."
        value={answer}
        onChange={setAnswer}
        error={error && answer === null ? error : undefined}
      >
        <Group mt="xs">
          <Radio value="no" label="No" />
          <Radio value="yes" label="Yes" />
        </Group>
      </Radio.Group>
      {answer === 'yes' && (
        <Textarea
          label="Explain your conflict of interest"
          required
          autosize
          minRows={2}
          value={explanation}
          onChange={(event) => setExplanation(event.currentTarget.value)}
          error={error && answer === 'yes' ? error : undefined}
        />
      )}
      {error && answer === 'no' && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group>
        <Button onClick={submit} loading={declare.isPending}>
          Submit Answer
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * After a Yes (staff §8): 'Your conflict of interest has been noted.', the support contact and
 * Return To Home, which goes home and reloads. Kept by the panel, which the answer redraws.
 */
function ConflictNotedModal({ opened }: { opened: boolean }) {
  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={<Text fw={700}>{REVIEW_MESSAGES.conflictNoted}</Text>}
      attributes={{ header: { role: 'none' } }}
    >
      <Stack>
        <Text size="sm">{REVIEW_MESSAGES.removedAsPrimary}</Text>
        <Text size="sm">
          If you have any questions, contact{' '}
          <Anchor href={`mailto:${SUPPORT_EMAIL}`} inherit underline="always">
            {SUPPORT_EMAIL}
          </Anchor>
          .
        </Text>
        <Group justify="flex-end">
          <Button
            // The app returns home and reloads (staff §8).
            onClick={() => window.location.assign('/')}
          >
            Return To Home
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The six criteria, the recommendation and build merit (staff §3 review), saved 1 s after the
 * last change: the first save creates the review, later ones change it. Read-only outside review.
 */
function ScoringForm({
  requestId,
  initial,
  reviewId: startId,
  disabled,
  onSaved,
}: {
  requestId: number;
  initial: Values;
  reviewId: number | null;
  disabled: boolean;
  onSaved: (review: ReviewDto) => void;
}) {
  const [values, setValues] = useState<Values>(initial);
  const reviewId = useRef(startId);
  const autosave = useAutosave<UpdateReviewInput>(async (body) => {
    const saved = await saveReview(
      reviewId.current,
      reviewId.current === null ? { ...body, request: requestId } : body,
    );
    reviewId.current = saved.id;
    onSaved(saved);
  });

  const change = (patch: UpdateReviewInput, next: Values) => {
    setValues(next);
    autosave.queue(patch);
  };

  const setBlock = (criterion: ResearchMatchCriterion, field: keyof Block, value: Block[keyof Block]) =>
    change(
      { [criterion]: { [field]: value } },
      { ...values, [criterion]: { ...values[criterion], [field]: value } },
    );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3} fz="md">
          Scores
        </Title>
        {!disabled && <AutosaveStatus state={autosave.state} error={autosave.error} />}
      </Group>
      <Text size="sm" c="gray.7">
        Score each criterion from 1 (poor) to 5 (excellent), with its strengths and weaknesses.
      </Text>
      {RESEARCH_MATCH_CRITERIA.map((criterion) => (
        <Card key={criterion} withBorder padding="md" role="group" aria-label={CRITERION_LABELS[criterion]}>
          <Stack gap="xs">
            <Radio.Group
              label={`${CRITERION_LABELS[criterion]} score`}
              value={values[criterion].score === null ? null : String(values[criterion].score)}
              onChange={(value) => setBlock(criterion, 'score', Number(value))}
            >
              <Group mt={4} gap="md">
                {SCORES.map((score) => (
                  <Radio key={score} value={score} label={score} disabled={disabled} />
                ))}
              </Group>
            </Radio.Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Textarea
                label={`${CRITERION_LABELS[criterion]} strengths`}
                autosize
                minRows={2}
                value={values[criterion].strengths}
                disabled={disabled}
                onChange={(event) => setBlock(criterion, 'strengths', event.currentTarget.value)}
              />
              <Textarea
                label={`${CRITERION_LABELS[criterion]} weaknesses`}
                autosize
                minRows={2}
                value={values[criterion].weaknesses}
                disabled={disabled}
                onChange={(event) => setBlock(criterion, 'weaknesses', event.currentTarget.value)}
              />
            </SimpleGrid>
          </Stack>
        </Card>
      ))}
      {RECOMMENDATIONS.map(({ key, label, answers }) => (
        <Radio.Group
          key={key}
          label={label}
          value={values[key]}
          onChange={(value) => change({ [key]: value } as UpdateReviewInput, { ...values, [key]: value })}
        >
          <Group mt={4}>
            {answers.map((answer) => (
              <Radio key={answer} value={answer} label={answer} disabled={disabled} />
            ))}
          </Group>
        </Radio.Group>
      ))}
    </Stack>
  );
}

/**
 * The Research Match scoring panel of the request page (staff §2.6, §4.3) for a reviewer assigned
 * to the application: the conflict question first; with a conflict, never the form; without one,
 * the form while the application is Under Review, read-only otherwise.
 */
export function ScoringPanel({ request }: { request: RequestDto }) {
  const mine = request.my_review!;
  const review = useReview(mine.review_id);
  const [progress, setProgress] = useState(mine.progress);
  const [noted, setNoted] = useState(false);
  let body: React.ReactNode;
  if (mine.conflict_exists === true) {
    body = (
      <Alert color="gray" variant="light">
        <Text size="sm">
          You declared a conflict of interest for this application, so you do not score it.
        </Text>
      </Alert>
    );
  } else if (mine.review_id !== null && !review.data) {
    body = review.isError ? (
      <Alert color="red">Your review could not be loaded.</Alert>
    ) : (
      <Skeleton h={200} />
    );
  } else {
    body = (
      <Stack gap="lg">
        {mine.conflict_exists === null && (
          <ConflictQuestion request={request} onNoted={() => setNoted(true)} />
        )}
        {mine.conflict_exists === false && !mine.can_score && (
          <Text size="sm" c="gray.7">
            Scores can be given only while the application is Under Review; your review is shown read-only.
          </Text>
        )}
        <ScoringForm
          key={`${mine.review_id ?? 'new'}-${mine.conflict_exists}`}
          requestId={request.id}
          reviewId={mine.review_id}
          initial={review.data ? valuesOf(review.data) : emptyValues()}
          disabled={!mine.can_score}
          onSaved={(saved) => setProgress(saved.progress)}
        />
      </Stack>
    );
  }
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="scoring-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg" id="scoring-heading">
          Your Review
        </Title>
        <Group gap="xs">
          {mine.reviewer_role_name && <Badge variant="outline">{mine.reviewer_role_name}</Badge>}
          <ReviewProgressBadge progress={progress} conflict={mine.conflict_exists} />
        </Group>
      </Group>
      {body}
      <ConflictNotedModal opened={noted} />
    </Card>
  );
}
