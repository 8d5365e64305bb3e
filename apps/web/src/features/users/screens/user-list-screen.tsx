import { useState } from 'react';
import { Anchor, Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import {
  can,
  formatDate,
  institutionOrActivePeriod,
  ROLE_KEYS,
  ROLE_LABELS,
  type UserListItemDto,
} from '@rrp/domain';
import { FiltersPanel, FiltersToggle, useListControls } from '@/components/list-controls';
import { ListActionsMenu } from '@/components/list-actions-menu';
import { Page } from '@/components/page';
import { SearchInput } from '@/components/search-input';
import { useSession } from '@/lib/session';
import { useActor } from '@/lib/use-can';
import { downloadUsersCsv, useUsers, type UserFilters } from '../api/users';
import { InstitutionMultiSelect } from '../components/institution-multi-select';
import { ListTable } from '@/components/list-table';

const ROLE_OPTIONS = ROLE_KEYS.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** /user: the Users list (researcher §2 "Lists"), with its filters and CSV download. */
export default function UserListScreen() {
  const actor = useActor();
  const { token, activeRole } = useSession();
  const { state, setState, searchText, setSearch, search, filter } = useListControls('last_name');
  const [showFilters, { toggle: toggleFilters }] = useDisclosure(false);
  const [roles, setRoles] = useState<string[]>([]);
  const [unsignedPis, setUnsignedPis] = useState(false);
  const [institutions, setInstitutions] = useState<string[]>([]);
  const filters: UserFilters = { ...state, search, roles, unsignedPis, institutions };
  const list = useUsers(filters);

  const download = () =>
    downloadUsersCsv(filters, token, activeRole).catch(() =>
      notifications.show({
        color: 'red',
        title: 'Download failed',
        message: 'Could not download the users.',
      }),
    );

  return (
    <Page
      title="Users"
      actions={
        <Group>
          <ListActionsMenu
            create={can(actor, 'create', 'User') ? { label: 'Add New User', to: '/user/create' } : undefined}
            onDownload={() => void download()}
          />
        </Group>
      }
    >
      <Stack>
        <Group align="flex-end">
          <SearchInput
            label="Search users"
            placeholder="Search for users..."
            value={searchText}
            onChange={setSearch}
            w={360}
          />
          <FiltersToggle opened={showFilters} onToggle={toggleFilters} />
        </Group>
        <FiltersPanel opened={showFilters}>
          <Stack>
            <Checkbox.Group label="Roles" value={roles} onChange={filter(setRoles)}>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} mt="xs" spacing="xs">
                {ROLE_OPTIONS.map((option) => (
                  <Checkbox
                    key={option.value}
                    value={option.value}
                    label={option.label}
                    disabled={unsignedPis}
                  />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <Checkbox
              label="View PIs with no signed joinder"
              checked={unsignedPis}
              onChange={(event) => filter(setUnsignedPis)(event.currentTarget.checked)}
            />
            <InstitutionMultiSelect
              label="Institutions"
              description="Up to 100 institutions"
              value={institutions}
              onChange={filter(setInstitutions)}
            />
          </Stack>
        </FiltersPanel>
        <ListTable<UserListItemDto>
          label="Users"
          list={list}
          state={state}
          onChange={setState}
          rowPath={(user) => `/user/${user.id}`}
          columns={[
            {
              accessor: 'last_name',
              title: 'Name',
              sortable: true,
              render: (user) => (
                <Anchor component={Link} to={`/user/${user.id}`} onClick={(event) => event.stopPropagation()}>
                  {user.full_name || user.email}
                </Anchor>
              ),
            },
            {
              accessor: 'institutions',
              title: 'Institution or Active Period',
              render: (user) => institutionOrActivePeriod(user, formatDate),
            },
            { accessor: 'email', title: 'Email Address', sortable: true },
            {
              accessor: 'joinder_signed',
              title: 'Joinder Signed?',
              render: (user) => (user.joinder_signed ? 'Yes' : 'No'),
            },
            {
              accessor: 'last_login',
              title: 'Date of Last Login',
              sortable: true,
              render: (user) => formatDate(user.last_login),
            },
          ]}
        />
        {list.data?.count === 0 && can(actor, 'create', 'User') && (
          <Text size="sm">
            <Anchor component={Link} to="/user/create">
              Add a new user
            </Anchor>
          </Text>
        )}
      </Stack>
    </Page>
  );
}
