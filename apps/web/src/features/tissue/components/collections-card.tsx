import { Anchor, Badge, Card, Group, Skeleton, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useCarts } from '@/components/tissue';
import { ScrollContainer } from '@/components/scroll-table';

/** Recent collections beside the catalogue: the researcher's own, or everyone's for tissue staff. */
export function CollectionsCard({ showPi }: { showPi: boolean }) {
  const carts = useCarts({ limit: 10 });
  const rows = carts.data?.results ?? [];
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          {showPi ? 'Recent Collections' : 'Your Collections'}
        </Title>
        {carts.data && carts.data.count > rows.length && (
          <Text size="sm" c="gray.7">
            {rows.length} of {carts.data.count}
          </Text>
        )}
      </Group>
      {!carts.data ? (
        <Skeleton h={48} />
      ) : rows.length === 0 ? (
        <Text size="sm">No collections yet. Choose donors below and create one.</Text>
      ) : (
        <ScrollContainer minWidth={420} label="Collections">
          <Table aria-label="Collections">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Collection</Table.Th>
                {showPi && <Table.Th>Principal Investigator</Table.Th>}
                <Table.Th>Donors</Table.Th>
                <Table.Th>Request</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((cart) => (
                <Table.Tr key={cart.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/tissue-catalogue/${cart.id}`} size="sm">
                      {cart.collection_name}
                    </Anchor>
                    {cart.pilot_tissue_cart && (
                      <Badge ml="xs" size="xs" variant="default">
                        Pilot
                      </Badge>
                    )}
                  </Table.Td>
                  {showPi && <Table.Td>{cart.pi_name}</Table.Td>}
                  <Table.Td>{cart.identifiers.length}</Table.Td>
                  <Table.Td>
                    {cart.request ? `${cart.request.portal_request_id} · ${cart.request.status_name}` : '—'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollContainer>
      )}
    </Card>
  );
}
