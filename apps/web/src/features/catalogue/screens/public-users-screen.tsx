import { useState } from 'react';
import { Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';

import { useNavigate } from 'react-router';
import { LIMITS, type PublicResearcherDto } from '@rrp/domain';
import { ServerTable, type ListState } from '@/components/data-table';
import { Page } from '@/components/page';
import { usePublicResearchers } from '../api/catalogue';
import { SearchInput } from '@/components/search-input';

/** /public/user/: researchers with approved dataset requests (researcher §2), open to anyone. */
export default function PublicUsersScreen() {
  const navigate = useNavigate();
  const [state, setState] = useState<ListState>({
    page: 1,
    pageSize: LIMITS.table.pageSize,
    ordering: 'name',
  });
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText, LIMITS.search.debounceMs);
  const list = usePublicResearchers({ ...state, search });
  return (
    <Page title="Researchers with Approved Dataset Requests">
      <Stack>
        <SearchInput
          label="Search researchers"
          placeholder="Search for researchers..."
          value={searchText}
          onChange={(value) => {
            setSearchText(value);
            setState((previous) => ({ ...previous, page: 1 }));
          }}
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
