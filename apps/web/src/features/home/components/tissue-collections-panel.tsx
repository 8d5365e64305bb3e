import { Anchor, Card, Group, Skeleton, Table, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useCarts } from '@/components/tissue';
import { ScrollContainer } from '@/components/scroll-table';

/**
 * The researcher home's Tissue Collections (staff §2.2): their collections, newest change first;
 * a row opens /tissue-catalogue/{id}.
 */
export function TissueCollectionsPanel() {
  const navigate = useNavigate();
  const carts = useCarts({ limit: 10 });
  const rows = carts.data?.results ?? [];
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          Tissue Collections
        </Title>
        <Anchor component={Link} to="/tissue-catalogue" size="sm">
          Open the Tissue Catalog
        </Anchor>
      </Group>
      {!carts.data ? (
        <Skeleton h={60} />
      ) : rows.length === 0 ? (
        <Text size="sm">No tissue collections yet. Build one from the Tissue Catalog.</Text>
      ) : (
        <ScrollContainer minWidth={420} label="Your tissue collections">
          <Table aria-label="Your tissue collections" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Collection</Table.Th>
                <Table.Th>Donors</Table.Th>
                <Table.Th>Request</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((cart) => (
                <Table.Tr
                  key={cart.id}
                  style={{ cursor: 'pointer' }}
                  onClick={() => navigate(`/tissue-catalogue/${cart.id}`)}
                >
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`/tissue-catalogue/${cart.id}`}
                      size="sm"
                      onClick={(event) => event.stopPropagation()}
                    >
                      {cart.collection_name}
                    </Anchor>
                    {cart.pilot_tissue_cart && (
                      <Text span size="xs" c="gray.7" ml={6}>
                        Pilot
                      </Text>
                    )}
                  </Table.Td>
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
