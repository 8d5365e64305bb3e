import { useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Navigate, useNavigate, type NavigateFunction } from 'react-router';
import { can } from '@rrp/domain';
import { Page, type Crumb } from '@/components/page';
import { ApiError } from '@/lib/api-client';
import { useActor } from '@/lib/use-can';
import { ReviewerSuggestions } from '@/components/reviewer-suggestions/reviewer-suggestions';
import { useCycleMove, useStartReviewDraft } from './api';
import { isDueDateOk, ReviewDueDateCard, useChosenRequests, useLeaveWhenNothingToReview } from './dispatch';
import { ReviewEmailCard, type EmailFields, type ReviewEmailConfig } from './review-email';

/** What every network's Begin Review draft lists: a request and its reviewers. */
interface StartReviewRow {
  id: number;
  portal_request_id: string;
  applicant: string;
  institution: string | null;
  review_users: readonly { id: number; display_name: string }[];
}

interface StartReviewDraft {
  email: { subject: string; body: string; to?: string[]; cc?: string[]; bcc?: string[] };
}

interface StartReviewColumn<Row> {
  title: string;
  cell: (row: Row) => ReactNode;
}

/**
 * A network's Begin Review screen (staff §2.4, §4.3), as data: where its draft comes from and the
 * move goes, who may start it, what its table and e-mail show, and where the user goes afterwards.
 */
export interface StartReviewConfig<Draft extends StartReviewDraft, Row extends StartReviewRow, Result> {
  title: string;
  crumbs: Crumb[];
  /** The permission subject whose `review` grant starts the cycle. */
  subject: 'ReviewCycle' | 'TissueReview';
  /** The root of the network's query keys and the API path of the draft and the move. */
  queryRoot: string;
  path: string;
  loadError: string;
  /** The notice with which the user goes home when nothing may start. */
  nothingToReview: string;
  rows: (draft: Draft) => readonly Row[];
  /** Which rows may be chosen; the others are shown, unchosen. */
  choosable: (row: Row) => boolean;
  table: {
    headingId: string;
    heading: string;
    help: string;
    region: string;
    label: string;
    chooseAll: string;
    columns: readonly StartReviewColumn<Row>[];
  };
  /** The cycle's message for a due date before today. */
  tooEarly: string;
  email: ReviewEmailConfig;
  send: string;
  /** Where Cancel goes: the network's dashboard. */
  home: string;
  onStarted: (result: Result, navigate: NavigateFunction) => void;
}

/** The columns every network's table shows. */
export const START_REVIEW_COLUMNS = {
  applicant: { title: 'Applicant', cell: (row: StartReviewRow) => row.applicant },
  institution: { title: 'Institution', cell: (row: StartReviewRow) => row.institution ?? '—' },
  reviewers: {
    title: 'Reviewers',
    cell: (row: StartReviewRow) =>
      row.review_users.length === 0
        ? 'Not assigned yet'
        : row.review_users.map((user) => user.display_name).join(', '),
  },
} satisfies Record<string, StartReviewColumn<StartReviewRow>>;

const emailOf = ({ email }: StartReviewDraft): EmailFields => ({
  to: (email.to ?? []).join(', '),
  cc: (email.cc ?? []).join(', '),
  bcc: (email.bcc ?? []).join(', '),
  subject: email.subject,
  body: email.body,
});

