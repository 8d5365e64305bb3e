import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { can, CART_MESSAGES, collectionNameSchema, type CartDto, type DonorDto } from '@rrp/domain';
import { Page } from '@/components/page';
import { FiltersPanel, useListControls } from '@/components/list-controls';
import {
  activeFilterCount,
  collectionRequestPath,
  deleteCart,
  DonorFilterFields,
  donorFilterQuery,
  DonorTable,
  downloadCartCsv,
  NO_FILTERS,
  updateCart,
  useCart,
  useDonorColumns,
  useDonorOptions,
  type DonorFilters,
  type DonorSet,
} from '@/components/tissue';
import { ApiError } from '@/lib/api-client';
import { useActor, useCan } from '@/lib/use-can';
import { CatalogueToolbar } from '../components/catalogue-toolbar';

const tissue = { label: 'Tissue Catalogue', to: '/tissue-catalogue' };

/**
 * /tissue-catalogue/{cartId} (staff §2.8 collection mode): a collection's donors with the same
 * filter, column and terminology panels; while it may change (staff §4.9), donors are removed or
 * added from its donor set, and it is renamed; it downloads as CSV and, with no request, is deleted.
 */
export default function TissueCollectionScreen() {
  const { objectId } = useParams();
  const id = Number(objectId);
  const cart = useCart(Number.isInteger(id) && id > 0 ? id : null);
  if (!cart.data) return <Page title="Tissue Collection" crumbs={[tissue]} />;
  return <Collection cart={cart.data} />;
}

