import { useState } from 'react';
import { Anchor, Badge, Card, MultiSelect, Stack, Tabs, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import {
  formatDate,
  INSTITUTION_STATUSES,
  LIMITS,
  RDA_STATUSES,
  type InstitutionDto,
  type RoleKey,
} from '@rrp/domain';
import { apiFetch, type ListPage } from '@/lib/api-client';
import { hasScreen } from '@/lib/navigation';
import { ServerTable, type ListState } from '@/components/data-table';

/**
 * Staff §2.1 / §9: the command centre's default status filter per role, for the Institutions
 * tab and the Resource Requests centre alike.
 */
export const COMMAND_CENTRE_DEFAULT_FILTER: Partial<Record<RoleKey, string[]>> = {
  portal_admin: ['1', '2', '5'],
  portal_reviewer: ['1', '2', '3'],
};
/** The RDAs tab starts on the agreements that wait for someone (docs/decisions.md). */
const DEFAULT_RDA_FILTER = ['1', '2'];

/** Tabs that lead to their own screens (staff §2.1), offered once those screens are built. */
const ELSEWHERE = [
  { value: 'requests', label: 'Resource Requests', to: '/resource-request' },
  { value: 'research-match', label: 'Research Match', to: '/research-match-review' },
  { value: 'abn', label: 'Autism BrainNet', to: '/abn-dashboard' },
].filter((tab) => hasScreen(tab.to));

const INSTITUTION_OPTIONS = Object.entries(INSTITUTION_STATUSES).map(([value, label]) => ({ value, label }));
const RDA_OPTIONS = Object.entries(RDA_STATUSES).map(([value, label]) => ({ value, label }));

const officialOf = (institution: InstitutionDto) =>
  institution.current_io && typeof institution.current_io === 'object' ? institution.current_io : null;

function StatusBadge({ label }: { label: string }) {
  return (
    <Badge variant="outline" color="gray.8">
      {label}
    </Badge>
  );
}

/** One filtered, paged table of institutions; `filterKey` is the list endpoint's status filter. */
function InstitutionTable({
  name,
  filterKey,
  filterLabel,
  options,
  initialFilter,
  onOpen,
  extraColumn,
}: {
  name: 'institutions' | 'rdas';
  filterKey: 'status__in' | 'rda_status__in';
  filterLabel: string;
  options: { value: string; label: string }[];
  initialFilter: string[];
  onOpen: (institution: InstitutionDto) => void;
  extraColumn: { title: string; render: (institution: InstitutionDto) => React.ReactNode };
}) {
  const [statuses, setStatuses] = useState(initialFilter);
  const [state, setState] = useState<ListState>({
    page: 1,
    pageSize: LIMITS.table.pageSize,
    ordering: 'name',
  });
  const list = useQuery({
    queryKey: ['command-centre', name, statuses, state],
    queryFn: () =>
      apiFetch<ListPage<InstitutionDto>>('institution/', {
        query: {
          limit: state.pageSize,
          offset: (state.page - 1) * state.pageSize,
          ordering: state.ordering,
          expand: 'current_io',
          ...(statuses.length ? { [filterKey]: statuses.join(',') } : {}),
        },
      }),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack>
      <MultiSelect
        label={filterLabel}
        placeholder={statuses.length ? undefined : 'All statuses'}
        data={options}
        value={statuses}
        onChange={(value) => {
          setStatuses(value);
          setState((previous) => ({ ...previous, page: 1 }));
        }}
        clearable
        maw={520}
      />
      <ServerTable<InstitutionDto>
        label={name === 'rdas' ? 'RDAs' : 'Institutions'}
        records={list.data?.results ?? []}
        total={list.data?.count ?? 0}
        loading={list.isFetching}
        state={state}
        onChange={setState}
        emptyText="There is no record with that status at this time."
        onRowClick={onOpen}
        columns={[
          { accessor: 'name', title: 'Institution', sortable: true },
          {
            accessor: name === 'rdas' ? 'rda_status' : 'status',
            title: extraColumn.title,
            sortable: true,
            render: extraColumn.render,
          },
          {
            accessor: 'current_io',
            title: 'Signing official',
            render: (row) => <Text size="sm">{officialOf(row)?.full_name ?? '—'}</Text>,
          },
          {
            accessor: 'created',
            title: 'Created',
            sortable: true,
            render: (row) => formatDate(row.created),
          },
        ]}
      />
    </Stack>
  );
}

/**
 * The command centre of administrators and reviewers (staff §2.1): institutions and RDAs that need
 * attention, and the ways into the request, Research Match and Autism BrainNet review screens.
 */
export function CommandCentre({ role }: { role: RoleKey }) {
  const navigate = useNavigate();
  const [tab, setTab] = useState('institutions');
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="command-centre-heading">
      <Title order={2} fz="xl" mb="md" id="command-centre-heading">
        Command Centre
      </Title>
      <Tabs
        value={tab}
        onChange={(value) => {
          if (!value) return;
          const elsewhere = ELSEWHERE.find((tab) => tab.value === value);
          if (elsewhere) navigate(elsewhere.to);
          else setTab(value);
        }}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="institutions">Institutions</Tabs.Tab>
          <Tabs.Tab value="rdas">RDAs</Tabs.Tab>
          {ELSEWHERE.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="institutions" pt="md">
          <InstitutionTable
            name="institutions"
            filterKey="status__in"
            filterLabel="Institution status"
            options={INSTITUTION_OPTIONS}
            initialFilter={COMMAND_CENTRE_DEFAULT_FILTER[role] ?? []}
            onOpen={(institution) => navigate(`/institution/${institution.id}`)}
            extraColumn={{
              title: 'Status',
              render: (row) => <StatusBadge label={row.status_name} />,
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="rdas" pt="md">
          <InstitutionTable
            name="rdas"
            filterKey="rda_status__in"
            filterLabel="RDA status"
            options={RDA_OPTIONS}
            initialFilter={DEFAULT_RDA_FILTER}
            // An institution without an RDA has no agreement to open: its page offers 'Add new RDA'.
            onOpen={(institution) =>
              navigate(
                institution.current_rda
                  ? `/rda/${institution.current_rda}`
                  : `/institution/${institution.id}`,
              )
            }
            extraColumn={{
              title: 'RDA status',
              render: (row) => (
                <StatusBadge label={RDA_STATUSES[(row.rda_status ?? 4) as keyof typeof RDA_STATUSES]} />
              ),
            }}
          />
        </Tabs.Panel>
        {ELSEWHERE.map(({ value, to }) => (
          <Tabs.Panel key={value} value={value} pt="md">
            <Anchor component={Link} to={to}>
              Open
            </Anchor>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Card>
  );
}
