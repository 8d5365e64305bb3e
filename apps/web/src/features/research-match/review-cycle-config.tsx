import { Badge, Group, Text } from '@mantine/core';
import {
  formatDate,
  RESEARCH_MATCH_MESSAGES,
  REVIEW_MESSAGES,
  splitRecipients,
  START_REVIEW_DUE_DATE_TOKEN,
  type StartReviewApplication,
  type StartReviewDto,
} from '@rrp/domain';
import { START_REVIEW_COLUMNS, type StartReviewConfig } from '@/components/review-cycle/start-review';
import { RESEARCH_MATCH_QUERIES, STARTED_STATE } from './api';

/** The Research Match review centre, where the cycle's screens lead back to. */
export const REVIEW_CENTRE = '/research-match-review';

/**
 * /research-match-review/start-review (staff §2.4, §4.3): the new applications and renewals, a due
 * date and the e-mail to the reviewers, which names its recipients. Administrators only; on
 * completion back to the review centre, which says how many went into review.
 */
export const RESEARCH_MATCH_START: StartReviewConfig<
  StartReviewDto,
  StartReviewApplication,
  { moved: number[]; due_date: string }
> = {
  title: 'Start Review',
  crumbs: [{ label: 'Research Match Review', to: REVIEW_CENTRE }],
  subject: 'ReviewCycle',
  queryRoot: RESEARCH_MATCH_QUERIES,
  path: 'research-match/start-review/',
  loadError: 'The applications could not be loaded.',
  nothingToReview: REVIEW_MESSAGES.nothingToReview,
  rows: (draft) => draft.applications,
  choosable: () => true,
  table: {
    headingId: 'applications-heading',
    heading: 'New Applications and Renewals',
    help: 'The chosen applications go to Under Review and their reviewers can score them until the due date.',
    region: 'Applications to review',
    label: 'Applications applicable for review',
    chooseAll: 'Choose every application',
    columns: [
      {
        title: 'Request',
        cell: (row) => (
          <Group gap={6} wrap="nowrap">
            <Text size="sm">{row.portal_request_id}</Text>
            {row.renewal && (
              <Badge size="sm" variant="light" color="grape.9">
                Renewal
              </Badge>
            )}
          </Group>
        ),
      },
      { title: 'Title', cell: (row) => row.scientific_title || '—' },
      START_REVIEW_COLUMNS.applicant,
      START_REVIEW_COLUMNS.institution,
      { title: 'Submitted', cell: (row) => formatDate(row.renewal?.submission_date ?? row.submission_date) },
      START_REVIEW_COLUMNS.reviewers,
    ],
  },
  tooEarly: RESEARCH_MATCH_MESSAGES.dueDatePast,
  email: {
    help: `${START_REVIEW_DUE_DATE_TOKEN} in the message becomes the due date when it is sent.`,
    recipients: 'email',
    messageRows: 8,
    ready: (email) => splitRecipients(email.to).length > 0,
    body: ({ to, cc, bcc, subject, body }) => ({ to, cc, bcc, subject, body }),
  },
  send: 'Send',
  home: REVIEW_CENTRE,
  onStarted: (result, navigate) =>
    void navigate(REVIEW_CENTRE, { state: { [STARTED_STATE]: result.moved.length } }),
};
