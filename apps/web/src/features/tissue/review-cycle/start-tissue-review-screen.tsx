import { useState } from 'react';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Checkbox,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, Navigate, useNavigate } from 'react-router';
import {
  can,
  formatDate,
  TISSUE_CYCLE_MESSAGES,
  TISSUE_RESOURCE_NAMES,
  type TissueStartReviewDto,
} from '@rrp/domain';
import { Page } from '@/components/page';
import {
  isDueDateOk,
  ReviewDueDateCard,
  useChosenRequests,
  useLeaveWhenNothingToReview,
} from '@/components/review-dispatch';
import { ApiError } from '@/lib/api-client';
import { useActor } from '@/lib/use-can';
import { useStartTissueReview, useTissueStartReviewDraft } from './api';

const CRUMBS = [{ label: 'Autism BrainNet', to: '/abn-dashboard' }];

/** The selection, due date and e-mail of the tissue Begin Review, once the draft is loaded. */
function StartTissueReviewForm({ draft }: { draft: TissueStartReviewDto }) {
  const navigate = useNavigate();
  const start = useStartTissueReview();
  // Only requests with assigned reviewers can go into review (staff §4.3).
  const choice = useChosenRequests(
    draft.requests.filter((row) => row.review_users.length > 0).map((row) => row.id),
  );
  const { chosen } = choice;
  const [dueDate, setDueDate] = useState('');
  const [subject, setSubject] = useState(draft.email.subject);
  const [body, setBody] = useState(draft.email.body);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const send = () => {
    setErrors({});
    start.mutate(
      { requests: chosen, due_date: dueDate, email: { subject, body } },
      {
        onSuccess: (result) => {
          notifications.show({ color: 'green', title: result.msg, message: result.detail });
          void navigate('/');
        },
        onError: (failure) => {
          if (failure instanceof ApiError) setErrors({ ...failure.fieldErrors, form: failure.summary });
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" component="section" aria-labelledby="requests-heading">
        <Title order={2} fz="lg" mb="xs" id="requests-heading">
          New Tissue Requests
        </Title>
        <Text size="sm" c="gray.7" mb="sm">
          The chosen requests go to Under Review and their assigned reviewers can score them until the due
          date. A request without reviewers cannot be chosen: assign reviewers on the request first.
        </Text>
        <Box role="region" aria-label="Tissue requests to review" tabIndex={0} style={{ overflowX: 'auto' }}>
          <Table striped withTableBorder miw={760} aria-label="Tissue requests applicable for review">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={44}>
                  <Checkbox aria-label="Choose every request with reviewers" {...choice.allProps} />
                </Table.Th>
                <Table.Th>Request</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Applicant</Table.Th>
                <Table.Th>Institution</Table.Th>
                <Table.Th>Submitted</Table.Th>
                <Table.Th>Reviewers</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {draft.requests.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Checkbox aria-label={`Choose ${row.portal_request_id}`} {...choice.rowProps(row.id)} />
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/request/${row.id}`} size="sm">
                      {row.portal_request_id}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{TISSUE_RESOURCE_NAMES[row.type as 7 | 8] ?? row.display_name}</Table.Td>
                  <Table.Td>{row.applicant}</Table.Td>
                  <Table.Td>{row.institution ?? '—'}</Table.Td>
                  <Table.Td>{formatDate(row.submission_date)}</Table.Td>
                  <Table.Td>
                    {row.review_users.length === 0
                      ? 'Not assigned yet'
                      : row.review_users.map((user) => user.display_name).join(', ')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
        {errors.requests && (
          <Text size="sm" c="red.9" mt="xs" role="alert">
            {errors.requests}
          </Text>
        )}
      </Card>

      <ReviewDueDateCard
        value={dueDate}
        onChange={setDueDate}
        error={errors.due_date}
        tooEarly={TISSUE_CYCLE_MESSAGES.dueDate}
      />

      <Card withBorder padding="lg" component="section" aria-labelledby="email-heading">
        <Title order={2} fz="lg" mb="xs" id="email-heading">
          E-mail to the Reviewers
        </Title>
        <Text size="sm" c="gray.7" mb="sm">
          Each assigned reviewer receives this message with the due date and a link to each request they
          review.
        </Text>
        <Stack>
          <TextInput
            label="Subject"
            value={subject}
            onChange={(event) => setSubject(event.currentTarget.value)}
            required
            error={errors['email.subject']}
          />
          <Textarea
            label="Message"
            value={body}
            onChange={(event) => setBody(event.currentTarget.value)}
            autosize
            minRows={6}
            required
            error={errors['email.body']}
          />
        </Stack>
      </Card>

      {errors.form && !errors.requests && !errors.due_date && (
        <Alert color="red" role="alert">
          {errors.form}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => void navigate('/abn-dashboard')}>
          Cancel
        </Button>
        <Button
          onClick={send}
          loading={start.isPending}
          disabled={!isDueDateOk(dueDate) || chosen.length === 0 || !subject.trim() || !body.trim()}
        >
          Begin Review
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * /abn_tissue/start-review (staff §2.4, §4.3): the new pilot tissue and tissue requests, a due date
 * and the e-mail to their reviewers. Administrators and tissue project managers only; with nothing
 * applicable the user goes home with a notice; on completion to / (staff §2.4).
 */
export default function StartTissueReviewScreen() {
  const actor = useActor();
  const allowed = actor !== null && can(actor, 'review', 'TissueReview');
  const draft = useTissueStartReviewDraft(allowed);
  const empty = draft.data !== undefined && draft.data.requests.length === 0;
  useLeaveWhenNothingToReview(empty, TISSUE_CYCLE_MESSAGES.nothingToReview);

  if (actor && !allowed) return <Navigate to="/404" replace />;
  return (
    <Page title="Start Tissue Review" crumbs={CRUMBS}>
      {draft.isError ? (
        <Alert color="red">The tissue requests could not be loaded.</Alert>
      ) : !draft.data || empty ? (
        <Skeleton h={320} />
      ) : (
        <StartTissueReviewForm draft={draft.data} />
      )}
    </Page>
  );
}