/** The selection, due date and e-mail of Begin Review, once the draft is loaded. */
function StartReviewForm<Draft extends StartReviewDraft, Row extends StartReviewRow, Result>({
  config,
  draft,
}: {
  config: StartReviewConfig<Draft, Row, Result>;
  draft: Draft;
}) {
  const navigate = useNavigate();
  const start = useCycleMove<unknown, Result>(config.queryRoot, config.path);
  const rows = config.rows(draft);
  const choice = useChosenRequests(rows.filter(config.choosable).map((row) => row.id));
  const { chosen } = choice;
  const [dueDate, setDueDate] = useState('');
  const [email, setEmail] = useState<EmailFields>(() => emailOf(draft));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The request whose suggested reviewers are open below the table (issue 33).
  const [suggesting, setSuggesting] = useState<number | null>(null);
  const suggested = rows.find((row) => row.id === suggesting);
  const { table } = config;
  const shownInline = ['requests', 'due_date', ...(config.email.recipients ? [config.email.recipients] : [])];

  const send = () => {
    setErrors({});
    start.mutate(
      { requests: chosen, due_date: dueDate, email: config.email.body(email) },
      {
        onSuccess: (result) => config.onStarted(result, navigate),
        onError: (failure) => {
          if (failure instanceof ApiError) setErrors({ ...failure.fieldErrors, form: failure.summary });
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" component="section" aria-labelledby={table.headingId}>
        <Title order={2} fz="lg" mb="xs" id={table.headingId}>
          {table.heading}
        </Title>
        <Text size="sm" c="gray.7" mb="sm">
          {table.help}
        </Text>
        <Box role="region" aria-label={table.region} tabIndex={0} style={{ overflowX: 'auto' }}>
          <Table striped withTableBorder miw={760} aria-label={table.label}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={44}>
                  <Checkbox aria-label={table.chooseAll} {...choice.allProps} />
                </Table.Th>
                {table.columns.map((column) => (
                  <Table.Th key={column.title}>{column.title}</Table.Th>
                ))}
                <Table.Th>Assign</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Checkbox aria-label={`Choose ${row.portal_request_id}`} {...choice.rowProps(row.id)} />
                  </Table.Td>
                  {table.columns.map((column) => (
                    <Table.Td key={column.title}>{column.cell(row)}</Table.Td>
                  ))}
                  <Table.Td>
                    <Button
                      size="xs"
                      variant={suggesting === row.id ? 'filled' : 'light'}
                      aria-pressed={suggesting === row.id}
                      aria-label={`Suggest reviewers for ${row.portal_request_id}`}
                      onClick={() => setSuggesting(suggesting === row.id ? null : row.id)}
                    >
                      Suggest reviewers
                    </Button>
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

      {suggested && (
        <Card withBorder padding="lg">
          <ReviewerSuggestions
            request={{ id: suggested.id, label: suggested.portal_request_id }}
            assigned={suggested.review_users.map((user) => user.id)}
            headingOrder={2}
            headingId="reviewer-suggestions-heading"
            title={`Suggested reviewers for ${suggested.portal_request_id}`}
            focusOnOpen
            refresh={[[config.queryRoot]]}
          />
        </Card>
      )}

      <ReviewDueDateCard
        value={dueDate}
        onChange={setDueDate}
        error={errors.due_date}
        tooEarly={config.tooEarly}
      />

      <ReviewEmailCard config={config.email} email={email} onChange={setEmail} errors={errors} />

      {errors.form && !shownInline.some((key) => errors[key]) && (
        <Alert color="red" role="alert">
          {errors.form}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => void navigate(config.home)}>
          Cancel
        </Button>
        <Button
          onClick={send}
          loading={start.isPending}
          disabled={!isDueDateOk(dueDate) || chosen.length === 0 || !config.email.ready(email)}
        >
          {config.send}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * A network's Begin Review (staff §2.4, §4.3): its new requests, a due date and the e-mail to
 * their reviewers. Only for roles with the cycle's `review` grant; with nothing applicable the user
 * goes home with the network's notice.
 */
export function StartReviewScreen<Draft extends StartReviewDraft, Row extends StartReviewRow, Result>({
  config,
}: {
  config: StartReviewConfig<Draft, Row, Result>;
}) {
  const actor = useActor();
  const allowed = actor !== null && can(actor, 'review', config.subject);
  const draft = useStartReviewDraft<Draft>(config.queryRoot, config.path, allowed);
  const empty = draft.data !== undefined && config.rows(draft.data).length === 0;
  useLeaveWhenNothingToReview(empty, config.nothingToReview);

  if (actor && !allowed) return <Navigate to="/404" replace />;
  return (
    <Page title={config.title} crumbs={config.crumbs}>
      {draft.isError ? (
        <Alert color="red">{config.loadError}</Alert>
      ) : !draft.data || empty ? (
        <Skeleton h={320} />
      ) : (
        <StartReviewForm config={config} draft={draft.data} />
      )}
    </Page>
  );
}