function Collection({ cart }: { cart: CartDto }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const set: DonorSet = cart.pilot_tissue_cart ? 'pilot' : 'catalogue';
  const mayDelete = useCan(cart, 'delete') && !cart.on_request;
  // A collection goes with one request: one not yet on a request, with donors, may be requested.
  const mayRequest = can(useActor(), 'create', 'Request') && !cart.on_request && cart.identifiers.length > 0;
  const [tab, setTab] = useState<string | null>('donors');
  const inCollection = useListControls('donor_hash');
  const catalogue = useListControls('donor_hash');
  const controls = tab === 'add' ? catalogue : inCollection;
  const [filters, setFilters] = useState<DonorFilters>(NO_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { columns, choose } = useDonorColumns();
  const [chosen, setChosen] = useState<DonorDto[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const options = useDonorOptions(set, cart.id);

  const refresh = async (saved?: CartDto) => {
    if (saved) queryClient.setQueryData(['cart', cart.id], saved);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['carts'] }),
      queryClient.invalidateQueries({ queryKey: ['donors'] }),
    ]);
  };

  const saveDonors = async (identifiers: string[], done: string) => {
    setSaving(true);
    setError(null);
    try {
      const saved = await updateCart(cart.id, { identifiers });
      await refresh(saved);
      setChosen([]);
      notifications.show({ color: 'green', title: 'Collection saved', message: done });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) {
        setError(Object.values(failure.fieldErrors)[0] ?? failure.summary);
      } else throw failure;
    } finally {
      setSaving(false);
    }
  };

  const chosenHashes = chosen.map((donor) => donor.donor_hash);
  const remove = () =>
    saveDonors(
      cart.identifiers.filter((hash) => !chosenHashes.includes(hash)),
      `${chosen.length} donor${chosen.length === 1 ? '' : 's'} removed.`,
    );
  const add = () => {
    const added = chosenHashes.filter((hash) => !cart.identifiers.includes(hash));
    return saveDonors(
      [...cart.identifiers, ...added],
      `${added.length} donor${added.length === 1 ? '' : 's'} added.`,
    );
  };

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Delete Collection',
      children: <Text size="sm">Delete {cart.collection_name}? Its donors stay in the catalogue.</Text>,
      labels: { confirm: 'Delete Collection', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        await deleteCart(cart.id);
        await queryClient.invalidateQueries({ queryKey: ['carts'] });
        notifications.show({ color: 'green', title: 'Collection deleted', message: cart.collection_name });
        navigate('/tissue-catalogue');
      },
    });

  return (
    <Page
      title={cart.collection_name}
      crumbs={[tissue]}
      actions={
        <Group gap="sm">
          {mayRequest && (
            <Button component={Link} to={collectionRequestPath(cart)}>
              Request this collection
            </Button>
          )}
          {cart.is_editable && (
            <Button variant="default" onClick={() => setRenaming(true)}>
              Rename
            </Button>
          )}
          <Button variant="default" onClick={() => void downloadCartCsv(cart)}>
            Download Collection as CSV
          </Button>
          {mayDelete && (
            <Button variant="light" color="red" onClick={confirmDelete}>
              Delete Collection
            </Button>
          )}
        </Group>
      }
    >
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <Fact label="Principal Investigator">{cart.pi_name}</Fact>
          <Fact label="Donor set">{cart.pilot_tissue_cart ? 'Pilot set' : 'Catalogue'}</Fact>
          <Fact label="Donors">{cart.identifiers.length}</Fact>
          <Fact label="Request">
            {cart.request ? (
              <Group gap={6}>
                <Anchor component={Link} to={`/request/${cart.request.id}`}>
                  {cart.request.portal_request_id}
                </Anchor>
                <Badge variant="default">{cart.request.status_name}</Badge>
              </Group>
            ) : (
              'Not on a request'
            )}
          </Fact>
        </SimpleGrid>
      </Paper>
      {!cart.is_editable && cart.request && (
        <Alert color="gray">{CART_MESSAGES.notEditable(cart.request.status_name)}</Alert>
      )}
      <CatalogueToolbar
        search={controls.searchText}
        onSearch={controls.setSearch}
        filtersOpen={filtersOpen}
        onToggleFilters={() => setFiltersOpen((open) => !open)}
        filterCount={activeFilterCount(filters)}
        columns={columns}
        onColumns={choose}
      />
      <FiltersPanel opened={filtersOpen}>
        <DonorFilterFields
          filters={filters}
          options={options.data}
          onChange={(next) => {
            setFilters(next);
            inCollection.setState((previous) => ({ ...previous, page: 1 }));
            catalogue.setState((previous) => ({ ...previous, page: 1 }));
          }}
          showSelectable={false}
        />
      </FiltersPanel>
      <Tabs
        value={tab}
        onChange={(next) => {
          setTab(next);
          setChosen([]);
          setError(null);
        }}
      >
        <Tabs.List>
          <Tabs.Tab value="donors">Donors in this collection ({cart.identifiers.length})</Tabs.Tab>
          {cart.is_editable && <Tabs.Tab value="add">Add donors</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="donors" pt="md">
          <Stack>
            {cart.is_editable && (
              <SelectionBar
                count={chosen.length}
                hint="Tick donors to remove them from the collection."
                error={error}
              >
                <Button
                  color="red"
                  variant="light"
                  disabled={!chosen.length}
                  loading={saving}
                  onClick={() => void remove()}
                >
                  Remove from Collection
                </Button>
              </SelectionBar>
            )}
            <DonorTable
              label="Donors in this collection"
              set={set}
              query={{ ...donorFilterQuery(filters), cart: cart.id, ...searchOf(inCollection.search) }}
              state={inCollection.state}
              onStateChange={inCollection.setState}
              columns={columns}
              emptyText={
                cart.identifiers.length
                  ? 'No donors of this collection match.'
                  : 'This collection has no donors yet.'
              }
              selection={cart.is_editable ? { selected: chosen, onChange: setChosen } : undefined}
            />
          </Stack>
        </Tabs.Panel>
        {cart.is_editable && (
          <Tabs.Panel value="add" pt="md">
            <Stack>
              <SelectionBar
                count={chosen.length}
                hint={`Tick donors of the ${set === 'pilot' ? 'pilot set' : 'catalogue'} to add them.`}
                error={error}
              >
                <Button disabled={!chosen.length} loading={saving} onClick={() => void add()}>
                  Add to Collection
                </Button>
              </SelectionBar>
              <DonorTable
                label={set === 'pilot' ? 'Pilot set donors' : 'Catalogue donors'}
                set={set}
                query={{ ...donorFilterQuery(filters), ...searchOf(catalogue.search) }}
                state={catalogue.state}
                onStateChange={catalogue.setState}
                columns={columns}
                selection={{ selected: chosen, onChange: setChosen }}
              />
            </Stack>
          </Tabs.Panel>
        )}
      </Tabs>
      <RenameModal cart={cart} opened={renaming} onClose={() => setRenaming(false)} onSaved={refresh} />
    </Page>
  );
}

const searchOf = (search: string) => (search.trim() ? { search: search.trim() } : {});

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="gray.7" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

function SelectionBar({
  count,
  hint,
  error,
  children,
}: {
  count: number;
  hint: string;
  error: string | null;
  children: React.ReactNode;
}) {
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={500} aria-live="polite">
          {count === 0 ? hint : `${count} donor${count === 1 ? '' : 's'} chosen`}
        </Text>
        {children}
      </Group>
      {error && (
        <Text size="sm" c="red.8" mt="xs" role="alert">
          {error}
        </Text>
      )}
    </Paper>
  );
}

function RenameModal({
  cart,
  opened,
  onClose,
  onSaved,
}: {
  cart: CartDto;
  opened: boolean;
  onClose: () => void;
  onSaved: (cart: CartDto) => Promise<void>;
}) {
  const [name, setName] = useState(cart.collection_name);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const checked = collectionNameSchema.safeParse(name);
    if (!checked.success) return setError(CART_MESSAGES.nameRequired);
    setSaving(true);
    try {
      await onSaved(await updateCart(cart.id, { collection_name: checked.data }));
      onClose();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400)
        setError(failure.fieldErrors.collection_name ?? failure.summary);
      else throw failure;
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Rename Collection" centered>
      <Stack>
        <TextInput
          label="Collection name"
          required
          data-autofocus
          maxLength={100}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(null);
          }}
          error={error}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={saving} onClick={() => void save()}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
