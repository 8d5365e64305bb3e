import { useState } from 'react';
import { Anchor, Group, Select, Stack, Text } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { can, REVIEWER_ROLES, ROLE_LABELS, type ReviewerWorkloadRow } from '@rrp/domain';
import { ListTable } from '@/components/list-table';
import { useListControls } from '@/components/list-controls';
import { Page } from '@/components/page';
import { SearchInput } from '@/components/search-input';
import { groupNames, medianDaysText } from '@/components/reviewer-suggestions/load';
import { useActor } from '@/lib/use-can';
import { useReviewerWorkload } from '../api';

const GROUP_OPTIONS = REVIEWER_ROLES.map((group) => ({ value: group, label: ROLE_LABELS[group] }));

const count = (value: number, alert = false) => (
  <Text
    size="sm"
    ta="right"
    fw={alert && value > 0 ? 700 : undefined}
    c={alert && value > 0 ? 'red.9' : undefined}
  >
    {value}
  </Text>
);

/**
 * /reviewer-workload (issue 33): every reviewer with their open, due-soon and overdue reviews and
 * median days to complete, most overdue first; a row opens the reviewer's open reviews. For the
 * staff who assign reviewers (the `ReviewerWorkload` grant).
 */
export default function ReviewerWorkloadScreen() {
  const actor = useActor();
  const allowed = actor !== null && can(actor, 'list', 'ReviewerWorkload');
  const { state, setState, searchText, setSearch, search, filter } = useListControls('-overdue');
  const [group, setGroup] = useState<string | null>(null);
  const list = useReviewerWorkload({ ...state, search, group }, allowed);

  if (actor && !allowed) return <Navigate to="/404" replace />;
  return (
    <Page title="Reviewer Workload">
      <Stack>
        <Text size="sm" c="gray.7">
          Open reviews are on requests still in review; due soon means due within 7 days. The median counts
          reviews completed in the last 12 months.
        </Text>
        <Group align="flex-end">
          <SearchInput
            label="Search"
            placeholder="Name or e-mail"
            value={searchText}
            onChange={setSearch}
            w={280}
          />
          <Select
            label="Reviewer group"
            placeholder="All groups"
            data={GROUP_OPTIONS}
            value={group}
            onChange={filter(setGroup)}
            clearable
            w={280}
          />
        </Group>
        <ListTable<ReviewerWorkloadRow>
          label="Reviewer workload"
          list={list}
          state={state}
          onChange={setState}
          emptyText="No reviewers match."
          rowPath={(row) => `/reviewer-workload/${row.id}`}
          columns={[
            {
              accessor: 'display_name',
              title: 'Reviewer',
              sortable: true,
              render: (row) => (
                <Anchor component={Link} to={`/reviewer-workload/${row.id}`} size="sm">
                  {row.display_name}
                </Anchor>
              ),
            },
            { accessor: 'email', title: 'E-mail' },
            { accessor: 'groups', title: 'Groups', render: (row) => groupNames(row.groups) },
            {
              accessor: 'open_reviews',
              title: 'Open',
              sortable: true,
              textAlign: 'right',
              render: (row) => count(row.open_reviews),
            },
            {
              accessor: 'due_soon',
              title: 'Due soon',
              sortable: true,
              textAlign: 'right',
              render: (row) => count(row.due_soon),
            },
            {
              accessor: 'overdue',
              title: 'Overdue',
              sortable: true,
              textAlign: 'right',
              render: (row) => count(row.overdue, true),
            },
            {
              accessor: 'median_days_to_complete',
              title: 'Median time to complete',
              sortable: true,
              textAlign: 'right',
              render: (row) => medianDaysText(row.median_days_to_complete),
            },
          ]}
        />
      </Stack>
    </Page>
  );
}
