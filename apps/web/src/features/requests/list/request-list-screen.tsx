import { useState } from 'react';
import { Button, Collapse, Group, Paper, Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import { Navigate } from 'react-router';
import { can, LIMITS, mayAttempt, quarterKey, quarterLabel, reviewQuarterOptions } from '@rrp/domain';
import { saveCsv } from '@/lib/download';
import { apiFetch } from '@/lib/api-client';
import type { ListState } from '@/components/data-table';
import { Page } from '@/components/page';
import { useSession } from '@/lib/session';
import { NewRequestButton } from '@/components/new-request-button';
import { useCohorts } from '@/components/cohorts';
import {
  requestListQuery,
  useRequests,
  type ListPage,
  type RequestFilters,
  type RequestView,
} from '../api/requests';
import {
  cohortNames,
  creatorName,
  institutionName,
  requestResourceName,
  statusName,
} from '@/lib/request-rules';
import { requestColumns } from '@/components/request-columns';
import { SearchInput } from '@/components/search-input';
import { ListActionsMenu } from '@/components/list-actions-menu';
import { useActor } from '@/lib/use-can';
import { ReviewerFilter } from '@/components/reviewer-options';
import { ListTable } from '@/components/list-table';
import { NoResultsCreate } from '@/components/no-results-create';

/** Review quarters from October 2018 to the current review quarter (staff §9), newest first. */
const QUARTER_OPTIONS = reviewQuarterOptions().map((quarter) => ({
  value: quarterKey(quarter),
  label: quarterLabel(quarter),
}));

/** Every matching request (up to the list limit) as a CSV file, for staff. */
async function downloadCsv(filters: RequestFilters) {
  const page = await apiFetch<ListPage<RequestView>>('request/', {
    query: requestListQuery(filters, LIMITS.list.maxLimit, 0),
  });
  await saveCsv(
    page.results.map((request) => ({
      portal_request_id: request.portal_request_id,
      requested_resource: requestResourceName(request),
      cohort: cohortNames(request),
      creator: creatorName(request),
      institution: institutionName(request),
      date_submitted: request.submission_date ?? '',
      status: statusName(request),
    })),
    'requests.csv',
  );
}

/**
 * /request for the roles that list requests; the others (a superuser) are sent to the not-found
 * page like on other staff screens, before anything is asked (issue 30.3, decision 332).
 */
export default function RequestListScreen() {
  const actor = useActor();
  if (actor && !mayAttempt(actor, 'list', 'Request')) return <Navigate to="/404" replace />;
  return <RequestList />;
}

/** /request: the request list (researcher §2 "Lists"); researchers see their own requests. */
function RequestList() {
  const { activeRole } = useSession();
  const isPi = activeRole === 'primary_researcher';
  const isAdmin = activeRole === 'portal_admin';
  const actor = useActor();
  const hasMenu = isAdmin || activeRole === 'portal_reviewer';
  const [state, setState] = useState<ListState>({
    page: 1,
    pageSize: LIMITS.table.pageSize,
    ordering: '-submission_date',
  });
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText, LIMITS.search.debounceMs);
  const [showFilters, setShowFilters] = useState(false);
  const [cohort, setCohort] = useState<string | null>(null);
  const [reviewer, setReviewer] = useState<string | null>(null);
  const [reviewQuarter, setReviewQuarter] = useState<string | null>(null);
  const cohorts = useCohorts();
  // The reviewer filter offers the reviewer groups' members to staff who may list users.
  const reviewerFilter = !isPi && mayAttempt(actor, 'list', 'User');
  const filters: RequestFilters = { ...state, search: isPi ? '' : search, cohort, reviewer, reviewQuarter };
  const list = useRequests(filters);
  const empty = list.data !== undefined && list.data.count === 0;

  return (
    <Page
      title="Requests"
      actions={
        <Group>
          {isPi && <NewRequestButton researchMatch variant="default" />}
          {isPi && <NewRequestButton />}
          {hasMenu && (
            <ListActionsMenu
              create={
                can(actor, 'create', 'Request')
                  ? { label: 'Add New Request', to: '/request/create' }
                  : undefined
              }
              onDownload={() => void downloadCsv(filters)}
            />
          )}
        </Group>
      }
    >
      <Stack>
        <Group align="flex-end">
          {!isPi && (
            <SearchInput
              label="Search requests"
              placeholder="Search for requests..."
              value={searchText}
              onChange={(value) => {
                setSearchText(value);
                setState((previous) => ({ ...previous, page: 1 }));
              }}
              w={360}
            />
          )}
          <Button
            variant="subtle"
            leftSection={<IconFilter size={14} aria-hidden />}
            aria-expanded={showFilters}
            onClick={() => setShowFilters((open) => !open)}
          >
            Show/Hide Filters
          </Button>
        </Group>
        <Collapse expanded={showFilters}>
          <Paper withBorder p="md">
            <Group align="flex-end">
              <Select
                label="Cohort"
                placeholder="All cohorts"
                clearable
                data={(cohorts.data?.results ?? []).map((item) => ({
                  value: String(item.id),
                  label: item.name,
                }))}
                value={cohort}
                onChange={(value) => {
                  setCohort(value);
                  setState((previous) => ({ ...previous, page: 1 }));
                }}
                w={260}
              />
              {reviewerFilter && (
                <ReviewerFilter
                  enabled={showFilters}
                  value={reviewer}
                  onChange={(value) => {
                    setReviewer(value);
                    setState((previous) => ({ ...previous, page: 1 }));
                  }}
                  w={260}
                />
              )}
              {!isPi && (
                <Select
                  label="Review quarter"
                  placeholder="Any quarter"
                  clearable
                  data={QUARTER_OPTIONS}
                  value={reviewQuarter}
                  onChange={(value) => {
                    setReviewQuarter(value);
                    setState((previous) => ({ ...previous, page: 1 }));
                  }}
                  w={300}
                />
              )}
            </Group>
          </Paper>
        </Collapse>
        {empty && !list.isFetching ? (
          <NoResultsCreate to="/request/create" label="Create a new request" />
        ) : (
          <ListTable<RequestView>
            label="Requests"
            list={list}
            state={state}
            onChange={setState}
            rowPath={(request) => `/request/${request.id}`}
            columns={[
              requestColumns.portalId,
              requestColumns.resource,
              requestColumns.cohort,
              requestColumns.creator,
              requestColumns.institution,
              requestColumns.submitted,
              ...(isPi ? [requestColumns.expectedDecision] : []),
              requestColumns.status,
            ]}
          />
        )}
      </Stack>
    </Page>
  );
}
