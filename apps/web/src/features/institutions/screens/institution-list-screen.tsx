import { useState } from 'react';
import { Button, Group, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate, INSTITUTION_STATUSES, LIMITS, type InstitutionDto } from '@rrp/domain';
import { saveCsv } from '@/lib/download';
import { apiFetch } from '@/lib/api-client';
import { useListControls } from '@/components/list-controls';
import { Page } from '@/components/page';
import { useSession } from '@/lib/session';
import {
  institutionListQuery,
  useInstitutions,
  type InstitutionFilters,
  type Page as ListPage,
} from '../api/institutions';
import { InstitutionStatusBadge, RdaStatusBadge } from '../components/status-badge';
import { ListTable } from '@/components/list-table';

const STATUS_OPTIONS = Object.entries(INSTITUTION_STATUSES).map(([value, label]) => ({ value, label }));

const officialOf = (institution: InstitutionDto) =>
  institution.current_io && typeof institution.current_io === 'object' ? institution.current_io : null;

/** Every matching institution (up to the lookup limit) as a CSV file, for staff. */
async function downloadCsv(filters: InstitutionFilters) {
  const page = await apiFetch<ListPage<InstitutionDto>>('institution/', {
    query: institutionListQuery(filters, LIMITS.institutionLookupLimit, 0),
  });
  await saveCsv(
    page.results.map((institution) => ({
      id: institution.id,
      name: institution.name,
      official_name: institution.official_name,
      ein: institution.ein ?? '',
      status: institution.status_name,
      signing_official: officialOf(institution)?.full_name ?? '',
      signing_official_email: officialOf(institution)?.email ?? '',
      created: institution.created,
    })),
    'institutions.csv',
  );
}

/** /institution: institutions with status filter and search by name, associated names and EIN. */
export default function InstitutionListScreen() {
  const { activeRole } = useSession();
  const { state, setState, searchText, setSearch, search, filter } = useListControls('name');
  const [statuses, setStatuses] = useState<string[]>([]);
  const filters: InstitutionFilters = { ...state, statuses, search };
  const list = useInstitutions(filters);
  const isAdmin = activeRole === 'portal_admin';

  return (
    <Page
      title="Institutions"
      actions={
        <Group>
          {isAdmin && (
            <Button component={Link} to="/institution/create">
              Add New Institution
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void downloadCsv(filters)}
          >
            Download CSV
          </Button>
        </Group>
      }
    >
      <Stack>
        <Group align="flex-end">
          <TextInput
            label="Search"
            description="Name, other names or EIN"
            leftSection={<IconSearch size={14} aria-hidden />}
            value={searchText}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={320}
          />
          <MultiSelect
            label="Status"
            placeholder={statuses.length ? undefined : 'All statuses'}
            data={STATUS_OPTIONS}
            value={statuses}
            onChange={filter(setStatuses)}
            clearable
            w={420}
          />
        </Group>
        <ListTable<InstitutionDto>
          label="Institutions"
          list={list}
          state={state}
          onChange={setState}
          emptyText="There is no record with that status at this time."
          rowPath={(institution) => `/institution/${institution.id}`}
          columns={[
            { accessor: 'name', title: 'Name', sortable: true },
            { accessor: 'official_name', title: 'Official name' },
            {
              accessor: 'status',
              title: 'Status',
              sortable: true,
              render: (row) => <InstitutionStatusBadge status={row.status} />,
            },
            {
              accessor: 'current_io',
              title: 'Signing official',
              render: (row) => <Text size="sm">{officialOf(row)?.full_name ?? '—'}</Text>,
            },
            {
              accessor: 'rda_status',
              title: 'RDA',
              render: (row) => <RdaStatusBadge status={row.rda_status} />,
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
    </Page>
  );
}
