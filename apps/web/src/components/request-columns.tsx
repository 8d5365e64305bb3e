import { Anchor, Badge } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import type { RequestDto } from '@rrp/domain';
import {
  FLAGGED_STATUSES,
  cohortNames,
  creatorName,
  institutionName,
  requestResourceName,
  listStatusName,
} from '@/lib/request-rules';
import { formatDate } from '@rrp/domain';

/** A request's own page. */
export const requestPath = (request: Pick<RequestDto, 'id'>) => `/request/${request.id}`;

/**
 * The Portal ID column: a link to where the row opens (the request page unless `to` says
 * otherwise, e.g. the review meeting from the review centre's meeting tab, staff §2.3), so the
 * keyboard's way in goes where a click on the row does.
 */
export function portalIdColumn<T extends RequestDto>(to: (request: T) => string = requestPath) {
  return {
    accessor: 'portal_request_id',
    title: 'Portal ID',
    sortable: true,
    render: (request: T) => (
      <Anchor component={Link} to={to(request)} size="sm" onClick={(event) => event.stopPropagation()}>
        {request.portal_request_id}
      </Anchor>
    ),
  } satisfies DataTableColumn<T>;
}

/**
 * The request columns every request table shows (the request list, the Resource Requests
 * centre, the reviewer home): one definition, so they read and sort alike everywhere.
 */
export const requestColumns = {
  portalId: portalIdColumn(),
  resource: {
    accessor: 'display_name',
    title: 'Requested Resource',
    sortable: true,
    render: requestResourceName,
  },
  cohort: {
    accessor: 'cohort',
    title: 'Cohort',
    sortable: true,
    render: (request) => cohortNames(request) || '—',
  },
  creator: { accessor: 'creator', title: 'Creator', render: (request) => creatorName(request) || '—' },
  principalInvestigator: {
    accessor: 'owner',
    title: 'Principal Investigator',
    sortable: true,
    render: (request) => request.owner.display_name,
  },
  institution: {
    accessor: 'institution',
    title: 'Institution',
    sortable: true,
    render: (request) => institutionName(request) || '—',
  },
  submitted: {
    accessor: 'submission_date',
    title: 'Date Submitted',
    sortable: true,
    render: (request) => formatDate(request.submission_date),
  },
  /** While it awaits a decision, the day it is expected (decision 201); the request page says why. */
  expectedDecision: {
    accessor: 'expected_decision',
    title: 'Expected Decision',
    render: (request) => (request.expected_decision ? formatDate(request.expected_decision.date) : '—'),
  },
  /** Statuses that ask someone to act are highlighted (decision 066). */
  status: {
    accessor: 'status',
    title: 'Status',
    sortable: true,
    render: (request) =>
      FLAGGED_STATUSES.includes(request.status) ? (
        <Badge color="red.9" variant="filled" radius="sm">
          {listStatusName(request)}
        </Badge>
      ) : (
        listStatusName(request)
      ),
  },
} satisfies Record<string, DataTableColumn<RequestDto>>;
