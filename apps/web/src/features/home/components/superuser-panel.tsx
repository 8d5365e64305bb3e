import { Badge, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { HEALTH_CHECKED_SERVICES } from '@rrp/domain';
import { ActAsForm } from '@/lib/act-as';
import { apiFetch } from '@/lib/api-client';

interface ServiceHealth {
  service: string;
  status: 'ok' | 'down' | 'not configured';
  detail: string | null;
  elapsed_ms: number | null;
}

const STATUS_COLOR = { ok: 'teal.9', down: 'red.9', 'not configured': 'gray.7' } as const;

/** Superuser home (staff §2.2): act as a user by e-mail, and the five service health checks. */
export function SuperuserPanel() {
  const checks = useQueries({
    queries: HEALTH_CHECKED_SERVICES.map((service) => ({
      queryKey: ['health-check', service],
      queryFn: () => apiFetch<ServiceHealth>('health-check/', { query: { service } }),
      staleTime: 30_000,
    })),
  });

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Card withBorder padding="lg">
        <Stack>
          <Title order={2} fz="lg">
            Act as a user
          </Title>
          <Text size="sm">
            See the portal as another user sees it. Everything you change is recorded under both names.
          </Text>
          <ActAsForm />
        </Stack>
      </Card>
      <Card withBorder padding="lg">
        <Title order={2} fz="lg" mb="sm">
          Service health
        </Title>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Service</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Detail</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {HEALTH_CHECKED_SERVICES.map((service, index) => {
              const check = checks[index]?.data;
              return (
                <Table.Tr key={service}>
                  <Table.Td>{service}</Table.Td>
                  <Table.Td>
                    {check ? (
                      <Badge variant="outline" color={STATUS_COLOR[check.status]}>
                        {check.status}
                      </Badge>
                    ) : (
                      <Text size="sm">Checking…</Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {check?.detail ?? ''}
                      {check?.elapsed_ms != null ? ` (${check.elapsed_ms} ms)` : ''}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Card>
    </SimpleGrid>
  );
}
