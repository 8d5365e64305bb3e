import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { CART_MESSAGES, collectionNameSchema, type CartDto, type RequestDto } from '@rrp/domain';
import { ApiError } from '@/lib/api-client';
import { createCart, type DonorSet } from '@/components/tissue';
import { usePrincipalInvestigators, useTissueRequestsOf } from '../api/people';

/**
 * Names a new collection of the chosen donors (staff §5: 'A Collection Name is required.'; a name
 * the PI already uses is refused by the server). Tissue staff choose the researcher and may tie it
 * to one of their pilot or tissue requests (staff §6).
 */
export function CreateCollectionModal({
  opened,
  onClose,
  onCreated,
  set,
  identifiers,
  staff,
  forRequest,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (cart: CartDto) => void;
  set: DonorSet;
  identifiers: string[];
  /** Tissue staff: they choose the PI (and a request). */
  staff: boolean;
  /** The request the visit works for (`?request=`), fixed. */
  forRequest: RequestDto | null;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [piSearch, setPiSearch] = useState('');
  const [pi, setPi] = useState<string | null>(forRequest ? String(forRequest.owner.id) : null);
  const [requestId, setRequestId] = useState<string | null>(forRequest ? String(forRequest.id) : null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const pis = usePrincipalInvestigators(piSearch, opened && staff && !forRequest);
  const requests = useTissueRequestsOf(
    staff && pi && !forRequest ? Number(pi) : null,
    set === 'pilot' ? 7 : 8,
  );

  const submit = async () => {
    const checked = collectionNameSchema.safeParse(name);
    if (!checked.success) return setErrors({ collection_name: CART_MESSAGES.nameRequired });
    if (staff && !pi) return setErrors({ pi: CART_MESSAGES.choosePi });
    setSaving(true);
    try {
      const cart = await createCart({
        collection_name: checked.data,
        identifiers,
        pilot_tissue_cart: set === 'pilot',
        ...(staff ? { pi: Number(pi) } : {}),
        ...(requestId ? { request: Number(requestId) } : {}),
      });
      await queryClient.invalidateQueries({ queryKey: ['carts'] });
      notifications.show({
        color: 'green',
        title: 'Collection created',
        message: `${cart.collection_name} holds ${cart.identifiers.length} donor${cart.identifiers.length === 1 ? '' : 's'}.`,
      });
      setName('');
      setErrors({});
      onCreated(cart);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const fields = error.fieldErrors;
        setErrors(Object.keys(fields).length ? fields : { non_field_errors: error.summary });
      } else throw error;
    } finally {
      setSaving(false);
    }
  };

  const requestOptions = (requests.data?.results ?? []).map((request) => ({
    value: String(request.id),
    label: `${request.portal_request_id} · ${request.status_name}`,
  }));

  return (
    <Modal opened={opened} onClose={onClose} title="Create Collection" centered>
      <Stack>
        <Text size="sm">
          {identifiers.length} donor{identifiers.length === 1 ? '' : 's'} of the{' '}
          {set === 'pilot' ? 'pilot set' : 'catalogue'}.
        </Text>
        <TextInput
          label="Collection name"
          required
          data-autofocus
          value={name}
          maxLength={100}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setErrors((previous) => ({ ...previous, collection_name: '' }));
          }}
          error={errors.collection_name || undefined}
        />
        {staff && !forRequest && (
          <Select
            label="Principal Investigator"
            required
            searchable
            searchValue={piSearch}
            onSearchChange={setPiSearch}
            filter={({ options }) => options}
            nothingFoundMessage="No researchers found"
            data={(pis.data?.results ?? []).map((user) => ({
              value: String(user.id),
              label: `${user.display_name} (${user.email})`,
            }))}
            value={pi}
            onChange={(value) => {
              setPi(value);
              setRequestId(null);
            }}
            error={errors.pi || undefined}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {staff && !forRequest && pi && (
          <Select
            label="Request (optional)"
            placeholder={requestOptions.length ? 'Not on a request yet' : 'No requests of this kind'}
            clearable
            data={requestOptions}
            value={requestId}
            onChange={setRequestId}
            error={errors.request || undefined}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {forRequest && (
          <Text size="sm">
            For request {forRequest.portal_request_id} of {forRequest.owner.display_name}.
          </Text>
        )}
        {(errors.identifiers || errors.non_field_errors || (forRequest && errors.request)) && (
          <Alert color="red" role="alert">
            {errors.identifiers || errors.non_field_errors || errors.request}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={saving}>
            Create Collection
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
