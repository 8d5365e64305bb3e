import { Stack } from '@mantine/core';

import { useNavigate } from 'react-router';
import { type PublicResearcherDto } from '@rrp/domain';
import { ServerTable } from '@/components/data-table';
import { useListControls } from '@/components/list-controls';
import { Page } from '@/components/page';
import { usePublicResearchers } from '../api/catalogue';
import { SearchInput } from '@/components/search-input';

/** /public/user/: researchers with approved dataset requests (researcher §2), open to anyone. */
export default function PublicUsersScreen() {
  const navigate = useNavigate();
  const { state, setState, searchText, setSearch, search } = useListControls('name');
  const list = usePublicResearchers({ ...state, search });
  return (
    <Page title="Researchers with Approved Dataset Requests">
      <Stack>
        <SearchInput
          label="Search researchers"
          placeholder="Search for researchers..."
          value={searchText}
          onChange={setSearch}
          w={320}
        />
        <ServerTable<PublicResearcherDto>
          label="Researchers with approved dataset requests"
          records={list.data?.results ?? []}
          total={list.data?.count ?? 0}
          loading={list.isFetching}
          state={state}
          onChange={setState}
          emptyText="No results matching search."
          onRowClick={(researcher) => navigate(`/public/user/${researcher.id}`)}
          columns={[
            { accessor: 'name', title: 'Name', sortable: true },
            {
              accessor: 'institution_name',
              title: 'Institution Name',
              sortable: true,
              render: (researcher) => researcher.institution_name ?? '—',
            },
          ]}
        />
      </Stack>
    </Page>
  );
}
