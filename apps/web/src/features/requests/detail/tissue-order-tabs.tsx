import { useEffect, useState } from 'react';
import {
  Accordion,
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import {
  formatDateTime,
  TISSUE_ORDER_CHOICES,
  TISSUE_ORDER_MESSAGES,
  type TissueOrderDto,
} from '@rrp/domain';
import { useCart } from '@/components/tissue';
import { apiFetch, ApiError } from '@/lib/api-client';
import { useProfile } from '@/lib/profile';
import { requestQueryKey, type RequestView } from '../api/requests';
import { Field } from '@/components/field';
import {
  newRow,
  orderDefaults,
  orderPayload,
  validateOrder,
  valuesOfOrder,
  type OrderFormValues,
} from './tissue-order-form';

type Mode = 'edit' | 'new';

/**
 * Order Details of an approved pilot tissue or tissue request (researcher §2, §3, §4; staff §4.2):
 * tissue staff send a new order to BINS or edit the previous one; others read the current order.
 */
export function OrderDetailsTab({ request, canSend }: { request: RequestView; canSend: boolean }) {
  const current = request.bins_data?.[0] ?? null;
  if (!canSend)
    return current ? (
      <Stack>
        <Title order={2} fz="lg">
          Order Details
        </Title>
        <OrderSummary order={current} />
      </Stack>
    ) : (
      <Text>No order has been sent to BINS for this request yet.</Text>
    );
  return <OrderForm request={request} current={current} />;
}

/** The order form: "New Order", or "Edit Previous Order" filled with the newest order. */
function OrderForm({ request, current }: { request: RequestView; current: TissueOrderDto | null }) {
  const queryClient = useQueryClient();
  const cartId = typeof request.additional_data.cart === 'number' ? request.additional_data.cart : null;
  const cart = useCart(cartId);
  const [mode, setMode] = useState<Mode>(current ? 'edit' : 'new');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // A new order is addressed to the request's owner (the shipping answers, then their profile).
  const owner = useProfile(request.owner.id);
  const fresh = () => orderDefaults(request.additional_data, owner.data);
  const form = useForm<OrderFormValues>({
    initialValues: current ? valuesOfOrder(current) : fresh(),
    validate: (values) => validateOrder(request.id, values),
    // The errors about the donors as a whole are out of date once any row changes.
    onValuesChange: (values, previous) => {
      if (values.rows !== previous.rows) {
        form.clearFieldError('rows');
        form.clearFieldError('donors');
      }
    },
  });
  const donorOptions = (cart.data?.identifiers ?? []).map((hash) => ({ value: hash, label: hash }));
  // The profile arrives after the first render: it fills a new order nobody has typed in yet.
  const profile = owner.data;
  useEffect(() => {
    if (!profile || mode !== 'new' || form.isDirty()) return;
    const values = orderDefaults(request.additional_data, profile);
    form.setValues(values);
    form.resetDirty(values);
    // Only the profile's arrival refills; the form and the request are read as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [profile]);

  const switchMode = (next: string) => {
    setMode(next as Mode);
    setProblem(null);
    form.setValues(next === 'edit' && current ? valuesOfOrder(current) : fresh());
    form.clearErrors();
  };

  const send = form.onSubmit(async (values) => {
    setSending(true);
    setProblem(null);
    try {
      await apiFetch<TissueOrderDto>('abn_bins_upload/', {
        method: mode === 'edit' ? 'PATCH' : 'POST',
        body: orderPayload(request.id, values),
        handleStatus: [503],
      });
      await queryClient.invalidateQueries({ queryKey: requestQueryKey(request.id) });
      notifications.show({
        color: 'green',
        title: TISSUE_ORDER_MESSAGES.sentTitle,
        message: TISSUE_ORDER_MESSAGES.sent,
      });
      setMode('edit');
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      if (failure.status === 400) {
        form.setErrors(failure.fieldErrors);
        setProblem(failure.summary);
      } else {
        notifications.show({
          color: 'red',
          title: TISSUE_ORDER_MESSAGES.failedTitle,
          message: TISSUE_ORDER_MESSAGES.failed,
        });
      }
    } finally {
      setSending(false);
    }
  });

  const rows = form.values.rows;
  return (
    <form onSubmit={send} noValidate aria-label="Tissue order">
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="lg">
            Order Details
          </Title>
          {current && (
            <SegmentedControl
              aria-label="Order mode"
              value={mode}
              onChange={switchMode}
              data={[
                { value: 'edit', label: 'Edit Previous Order' },
                { value: 'new', label: 'New Order' },
              ]}
            />
          )}
        </Group>
        {current && mode === 'edit' && (
          <Text size="sm" c="gray.7">
            Editing order {current.orderId}, sent {formatDateTime(current.created_date)}.
          </Text>
        )}
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
          <TextInput label="Email" type="email" withAsterisk {...form.getInputProps('email')} />
          <TextInput label="Address line 1" withAsterisk {...form.getInputProps('address_line_1')} />
          <TextInput label="Address line 2" {...form.getInputProps('address_line_2')} />
          <TextInput label="City" withAsterisk {...form.getInputProps('city')} />
          <TextInput label="State or province" withAsterisk {...form.getInputProps('state')} />
          <TextInput label="Postal code" withAsterisk {...form.getInputProps('postal_code')} />
          <TextInput label="Country" withAsterisk {...form.getInputProps('country')} />
        </SimpleGrid>
        <Stack gap="xs">
          {form.values.phone_numbers.map((_, index) => (
            <Group key={index} align="flex-end" wrap="nowrap">
              <TextInput
                label={`Phone number ${index + 1}`}
                withAsterisk={index === 0}
                style={{ flex: 1 }}
                maw={360}
                {...form.getInputProps(`phone_numbers.${index}`)}
              />
              {index > 0 && (
                <Button
                  variant="subtle"
                  color="red"
                  onClick={() => form.removeListItem('phone_numbers', index)}
                >
                  Remove
                </Button>
              )}
            </Group>
          ))}
          {form.values.phone_numbers.length < 5 && (
            <Button variant="subtle" w="fit-content" onClick={() => form.insertListItem('phone_numbers', '')}>
              Add phone number
            </Button>
          )}
        </Stack>
        <Title order={3} fz="md">
          Donors
        </Title>
        {form.errors.rows && (
          <Text size="sm" c="red.9" role="alert">
            {form.errors.rows}
          </Text>
        )}
        {form.errors.donors && (
          <Text size="sm" c="red.9" role="alert">
            {form.errors.donors}
          </Text>
        )}
        <Stack gap="sm">
          {rows.map((row, index) => (
            <Group key={row.key} align="flex-start" wrap="wrap" gap="sm">
              <Select
                label={`Donor ${index + 1}`}
                placeholder="Donor hash"
                data={donorOptions}
                searchable
                w={200}
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps(`rows.${index}.donor_hash`)}
              />
              <Select
                label="Hemisphere or tissue"
                data={[...TISSUE_ORDER_CHOICES]}
                w={200}
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps(`rows.${index}.hemisphere`)}
              />
              <TextInput
                label="Description"
                style={{ flex: 1 }}
                miw={200}
                {...form.getInputProps(`rows.${index}.description`)}
              />
              {rows.length > 1 && (
                <ActionIcon
                  mt={26}
                  variant="subtle"
                  color="red"
                  aria-label={`Remove donor row ${index + 1}`}
                  onClick={() => form.removeListItem('rows', index)}
                >
                  ×
                </ActionIcon>
              )}
            </Group>
          ))}
          <Button variant="subtle" w="fit-content" onClick={() => form.insertListItem('rows', newRow())}>
            Add donor row
          </Button>
        </Stack>
        <Group>
          <Button type="submit" loading={sending}>
            {mode === 'edit' ? 'Update Order' : 'Send Order to BINS'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** An order as sent: the recipient, the shipping address and what is sent of each donor. */
function OrderSummary({ order }: { order: TissueOrderDto }) {
  const rows = Object.entries(order.donors).flatMap(([hash, entries]) =>
    entries.map((entry, index) => ({ hash, index, ...entry })),
  );
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Field label="BINS order">{order.orderId}</Field>
        <Field label="Sent">{formatDateTime(order.created_date)}</Field>
        <Field label="Sent by">{order.created_by?.display_name}</Field>
        <Field label="Name">{order.name}</Field>
        <Field label="Email">{order.email}</Field>
        <Field label="Phone numbers">{order.phone_numbers.join(', ')}</Field>
      </SimpleGrid>
      <Field label="Shipping address">
        {[
          order.address_line_1,
          order.address_line_2,
          `${order.city}, ${order.state} ${order.postal_code}`,
          order.country,
        ]
          .filter(Boolean)
          .join('\n')}
      </Field>
      <Box
        role="region"
        aria-label={`Donors of order ${order.orderId}`}
        tabIndex={0}
        style={{ overflowX: 'auto' }}
      >
        <Table aria-label={`Donors of order ${order.orderId}`} miw={480}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Donor</Table.Th>
              <Table.Th>Hemisphere or tissue</Table.Th>
              <Table.Th>Description</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={`${row.hash}-${row.index}`}>
                <Table.Td>{row.hash}</Table.Td>
                <Table.Td>{row.hemisphere}</Table.Td>
                <Table.Td>{row.description || '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
    </Stack>
  );
}

/** Previous Orders: every order sent to BINS for the request, newest first. */
export function PreviousOrdersTab({ request }: { request: RequestView }) {
  const orders = request.bins_data ?? [];
  return (
    <Stack>
      <Title order={2} fz="lg">
        Previous Orders
      </Title>
      {orders.length === 0 ? (
        <Text size="sm">No order has been sent to BINS for this request yet.</Text>
      ) : (
        <Accordion variant="separated" defaultValue={String(orders[0]!.id)}>
          {orders.map((order) => (
            <Accordion.Item key={order.id} value={String(order.id)}>
              <Accordion.Control>
                Order {order.orderId} · {formatDateTime(order.created_date)} · {order.name}
              </Accordion.Control>
              <Accordion.Panel>
                <OrderSummary order={order} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Stack>
  );
}
