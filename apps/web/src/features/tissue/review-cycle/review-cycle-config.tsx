import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import {
  formatDate,
  TISSUE_CYCLE_MESSAGES,
  TISSUE_RESOURCE_NAMES,
  type MovedRequests,
  type TissueStartReviewDto,
} from '@rrp/domain';
import { START_REVIEW_COLUMNS, type StartReviewConfig } from '@/components/review-cycle/start-review';
import { TISSUE_CYCLE_QUERIES } from './api';

/** The Autism BrainNet dashboard, where the cycle's screens lead back to. */
const ABN_DASHBOARD = '/abn-dashboard';

/**
 * /abn_tissue/start-review (staff §2.4, §4.3): the new pilot tissue and tissue requests, a due date
 * and the e-mail the server sends each assigned reviewer. Administrators and tissue project
 * managers only; on completion to / with the server's notice (staff §2.4).
 */
export const TISSUE_START: StartReviewConfig<
  TissueStartReviewDto,
  TissueStartReviewDto['requests'][number],
  MovedRequests
> = {
  title: 'Start Tissue Review',
  crumbs: [{ label: 'Autism BrainNet', to: ABN_DASHBOARD }],
  subject: 'TissueReview',
  queryRoot: TISSUE_CYCLE_QUERIES,
  path: 'abn_tissue/start-review/',
  loadError: 'The tissue requests could not be loaded.',
  nothingToReview: TISSUE_CYCLE_MESSAGES.nothingToReview,
  rows: (draft) => draft.requests,
  // Only requests with assigned reviewers can go into review (staff §4.3).
  choosable: (row) => row.review_users.length > 0,
  table: {
    headingId: 'requests-heading',
    heading: 'New Tissue Requests',
    help:
      'The chosen requests go to Under Review and their assigned reviewers can score them until the due ' +
      'date. A request without reviewers cannot be chosen: assign reviewers on the request first.',
    region: 'Tissue requests to review',
    label: 'Tissue requests applicable for review',
    chooseAll: 'Choose every request with reviewers',
    columns: [
      {
        title: 'Request',
        cell: (row) => (
          <Anchor component={Link} to={`/request/${row.id}`} size="sm">
            {row.portal_request_id}
          </Anchor>
        ),
      },
      { title: 'Type', cell: (row) => TISSUE_RESOURCE_NAMES[row.type as 7 | 8] ?? row.display_name },
      START_REVIEW_COLUMNS.applicant,
      START_REVIEW_COLUMNS.institution,
      { title: 'Submitted', cell: (row) => formatDate(row.submission_date) },
      START_REVIEW_COLUMNS.reviewers,
    ],
  },
  tooEarly: TISSUE_CYCLE_MESSAGES.dueDate,
  email: {
    help:
      'Each assigned reviewer receives this message with the due date and a link to each request ' +
      'they review.',
    subjectError: 'email.subject',
    bodyError: 'email.body',
    messageRows: 6,
    ready: (email) => email.subject.trim() !== '' && email.body.trim() !== '',
    body: ({ subject, body }) => ({ subject, body }),
  },
  send: 'Begin Review',
  home: ABN_DASHBOARD,
  onStarted: (result, navigate) => {
    notifications.show({ color: 'green', title: result.msg, message: result.detail });
    void navigate('/');
  },
};
