import { useState, type ReactNode } from 'react';
import { Grid, NavLink, Stack } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useNavigate } from 'react-router';
import type { RequestDto } from '@rrp/domain';
import { ServerTable } from '@/components/data-table';
import { portalIdColumn, requestColumns, requestPath } from '@/components/request-columns';
import { TabHeading, useBulkMove, useTabRequests } from './tabs';

/** A tab of a review-cycle dashboard: its heading and the statuses it lists. */
interface CycleTab {
  key: string;
  heading: string;
  statuses: readonly number[];
}

/** A tab's bulk move out of review, for staff who run the cycle. */
interface CycleBulkMove {
  label: string;
  help: string;
  refusedTitle: string;
  /** Moves the chosen requests; the answer's title and text are shown. */
  run: (ids: number[]) => Promise<{ title: string; detail: string }>;
  pending: boolean;
}

interface StatusChoice {
  status: number;
  label: string;
}

/**
 * A tab's left status filter (staff §2.7): one status, or all of them. Links in a nav landmark so
 * a keyboard user moves through them like any list of choices.
 */
function StatusFilter({
  choices,
  value,
  onChange,
}: {
  choices: readonly StatusChoice[];
  value: number | null;
  onChange: (status: number | null) => void;
}) {
  return (
    <nav aria-label="Filter by status">
      <NavLink
        component="button"
        label="All Statuses"
        active={value === null}
        onClick={() => onChange(null)}
      />
      {choices.map((entry) => (
        <NavLink
          key={entry.status}
          component="button"
          label={entry.label}
          active={value === entry.status}
          aria-current={value === entry.status ? 'true' : undefined}
          onClick={() => onChange(entry.status)}
        />
      ))}
    </nav>
  );
}

/**
 * One tab's requests from the request list (server-paged, filtered in SQL by the network's request
 * types and the tab's statuses, newest first): Portal ID, Principal Investigator, Institution,
 * Date Submitted and Status, then the network's own columns. With a bulk move, the rows can be
 * chosen and moved; with a status filter, the tab can be narrowed to one of those statuses.
 */
export function CycleTabList({
  tab,
  list,
  types,
  label,
  emptyText,
  open = requestPath,
  columns = [],
  move,
  onMoved,
  statusFilter,
}: {
  tab: CycleTab;
  /** The list's own part of the query key (the dashboard's name). */
  list: string;
  /** The request types' filter, e.g. `{ type: 4 }`. */
  types: Record<string, string | number>;
  label: string;
  emptyText: string;
  /** Where a row opens: the request page unless said otherwise. */
  open?: (request: RequestDto) => string;
  columns?: DataTableColumn<RequestDto>[];
  move?: CycleBulkMove;
  onMoved: () => void;
  statusFilter?: readonly StatusChoice[];
}) {
  const navigate = useNavigate();
  const [status, setStatus] = useState<number | null>(null);
  const statuses = status === null ? tab.statuses : [status];
  const {
    state,
    setState,
    list: page,
  } = useTabRequests<RequestDto>([list, tab.key], {
    ...types,
    status__in: statuses.join(','),
  });
  const bulk = useBulkMove<RequestDto, { title: string; detail: string }>({
    move: (ids) => move!.run(ids),
    answer: (result) => result,
    pending: move?.pending ?? false,
    refusedTitle: move?.refusedTitle ?? '',
    onMoved,
  });

  const table: ReactNode = (
    <ServerTable<RequestDto>
      label={label}
      records={page.data?.results ?? []}
      total={page.data?.count ?? 0}
      loading={page.isFetching}
      state={state}
      onChange={setState}
      emptyText={emptyText}
      onRowClick={(request) => navigate(open(request))}
      selection={move ? bulk.selection : undefined}
      columns={[
        portalIdColumn(open),
        requestColumns.principalInvestigator,
        requestColumns.institution,
        requestColumns.submitted,
        requestColumns.status,
        ...columns,
      ]}
    />
  );

  return (
    <Stack gap="sm">
      <TabHeading
        title={tab.heading}
        move={move ? { label: move.label, help: move.help, ...bulk.button } : undefined}
      />
      {statusFilter ? (
        <Grid>
          <Grid.Col span={{ base: 12, md: 3 }}>
            <StatusFilter
              choices={statusFilter}
              value={status}
              onChange={(next) => {
                setStatus(next);
                setState((previous) => ({ ...previous, page: 1 }));
              }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>{table}</Grid.Col>
        </Grid>
      ) : (
        table
      )}
    </Stack>
  );
}
