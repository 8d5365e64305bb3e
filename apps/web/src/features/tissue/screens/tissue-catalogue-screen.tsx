import { useState } from 'react';
import { Alert, Button, Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { can, type CartDto, type DonorDto } from '@rrp/domain';
import { Page } from '@/components/page';
import { FiltersPanel, useListControls } from '@/components/list-controls';
import {
  activeFilterCount,
  DonorFilterFields,
  donorFilterQuery,
  DonorTable,
  NO_FILTERS,
  updateCart,
  useCarts,
  useDonorColumns,
  useDonorOptions,
  type DonorFilters,
  type DonorSet,
} from '@/components/tissue';
import { ApiError } from '@/lib/api-client';
import { useActor } from '@/lib/use-can';
import { useRequest } from '../api/people';
import { CatalogueToolbar } from '../components/catalogue-toolbar';
import { CollectionsCard } from '../components/collections-card';
import { CreateCollectionModal } from '../components/create-collection-modal';
import { NoCatalogueAccess, useCatalogueAccess } from '../components/catalogue-access';

/**
 * /tissue-catalogue (staff §2.8 catalogue mode; researcher §2): the donors of the catalogue or the
 * pilot set, filtered, searched and ordered on the server, with the column and terminology panels;
 * chosen donors become a new collection or join one. `?request={id}` works for that request.
 */
export default function TissueCatalogueScreen() {
  const allowed = useCatalogueAccess();
  return <Page title="Tissue Catalogue">{allowed ? <Catalogue /> : <NoCatalogueAccess />}</Page>;
}

function Catalogue() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const actor = useActor();
  const [params] = useSearchParams();
  const requestParam = Number(params.get('request'));
  const forRequest =
    useRequest(Number.isInteger(requestParam) && requestParam > 0 ? requestParam : null).data ?? null;
  const staff = can(actor, 'create', 'TissueCollection');
  const mayCollect = staff || can(actor, 'create', 'TissueCollection', { abnApproved: true });
  const selectsRestricted = can(actor, 'create', 'RestrictedDonor');

  const [chosenSet, setChosenSet] = useState<DonorSet>('catalogue');
  // A pilot request works in the pilot set, a tissue request in the catalogue.
  const set: DonorSet = forRequest ? (forRequest.type === 7 ? 'pilot' : 'catalogue') : chosenSet;
  const { state, setState, searchText, setSearch, search, filter } = useListControls('donor_hash');
  const [filters, setFilters] = useState<DonorFilters>(NO_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { columns, choose } = useDonorColumns();
  const [selected, setSelected] = useState<DonorDto[]>([]);
  const [creating, setCreating] = useState(false);
  const [target, setTarget] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  const options = useDonorOptions(set);
  const collections = useCarts({ pilot_tissue_cart: set === 'pilot', limit: 100 }, mayCollect);
  const editable = (collections.data?.results ?? []).filter((cart) => cart.is_editable);

  const changeSet = (next: DonorSet) => {
    setChosenSet(next);
    setSelected([]);
    setFilters(NO_FILTERS);
    setState((previous) => ({ ...previous, page: 1 }));
  };

  const addToCollection = async () => {
    const cart = editable.find((item) => String(item.id) === target);
    if (!cart) return;
    setAdding(true);
    setAddError(null);
    try {
      const identifiers = [...new Set([...cart.identifiers, ...selected.map((donor) => donor.donor_hash)])];
      const saved = await updateCart(cart.id, { identifiers });
      await queryClient.invalidateQueries({ queryKey: ['carts'] });
      notifications.show({
        color: 'green',
        title: 'Collection updated',
        message: `${saved.collection_name} now holds ${saved.identifiers.length} donors.`,
      });
      setSelected([]);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        setAddError(Object.values(error.fieldErrors)[0] ?? error.summary);
      } else throw error;
    } finally {
      setAdding(false);
    }
  };

  return (
    <Stack>
      {forRequest && (
        <Alert color="blue">
          Building the collection of request {forRequest.portal_request_id} ({forRequest.owner.display_name}):
          choose donors of the {set === 'pilot' ? 'pilot set' : 'catalogue'} and create the collection.
        </Alert>
      )}
      {mayCollect && !forRequest && <CollectionsCard showPi={staff} />}
      <CatalogueToolbar
        search={searchText}
        onSearch={setSearch}
        filtersOpen={filtersOpen}
        onToggleFilters={() => setFiltersOpen((open) => !open)}
        filterCount={activeFilterCount(filters)}
        columns={columns}
        onColumns={choose}
      >
        {!forRequest && (
          <SegmentedControl
            aria-label="Donor set"
            value={set}
            onChange={(value) => changeSet(value as DonorSet)}
            data={[
              { value: 'catalogue', label: 'Catalogue' },
              { value: 'pilot', label: 'Pilot set' },
            ]}
          />
        )}
      </CatalogueToolbar>
      <FiltersPanel opened={filtersOpen}>
        <DonorFilterFields
          filters={filters}
          options={options.data}
          onChange={filter(setFilters)}
          showSelectable={mayCollect && !selectsRestricted}
        />
      </FiltersPanel>
      {mayCollect && (
        <Paper withBorder p="sm" aria-label="Chosen donors">
          <Group justify="space-between" gap="sm">
            <Text size="sm" fw={500} aria-live="polite">
              {selected.length === 0
                ? 'Tick donors to put them in a collection.'
                : `${selected.length} donor${selected.length === 1 ? '' : 's'} chosen`}
            </Text>
            <Group gap="sm">
              <Button disabled={selected.length === 0} onClick={() => setCreating(true)}>
                Create Collection
              </Button>
              {!forRequest && editable.length > 0 && (
                <>
                  <Select
                    aria-label="Collection to add to"
                    placeholder="Add to collection…"
                    data={editable.map((cart) => ({
                      value: String(cart.id),
                      label: staff ? `${cart.collection_name} (${cart.pi_name})` : cart.collection_name,
                    }))}
                    value={target}
                    onChange={setTarget}
                    w={220}
                    comboboxProps={{ withinPortal: true }}
                  />
                  <Button
                    variant="light"
                    disabled={selected.length === 0 || !target}
                    loading={adding}
                    onClick={() => void addToCollection()}
                  >
                    Add to Collection
                  </Button>
                </>
              )}
              {selected.length > 0 && (
                <Button variant="subtle" onClick={() => setSelected([])}>
                  Clear
                </Button>
              )}
            </Group>
          </Group>
          {addError && (
            <Text size="sm" c="red.8" mt="xs" role="alert">
              {addError}
            </Text>
          )}
        </Paper>
      )}
      <DonorTable
        label={set === 'pilot' ? 'Pilot set donors' : 'Catalogue donors'}
        set={set}
        query={{ ...donorFilterQuery(filters), ...(search.trim() ? { search: search.trim() } : {}) }}
        state={state}
        onStateChange={setState}
        columns={columns}
        selection={mayCollect ? { selected, onChange: setSelected } : undefined}
      />
      {mayCollect && (
        <CreateCollectionModal
          opened={creating}
          onClose={() => setCreating(false)}
          onCreated={(cart: CartDto) => navigate(`/tissue-catalogue/${cart.id}`)}
          set={set}
          identifiers={selected.map((donor) => donor.donor_hash)}
          staff={staff}
          forRequest={forRequest}
        />
      )}
    </Stack>
  );
}
