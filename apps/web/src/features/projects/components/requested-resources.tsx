import { Anchor, Box, Card, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDate, REQUEST_STATUSES } from '@rrp/domain';
import { apiFetch } from '@/lib/api-client';
import type { ListPage } from '../api/projects';

interface RequestRow {
  id: number;
  portal_request_id?: string | null;
  display_name?: string | null;
  status: number;
  decision_date?: string | null;
  expiration_date?: string | null;
}

/** The project's requests: resource, status and access period; rows open the request. */
export function RequestedResources({ projectId }: { projectId: number }) {
  const requests = useQuery({
    queryKey: ['requests', { project: projectId }],
    queryFn: () =>
      apiFetch<ListPage<RequestRow>>('request/', {
        query: { project: projectId, ordering: '-submission_date', limit: 100 },
        // Requests arrive with a later issue; until then the project simply has none to show.
        handleStatus: [400, 403, 404],
      }),
    retry: false,
  });
  const rows = requests.data?.results ?? [];
  return (
    <Card withBorder padding="lg">
      <Title order={2} fz="lg" mb="sm">
        Requested Resources
      </Title>
      {rows.length === 0 ? (
        <Text size="sm">No open or previously approved resource requests.</Text>
      ) : (
        <Box role="region" aria-label="Requested resources" tabIndex={0} style={{ overflowX: 'auto' }}>
          <Table aria-label="Requested resources table" miw={520}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Resource</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Access period</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((request) => (
                <Table.Tr key={request.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/request/${request.id}`} size="sm">
                      {request.display_name || request.portal_request_id || `Request ${request.id}`}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    {REQUEST_STATUSES[request.status as keyof typeof REQUEST_STATUSES] ?? request.status}
                  </Table.Td>
                  <Table.Td>
                    {request.decision_date
                      ? `${formatDate(request.decision_date)} – ${formatDate(request.expiration_date)}`
                      : '—'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
    </Card>
  );
}
