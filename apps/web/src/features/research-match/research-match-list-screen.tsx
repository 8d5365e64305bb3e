import { useMemo, useState } from 'react';
import { Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, TagsInput, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import {
  can,
  formatDate,
  LIMITS,
  MAX_KEYWORDS,
  quarterKey,
  quarterLabel,
  RESEARCH_MATCH_COHORTS,
  RESEARCH_MATCH_TYPE,
  reviewQuarterOptions,
  WORKFLOW_STATUS,
  type RequestDto,
} from '@rrp/domain';
import type { Field } from '@rrp/domain/forms';
import { ServerTable } from '@/components/data-table';
import { expandColumn } from '@/components/expand-column';
import { Page } from '@/components/page';
import { SearchInput } from '@/components/search-input';
import { ListActionsMenu } from '@/components/list-actions-menu';
import { FiltersPanel, FiltersToggle, useListControls } from '@/components/list-controls';
import { useFormSchema } from '@/components/dynamic-form';
import { saveCsv } from '@/lib/download';
import { apiFetch, type ListPage } from '@/lib/api-client';
import { listStatusName } from '@/lib/request-rules';
import { useActor } from '@/lib/use-can';
import { useCohorts } from '@/components/cohorts';
import { ReviewerFilter } from '@/components/reviewer-options';
import { REVIEW_CENTRE } from './review-cycle-config';

/** The research-match list's status filter (researcher §2 "Lists": Approved/Rejected). */
const STATUS_OPTIONS = (
  [
    [WORKFLOW_STATUS.approved, 'Approved'],
    [WORKFLOW_STATUS.rejected, 'Rejected'],
    [WORKFLOW_STATUS.submitted, 'Submitted'],
    [WORKFLOW_STATUS.underReview, 'Under Review'],
    [WORKFLOW_STATUS.reviewMeeting, 'Review Meeting'],
    [WORKFLOW_STATUS.conditionallyApproved, 'Conditionally Approved'],
    [WORKFLOW_STATUS.deferred, 'Deferred'],
    [WORKFLOW_STATUS.withdrawn, 'Withdrawn'],
  ] as const
).map(([status, label]) => ({ value: String(status), label }));
const QUARTER_OPTIONS = reviewQuarterOptions().map((quarter) => ({
  value: quarterKey(quarter),
  label: quarterLabel(quarter),
}));

interface Filters {
  cohort: string | null;
  reviewer: string | null;
  quarter: string | null;
  cycle: number | null;
  categories: string[];
  keywords: string[];
  statuses: string[];
  methods: string[];
  region: string | null;
}
export const NO_FILTERS: Filters = {
  cohort: null,
  reviewer: null,
  quarter: null,
  cycle: null,
  categories: [],
  keywords: [],
  statuses: [],
  methods: [],
  region: null,
};

/** Each filter's parameter on the request list (decision 212). */
const FILTER_PARAMS: Record<keyof Filters, string> = {
  cohort: 'cohort',
  reviewer: 'reviews__user',
  quarter: 'review_quarter',
  cycle: 'review_cycle',
  categories: 'category__in',
  keywords: 'keywords__in',
  statuses: 'status__in',
  methods: 'methods__in',
  region: 'region',
};

/** The list call's filters: Research Match applications with the summary's fields; unset ones left out. */
export function listQuery(filters: Filters, search: string) {
  const term = search.trim();
  const query: Record<string, string | number> = {
    type: RESEARCH_MATCH_TYPE,
    expand: 'owner,institution,summary',
  };
  if (term.length >= LIMITS.search.minChars) query.search = term;
  for (const [key, param] of Object.entries(FILTER_PARAMS) as [keyof Filters, string][]) {
    const value = filters[key];
    if (Array.isArray(value)) {
      if (value.length > 0) query[param] = value.join(',');
    } else if (value !== null && value !== '') query[param] = value;
  }
  return query;
}

const application = (request: RequestDto) =>
  (request.additional_data?.rm_application ?? {}) as Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The expandable row (researcher §2): scientific and general-audience title and abstract. */
function ApplicationDetails({ request }: { request: RequestDto }) {
  const answers = application(request);
  const details = [
    ['Scientific title', request.summary?.scientific_title ?? ''],
    ['Scientific abstract', request.summary?.scientific_abstract ?? ''],
    ['General audience title', text(answers.lay_title)],
    ['General audience abstract', text(answers.lay_abstract)],
  ].filter(([, value]) => value);
  if (details.length === 0)
    return (
      <Text size="sm" p="md" c="gray.7">
        No details available.
      </Text>
    );
  return (
    <Stack gap="xs" p="md">
      {details.map(([label, value]) => (
        <div key={label}>
          <Text size="xs" fw={700} c="gray.7" tt="uppercase">
            {label}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {value}
          </Text>
        </div>
      ))}
    </Stack>
  );
}

/** Every matching application (up to the list limit) as a CSV file. */
async function downloadCsv(filters: Filters, search: string) {
  const page = await apiFetch<ListPage<RequestDto>>('request/', {
    query: { ...listQuery(filters, search), limit: LIMITS.list.maxLimit, ordering: '-submission_date' },
  });
  await saveCsv(
    page.results.map((request) => ({
      portal_request_id: request.portal_request_id,
      applicant: request.owner.display_name,
      institution: request.institution?.name ?? '',
      cohort: request.cohorts.map((cohort) => cohort.name).join('; '),
      date_submitted: request.submission_date ?? '',
      status: listStatusName(request),
      review_quarter: request.summary?.review_quarter ?? '',
      review_cycle: request.summary?.review_cycle ?? '',
      scientific_title: request.summary?.scientific_title ?? '',
      general_audience_title: text(application(request).lay_title),
      category: request.summary?.category.join('; ') ?? '',
      keywords: request.summary?.keywords.join('; ') ?? '',
      methods: request.summary?.study_type.join('; ') ?? '',
      region: request.summary?.region ?? '',
    })),
    'research-match-applications.csv',
  );
}

/** The application form's choices of a field, as the summary stores them (labels). */
function choicesOf(fields: readonly Field[] | undefined, key: string): string[] {
  const field = fields?.find((item) => 'key' in item && item.key === key) as
    { options?: { label: string }[] } | undefined;
  return field?.options?.map((option) => option.label) ?? [];
}

/**
 * /research-match-applications: the research-match list kind (researcher §2 "Lists"): Applicant,
 * Institution, Cohort, Date Submitted, Status with '(Renewal <status>)', expandable rows, the
 * research-match filters and a CSV download.
 */
export default function ResearchMatchListScreen() {
  const navigate = useNavigate();
  const actor = useActor();
  const { state, setState, searchText, setSearch, search, filter } = useListControls('-submission_date');
  const [showFilters, setShowFilters] = useState(false);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [expanded, setExpanded] = useState<number[]>([]);
  const cohorts = useCohorts();
  const form = useFormSchema('research_match_application');
  const set = <K extends keyof Filters>(key: K) =>
    filter((value: Filters[K]) => setFilters((previous) => ({ ...previous, [key]: value })));
  const list = useQuery({
    queryKey: ['requests', 'research-match-list', filters, search, state],
    queryFn: () =>
      apiFetch<ListPage<RequestDto>>('request/', {
        query: {
          ...listQuery(filters, search),
          limit: state.pageSize,
          offset: (state.page - 1) * state.pageSize,
          ordering: state.ordering,
        },
      }),
    placeholderData: keepPreviousData,
  });
  const cohortOptions = useMemo(
    () =>
      (cohorts.data?.results ?? [])
        .filter((cohort) => (RESEARCH_MATCH_COHORTS as readonly string[]).includes(cohort.name))
        .map((cohort) => ({ value: String(cohort.id), label: cohort.name })),
    [cohorts.data],
  );
  const fields = form.data?.fields;
  const toggle = (id: number) =>
    setExpanded((open) => (open.includes(id) ? open.filter((item) => item !== id) : [...open, id]));

  if (actor && !can(actor, 'list', 'ReviewCycle')) return <Navigate to="/404" replace />;
  return (
    <Page
      title="Research Match Applications"
      crumbs={[{ label: 'Research Match Review', to: REVIEW_CENTRE }]}
      actions={<ListActionsMenu onDownload={() => void downloadCsv(filters, search)} />}
    >
      <Stack>
        <Group align="flex-end">
          <SearchInput
            label="Search applications"
            placeholder="Search for research match applications..."
            value={searchText}
            onChange={setSearch}
            w={360}
          />
          <FiltersToggle opened={showFilters} onToggle={() => setShowFilters((open) => !open)} />
        </Group>
        <FiltersPanel opened={showFilters}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <Select
              label="Cohort"
              placeholder="SPARK or SSC"
              clearable
              data={cohortOptions}
              value={filters.cohort}
              onChange={set('cohort')}
            />
            <ReviewerFilter
              enabled={showFilters && can(actor, 'list', 'User')}
              value={filters.reviewer}
              onChange={set('reviewer')}
            />
            <Select
              label="Review quarter"
              placeholder="Any quarter"
              clearable
              data={QUARTER_OPTIONS}
              value={filters.quarter}
              onChange={set('quarter')}
            />
            <NumberInput
              label="Review cycle"
              placeholder="Any cycle"
              min={0}
              max={99}
              allowDecimal={false}
              value={filters.cycle ?? ''}
              onChange={(value) => set('cycle')(typeof value === 'number' ? value : null)}
            />
            <MultiSelect
              label="Categories"
              placeholder={filters.categories.length ? undefined : 'Any category'}
              clearable
              data={choicesOf(fields, 'category')}
              value={filters.categories}
              onChange={set('categories')}
            />
            <TagsInput
              label="Keywords"
              placeholder={filters.keywords.length ? undefined : 'Any keyword'}
              description={`Up to ${MAX_KEYWORDS}`}
              maxTags={MAX_KEYWORDS}
              clearable
              data={choicesOf(fields, 'keywords')}
              value={filters.keywords}
              onChange={set('keywords')}
            />
            <MultiSelect
              label="Status"
              placeholder={filters.statuses.length ? undefined : 'Any status'}
              clearable
              data={STATUS_OPTIONS}
              value={filters.statuses}
              onChange={set('statuses')}
            />
            <MultiSelect
              label="Methods"
              placeholder={filters.methods.length ? undefined : 'Any method'}
              clearable
              data={choicesOf(fields, 'methods')}
              value={filters.methods}
              onChange={set('methods')}
            />
            <Select
              label="Region"
              placeholder="Any region"
              clearable
              data={choicesOf(fields, 'region')}
              value={filters.region}
              onChange={set('region')}
            />
          </SimpleGrid>
        </FiltersPanel>
        <ServerTable<RequestDto>
          label="Research Match Applications"
          records={list.data?.results ?? []}
          total={list.data?.count ?? 0}
          loading={list.isFetching}
          state={state}
          onChange={setState}
          emptyText="No results matching search."
          onRowClick={(request) => navigate(`/request/${request.id}`)}
          rowExpansion={{
            trigger: 'never',
            allowMultiple: true,
            expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
            content: ({ record }) => <ApplicationDetails request={record} />,
          }}
          columns={[
            {
              accessor: 'owner',
              title: 'Applicant',
              sortable: true,
              render: (request) => request.owner.display_name,
            },
            {
              accessor: 'institution',
              title: 'Institution',
              sortable: true,
              render: (request) => request.institution?.name ?? '—',
            },
            {
              accessor: 'cohort',
              title: 'Cohort',
              sortable: true,
              render: (request) => request.cohorts.map((cohort) => cohort.name).join(', ') || '—',
            },
            {
              accessor: 'submission_date',
              title: 'Date Submitted',
              sortable: true,
              render: (request) => formatDate(request.submission_date),
            },
            { accessor: 'status', title: 'Status', sortable: true, render: listStatusName },
            expandColumn(expanded, toggle),
          ]}
        />
      </Stack>
    </Page>
  );
}
