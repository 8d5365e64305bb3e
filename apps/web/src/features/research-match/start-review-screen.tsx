import { useState } from 'react';
import {
  Alert,
  Badge,
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
import { Navigate, useNavigate } from 'react-router';
import {
  can,
  formatDate,
  RESEARCH_MATCH_MESSAGES,
  REVIEW_MESSAGES,
  splitRecipients,
  START_REVIEW_DUE_DATE_TOKEN,
  type StartReviewDto,
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
import { STARTED_STATE, useStartReview, useStartReviewDraft } from './api';

const CRUMBS = [{ label: 'Research Match Review', to: '/research-match-review' }];
interface EmailFields {
  to: string;
  cc: string;
  bcc: string;
  subject: string;
  body: string;
}

/** The selection, due date and e-mail of Start Review, once the draft is loaded. */
function StartReviewForm({ draft }: { draft: StartReviewDto }) {
  const navigate = useNavigate();
  const start = useStartReview();
  const choice = useChosenRequests(draft.applications.map((row) => row.id));
  const { chosen } = choice;
  const [dueDate, setDueDate] = useState('');
  const [email, setEmail] = useState<EmailFields>({
    to: draft.email.to.join(', '),
    cc: draft.email.cc.join(', '),
    bcc: draft.email.bcc.join(', '),
    subject: draft.email.subject,
    body: draft.email.body,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const recipients = splitRecipients(email.to);
  const set = (key: keyof EmailFields) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setEmail((previous) => ({ ...previous, [key]: value }));
  };

  const send = () => {
    setErrors({});
    start.mutate(
      {
        requests: chosen,
        due_date: dueDate,
        email: { to: email.to, cc: email.cc, bcc: email.bcc, subject: email.subject, body: email.body },
      },
      {
        onSuccess: (result) =>
          void navigate('/research-match-review', { state: { [STARTED_STATE]: result.moved.length } }),
        onError: (failure) => {
          if (failure instanceof ApiError) setErrors({ ...failure.fieldErrors, form: failure.summary });
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" component="section" aria-labelledby="applications-heading">
        <Title order={2} fz="lg" mb="xs" id="applications-heading">
          New Applications and Renewals
        </Title>
        <Text size="sm" c="gray.7" mb="sm">
          The chosen applications go to Under Review and their reviewers can score them until the due date.
        </Text>
        <Box role="region" aria-label="Applications to review" tabIndex={0} style={{ overflowX: 'auto' }}>
          <Table striped withTableBorder miw={760} aria-label="Applications applicable for review">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={44}>
                  <Checkbox aria-label="Choose every application" {...choice.allProps} />
                </Table.Th>
                <Table.Th>Request</Table.Th>
                <Table.Th>Title</Table.Th>
                <Table.Th>Applicant</Table.Th>
                <Table.Th>Institution</Table.Th>
                <Table.Th>Submitted</Table.Th>
                <Table.Th>Reviewers</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {draft.applications.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Checkbox aria-label={`Choose ${row.portal_request_id}`} {...choice.rowProps(row.id)} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm">{row.portal_request_id}</Text>
                      {row.renewal && (
                        <Badge size="sm" variant="light" color="grape.9">
                          Renewal
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{row.scientific_title || '—'}</Table.Td>
                  <Table.Td>{row.applicant}</Table.Td>
                  <Table.Td>{row.institution ?? '—'}</Table.Td>
                  <Table.Td>{formatDate(row.renewal?.submission_date ?? row.submission_date)}</Table.Td>
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
        tooEarly={RESEARCH_MATCH_MESSAGES.dueDatePast}
      />

      <Card withBorder padding="lg" component="section" aria-labelledby="email-heading">
        <Title order={2} fz="lg" mb="xs" id="email-heading">
          E-mail to the Reviewers
        </Title>
        <Text size="sm" c="gray.7" mb="sm">
          {`${START_REVIEW_DUE_DATE_TOKEN} in the message becomes the due date when it is sent.`}
        </Text>
        <Stack>
          <TextInput
            label="To"
            description="Separate addresses with spaces or commas"
            value={email.to}
            onChange={set('to')}
            required
            error={errors.email}
          />
          <Group grow align="flex-start">
            <TextInput label="Cc" value={email.cc} onChange={set('cc')} />
            <TextInput label="Bcc" value={email.bcc} onChange={set('bcc')} />
          </Group>
          <TextInput label="Subject" value={email.subject} onChange={set('subject')} required />
          <Textarea label="Message" value={email.body} onChange={set('body')} autosize minRows={8} required />
        </Stack>
      </Card>

      {errors.form && !errors.requests && !errors.due_date && !errors.email && (
        <Alert color="red" role="alert">
          {errors.form}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => void navigate('/research-match-review')}>
          Cancel
        </Button>
        <Button
          onClick={send}
          loading={start.isPending}
          disabled={!isDueDateOk(dueDate) || chosen.length === 0 || recipients.length === 0}
        >
          Send
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * /research-match-review/start-review (staff §2.4, §4.3): the new applications and renewals, a due
 * date and the e-mail to the reviewers. Administrators only; with nothing applicable the user goes
 * home with the spec's message.
 */
export default function StartReviewScreen() {
  const actor = useActor();
  const allowed = actor !== null && can(actor, 'review', 'ReviewCycle');
  const draft = useStartReviewDraft(allowed);
  const empty = draft.data !== undefined && draft.data.applications.length === 0;
  useLeaveWhenNothingToReview(empty, REVIEW_MESSAGES.nothingToReview);

  if (actor && !allowed) return <Navigate to="/404" replace />;
  return (
    <Page title="Start Review" crumbs={CRUMBS}>
      {draft.isError ? (
        <Alert color="red">The applications could not be loaded.</Alert>
      ) : !draft.data || empty ? (
        <Skeleton h={320} />
      ) : (
        <StartReviewForm draft={draft.data} />
      )}
    </Page>
  );
}
