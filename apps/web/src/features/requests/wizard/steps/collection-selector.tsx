import { Anchor, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCarts } from '@/components/tissue';

/**
 * The collection a pilot tissue or tissue request asks for (researcher §5 "Inventory-cart tissue"):
 * one of the PI's collections of the right donor set; a collection tied to another request cannot
 * be chosen, nor an empty one. Collections are built in the Tissue Catalog (opened beside).
 */
export function CollectionSelector({
  ownerId,
  pilot,
  requestId,
  value,
  onChange,
  error,
}: {
  ownerId: number;
  pilot: boolean;
  /** The request being edited, whose own collection stays choosable. */
  requestId: number | null;
  value: number | null;
  onChange: (cartId: number | null) => void;
  error: string | null;
}) {
  const carts = useCarts({ pi: ownerId, pilot_tissue_cart: pilot, limit: 100 });
  const rows = carts.data?.results ?? [];
  const data = rows.map((cart) => {
    const elsewhere = cart.request !== null && cart.request.id !== requestId;
    const empty = cart.identifiers.length === 0;
    const note = elsewhere
      ? ` — on ${cart.request!.portal_request_id}`
      : empty
        ? ' — no donors yet'
        : ` (${cart.identifiers.length} donor${cart.identifiers.length === 1 ? '' : 's'})`;
    return { value: String(cart.id), label: `${cart.collection_name}${note}`, disabled: elsewhere || empty };
  });
  const chosen = rows.find((cart) => cart.id === value) ?? null;
  return (
    <Paper withBorder p="md" radius="sm" component="section" aria-label="Collection">
      <Stack gap="sm">
        <Text fw={600}>Collection</Text>
        <Text size="sm">
          The donors this request asks for, from the {pilot ? 'pilot set' : 'catalogue'}. Each collection goes
          with one request.
        </Text>
        <Group align="flex-end" gap="sm">
          <Select
            label="Collection"
            placeholder={rows.length ? 'Choose a collection' : 'No collections yet'}
            required
            data={data}
            value={value === null ? null : String(value)}
            onChange={(next) => onChange(next === null ? null : Number(next))}
            error={error}
            w={360}
            maw="100%"
            comboboxProps={{ withinPortal: true }}
          />
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => void carts.refetch()}
            loading={carts.isFetching}
          >
            Refresh
          </Button>
        </Group>
        <Group gap="md">
          {chosen && (
            <Anchor component={Link} to={`/tissue-catalogue/${chosen.id}`} target="_blank" size="sm">
              View {chosen.collection_name}
            </Anchor>
          )}
          <Anchor component={Link} to="/tissue-catalogue" target="_blank" size="sm">
            Build a collection in the Tissue Catalog (opens a new tab)
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
