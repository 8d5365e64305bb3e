import { useState } from 'react';
import {
  Anchor,
  Button,
  Group,
  MultiSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import {
  formatDate,
  IRB_DESIGNATIONS,
  LIMITS,
  REQUEST_STATUSES,
  type RequestDto,
  type RoleKey,
} from '@rrp/domain';
import { apiFetch, type ListPage } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { ServerTable, type ListState } from '@/components/data-table';
import { expandColumn } from '@/components/expand-column';
import { requestColumns } from '@/components/request-columns';
import { COMMAND_CENTRE_DEFAULT_FILTER } from './command-centre';

type AssignFilter = 'all' | 'assigned' | 'unassigned';

const STATUS_OPTIONS = Object.entries(REQUEST_STATUSES).map(([value, label]) => ({ value, label }));

const projectOf = (request: RequestDto) => (typeof request.project === 'object' ? request.project : null);

/** The expanded row: title, abstract, institution and IRB details with View IRB (staff §2.1). */
function RequestExpansion({ request }: { request: RequestDto }) {
  const project = projectOf(request);
  const irb = project?.latest_irb ?? null;
  return (
    <Stack gap="sm" p="md" bg="gray.0">
      <div>
        <Text size="xs" fw={700} c="gray.8">
          Title
        </Text>
        <Text size="sm">{project?.title ?? '—'}</Text>
      </div>
      <div>
        <Text size="xs" fw={700} c="gray.8">
          Abstract
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {project?.abstract || '—'}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <div>
          <Text size="xs" fw={700} c="gray.8">
            Institution
          </Text>
          <Text size="sm">{request.institution?.name ?? '—'}</Text>
        </div>
        <div>
          <Text size="xs" fw={700} c="gray.8">
            IRB
          </Text>
          {irb ? (
            <Group gap="xs">
              <Text size="sm">
                {`${IRB_DESIGNATIONS[irb.designation as keyof typeof IRB_DESIGNATIONS] ?? 'IRB'} · approved ${formatDate(
                  irb.approval_date,
                )} · renewal ${irb.designation === 2 ? 'Exempt' : formatDate(irb.renewal_date)}`}
              </Text>
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconDownload size={14} aria-hidden />}
                onClick={() => void downloadFile(irb.id)}
              >
                View IRB
              </Button>
            </Group>
          ) : (
            <Text size="sm">No IRB on file.</Text>
          )}
        </div>
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The Resource Requests command centre (staff §2.1): a status filter (admin [1,2,5], reviewer
 * [1,2,3]), the assign/unassign filter, 'View All Requests', and rows that expand to the request's
 * title, abstract, institution and IRB. Reviewers see their own assignments only (the API's rule).
 */
export function ResourceRequestCentre({ role }: { role: RoleKey | null }) {
  const navigate = useNavigate();
  const [statuses, setStatuses] = useState<string[]>((role && COMMAND_CENTRE_DEFAULT_FILTER[role]) ?? []);
  const [assign, setAssign] = useState<AssignFilter>('all');
  const [expanded, setExpanded] = useState<number[]>([]);
  const [state, setState] = useState<ListState>({
    page: 1,
    pageSize: LIMITS.table.pageSize,
    ordering: '-submission_date',
  });
  const list = useQuery({
    queryKey: ['requests', 'command-centre', statuses, assign, state],
    queryFn: () =>
      apiFetch<ListPage<RequestDto>>('request/', {
        query: {
          limit: state.pageSize,
          offset: (state.page - 1) * state.pageSize,
          ordering: state.ordering,
          expand: 'project,institution',
          ...(statuses.length ? { status__in: statuses.join(',') } : {}),
          ...(assign === 'all' ? {} : { assigned: assign === 'assigned' }),
        },
      }),
    placeholderData: keepPreviousData,
  });
  const firstPage = () => setState((previous) => ({ ...previous, page: 1 }));
  const toggle = (id: number) =>
    setExpanded((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]));

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end">
          <MultiSelect
            label="Request status"
            placeholder={statuses.length ? undefined : 'All statuses'}
            data={STATUS_OPTIONS}
            value={statuses}
            onChange={(value) => {
              setStatuses(value);
              firstPage();
            }}
            clearable
            w={{ base: '100%', sm: 420 }}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="assign-filter-label">
              Assignment
            </Text>
            <SegmentedControl
              aria-labelledby="assign-filter-label"
              value={assign}
              onChange={(value) => {
                setAssign(value as AssignFilter);
                firstPage();
              }}
              data={[
                { value: 'all', label: 'All' },
                { value: 'assigned', label: 'Assigned' },
                { value: 'unassigned', label: 'Unassigned' },
              ]}
            />
          </Stack>
        </Group>
        <Anchor component={Link} to="/request">
          View All Requests
        </Anchor>
      </Group>
      <ServerTable<RequestDto>
        label="Resource requests"
        records={list.data?.results ?? []}
        total={list.data?.count ?? 0}
        loading={list.isFetching}
        state={state}
        onChange={setState}
        emptyText="There is no record with that status at this time."
        onRowClick={(request) => toggle(request.id)}
        rowExpansion={{
          trigger: 'never',
          allowMultiple: true,
          expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
          content: ({ record }) => <RequestExpansion request={record} />,
        }}
        columns={[
          expandColumn(expanded, toggle),
          // Next to the details toggle, so a wide table never hides it (issue 14.2).
          {
            accessor: 'open',
            title: <VisuallyHidden>Open</VisuallyHidden>,
            render: (request) => (
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={(event) => {
                  event.stopPropagation();
                  navigate(`/request/${request.id}`);
                }}
                aria-label={`Open request ${request.portal_request_id}`}
              >
                Open
              </Button>
            ),
          },
          requestColumns.portalId,
          requestColumns.resource,
          requestColumns.principalInvestigator,
          requestColumns.institution,
          requestColumns.submitted,
          {
            accessor: 'review_users',
            title: 'Reviewers',
            render: (request) =>
              request.review_users?.length ? (
                request.review_users.map((reviewer) => reviewer.display_name).join(', ')
              ) : (
                <Text size="sm" fs="italic">
                  Unassigned
                </Text>
              ),
          },
          requestColumns.status,
        ]}
      />
    </Stack>
  );
}
