import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { Navigate } from 'react-router';
import { can, type DatasetDto } from '@rrp/domain';
import { useListControls } from '@/components/list-controls';
import { Page } from '@/components/page';
import { useSession } from '@/lib/session';
import { useDatasets } from '../api/catalogue';
import { DatasetResearchers } from '../components/dataset-researchers';
import { cohortName } from '../components/format';
import { OriginBadge } from '../components/origin-badge';
import { ExpandableName } from '../components/expandable-name';
import { useActor } from '@/lib/use-can';
import { SearchInput } from '@/components/search-input';

/** The cloud-access table's page size (researcher §9). */
const PAGE_SIZE = 25;

/** /dataaccess: datasets expandable to their researchers' access per channel (access_admin). */
export default function DataAccessScreen() {
  const { user } = useSession();
  const actor = useActor();
  // Staff who may read access records see the page; only those who may change them get live switches.
  const allowed = can(actor, 'list', 'DatasetAccess');
  const canChange = can(actor, 'update', 'DatasetAccess');
  const { state, setState, searchText, setSearch, search } = useListControls('name', PAGE_SIZE);
  const [expanded, setExpanded] = useState<number[]>([]);
  const list = useDatasets({
    ...state,
    search,
    origin: null,
    available: null,
  });
  if (user && !allowed) return <Navigate to="/404" replace />;
  const total = list.data?.count ?? 0;
  const toggle = (id: number) =>
    setExpanded((previous) =>
      previous.includes(id) ? previous.filter((item) => item !== id) : [...previous, id],
    );

  return (
    <Page title="Data Access">
      <Stack>
        <Text size="sm" c="gray.8" maw={760}>
          {canChange
            ? 'Open a dataset to see its researchers and switch their access on or off for each channel.'
            : 'Open a dataset to see its researchers and their access for each channel. Access administrators change it.'}
        </Text>
        <SearchInput
          label="Search datasets"
          placeholder="Search for datasets..."
          value={searchText}
          onChange={setSearch}
          w={320}
        />
        <DataTable<DatasetDto>
          aria-label="Datasets"
          withTableBorder
          borderRadius="sm"
          striped
          highlightOnHover
          minHeight={list.data?.results.length ? undefined : 160}
          fetching={list.isFetching}
          records={list.data?.results ?? []}
          emptyState={
            <Text size="sm" c="gray.7">
              No results matching search.
            </Text>
          }
          totalRecords={total}
          recordsPerPage={PAGE_SIZE}
          page={state.page}
          onPageChange={(page) => setState((previous) => ({ ...previous, page }))}
          paginationSize="sm"
          columns={[
            {
              accessor: 'name',
              title: 'Dataset',
              render: (dataset) => (
                <ExpandableName
                  name={dataset.name}
                  open={expanded.includes(dataset.id)}
                  onToggle={() => toggle(dataset.id)}
                >
                  <OriginBadge origin={dataset.origin} />
                </ExpandableName>
              ),
            },
            { accessor: 'cohort', title: 'Cohort', render: (dataset) => cohortName(dataset) },
            { accessor: 'version', title: 'Version', render: (dataset) => `v${dataset.version}` },
            {
              accessor: 'access_types',
              title: 'Channels',
              render: (dataset) => dataset.access_types.join(', ') || '—',
            },
          ]}
          rowExpansion={{
            allowMultiple: true,
            expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
            content: ({ record }) => <DatasetResearchers dataset={record} readOnly={!canChange} />,
          }}
        />
      </Stack>
    </Page>
  );
}
