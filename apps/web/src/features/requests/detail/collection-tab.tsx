import { useState } from 'react';
import { Alert, Anchor, Button, Group, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CART_MESSAGES, WORKFLOW_STATUS, type RequestStatusId } from '@rrp/domain';
import { useListControls } from '@/components/list-controls';
import {
  ColumnChooser,
  DonorTable,
  downloadCartCsv,
  TerminologyPanel,
  useCart,
  useCarts,
  useDonorColumns,
} from '@/components/tissue';
import { apiFetch, ApiError } from '@/lib/api-client';
import type { RequestView } from '../api/requests';
import { Field } from '@/components/field';

const REVISIONS_REQUESTED = WORKFLOW_STATUS.revisionsRequested;

/**
 * The Collection tab of pilot tissue and tissue requests (researcher §2 "Inventory-cart type" and
 * "Tissue"): the collection's donors, Edit Collection while it may change, Download Collection as
 * CSV; for the owner, the cart selector while the request is theirs to change, and resubmission of
 * a request returned for revisions once its collection is updated (staff §4.3).
 */
export function CollectionTab({ request, isOwner }: { request: RequestView; isOwner: boolean }) {
  const cartId = typeof request.additional_data.cart === 'number' ? request.additional_data.cart : null;
  const cart = useCart(cartId);
  const { state, setState } = useListControls('donor_hash');
  const { columns, choose } = useDonorColumns();
  if (cartId === null && !isOwner) return <Text>{CART_MESSAGES.legacy}</Text>;
  const data = cart.data;
  return (
    <Stack>
      {isOwner && request.is_editable && <CartSelector request={request} cartId={cartId} />}
      {cartId === null ? (
        <Text>{CART_MESSAGES.legacy}</Text>
      ) : !data ? (
        <Text size="sm">Loading the collection…</Text>
      ) : (
        <>
          <Group justify="space-between" align="flex-end">
            <Group gap="xl">
              <Field label="Collection">
                <Anchor component={Link} to={`/tissue-catalogue/${data.id}`}>
                  {data.collection_name}
                </Anchor>
              </Field>
              <Field label="Donor set">{data.pilot_tissue_cart ? 'Pilot set' : 'Catalogue'}</Field>
              <Field label="Donors">{data.identifiers.length}</Field>
            </Group>
            <Group gap="sm">
              {data.is_editable && (
                <Button component={Link} to={`/tissue-catalogue/${data.id}`} variant="light">
                  Edit Collection
                </Button>
              )}
              <Button variant="default" onClick={() => void downloadCartCsv(data)}>
                Download Collection as CSV
              </Button>
              <ColumnChooser columns={columns} onChange={choose} />
              <TerminologyPanel />
            </Group>
          </Group>
          {!data.is_editable && isOwner && (
            <Text size="sm" c="gray.7">
              {CART_MESSAGES.notEditable(request.status_name)}
            </Text>
          )}
          <DonorTable
            label="Donors of this request"
            set={data.pilot_tissue_cart ? 'pilot' : 'catalogue'}
            query={{ cart: data.id }}
            state={state}
            onStateChange={setState}
            columns={columns}
            emptyText="This collection has no donors."
          />
          {isOwner && request.status === REVISIONS_REQUESTED && <Resubmit request={request} />}
        </>
      )}
    </Stack>
  );
}

/** The owner's choice of collection while the request is a draft or returned to them. */
function CartSelector({ request, cartId }: { request: RequestView; cartId: number | null }) {
  const queryClient = useQueryClient();
  const pilot = request.type === 7;
  const carts = useCarts({ pi: request.owner.id, pilot_tissue_cart: pilot, limit: 100 });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const choose = async (value: string | null) => {
    if (value === null || Number(value) === cartId) return;
    setSaving(true);
    setError(null);
    try {
      await apiFetch(`request/${request.id}/`, {
        method: 'PATCH',
        body: { additional_data: { cart: Number(value) } },
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['request', request.id] }),
        queryClient.invalidateQueries({ queryKey: ['carts'] }),
      ]);
      notifications.show({
        color: 'green',
        title: 'Collection changed',
        message: 'The request asks for this collection now.',
      });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400)
        setError(failure.fieldErrors.cart ?? failure.summary);
      else throw failure;
    } finally {
      setSaving(false);
    }
  };
  return (
    <Select
      label="Collection of this request"
      description={
        request.status === REVISIONS_REQUESTED
          ? 'Choosing another collection sends the request back for review.'
          : 'One of your collections; a collection on another request cannot be chosen.'
      }
      data={(carts.data?.results ?? []).map((cart) => ({
        value: String(cart.id),
        label: `${cart.collection_name} (${cart.identifiers.length} donors)`,
        disabled: (cart.request !== null && cart.request.id !== request.id) || cart.identifiers.length === 0,
      }))}
      value={cartId === null ? null : String(cartId)}
      onChange={(value) => void choose(value)}
      error={error}
      disabled={saving}
      w={420}
      maw="100%"
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** A request returned for revisions goes back for review once its collection is updated. */
function Resubmit({ request }: { request: RequestView }) {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const resubmit = async () => {
    setSaving(true);
    setError(null);
    try {
      await apiFetch(`request/${request.id}/`, {
        method: 'PATCH',
        body: { status: 2 satisfies RequestStatusId },
      });
      await queryClient.invalidateQueries({ queryKey: ['request', request.id] });
      notifications.show({
        color: 'green',
        title: 'Request resubmitted',
        message: `${request.portal_request_id} is back for review.`,
      });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) setError(failure.summary);
      else throw failure;
    } finally {
      setSaving(false);
    }
  };
  return (
    <Alert color="blue" title="Revisions requested">
      <Stack gap="xs">
        <Text size="sm">Once the collection is updated, resubmit the request for review.</Text>
        {error && (
          <Text size="sm" c="red.9" role="alert">
            {error}
          </Text>
        )}
        <Button w="fit-content" loading={saving} onClick={() => void resubmit()}>
          Resubmit Request
        </Button>
      </Stack>
    </Alert>
  );
}
