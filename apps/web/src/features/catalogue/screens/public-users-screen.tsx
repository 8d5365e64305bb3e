import { Stack } from '@mantine/core';

import { type PublicResearcherDto } from '@rrp/domain';
import { useListControls } from '@/components/list-controls';
import { Page } from '@/components/page';
import { usePublicResearchers } from '../api/catalogue';
import { SearchInput } from '@/components/search-input';
import { ListTable } from '@/components/list-table';

/** /public/user/: researchers with approved dataset requests (researcher §2), open to anyone. */
export default function PublicUsersScreen() {
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
        <ListTable<PublicResearcherDto>
          label="Researchers with approved dataset requests"
          list={list}
          state={state}
          onChange={setState}
          rowPath={(researcher) => `/public/user/${researcher.id}`}
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
