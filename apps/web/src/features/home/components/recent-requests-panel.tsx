import { Anchor, Box, Card, Group, Skeleton, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '@/lib/config';
import { useSession } from '@/lib/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestDto } from '@rrp/domain';
import { apiFetch } from '@/lib/api-client';
import { HOME_READ_FRESH_MS } from '@/lib/query-client';
import { NewRequestButton } from '@/components/new-request-button';
import { NoticeBadge } from '@/components/notice-badge';
import { SUSPENDED_ACTION_NEEDED, homeNotices, statusName } from '@/lib/request-rules';
import { formatDate } from '@rrp/domain';

/** The home page lists this many of the researcher's newest requests; all of them are at /request. */
export const HOME_REQUESTS_CAP = 10;

/** The list ordering of Recent Requests (docs/decisions.md 114). */
const RECENT_FIRST = '-created,-id';

const NOTICE_COLOURS: Record<string, string> = {
  [SUSPENDED_ACTION_NEEDED]: 'red.9',
  'IRB Required': 'orange.9',
};

/** What Recent Requests reads: the newest requests, with their projects. */
export const recentRequestsQuery = queryOptions({
  queryKey: ['requests', 'recent'],
  // Read once for the home's panels and their gate (home-screen.tsx), not again as each mounts.
  staleTime: HOME_READ_FRESH_MS,
  queryFn: () =>
    apiFetch<{ count: number; results: RequestDto[] }>('request/', {
      // Newest first; requests created together (a seed, an import) newest id first.
      query: { limit: HOME_REQUESTS_CAP, ordering: RECENT_FIRST, expand: 'project' },
    }),
});

/** The researcher home's Recent Requests (staff §2.2, §4.4) with the New Request button. */
export function RecentRequestsPanel() {
  const { user } = useSession();
  const requests = useQuery(recentRequestsQuery);
  const rows = requests.data?.results ?? [];
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          Recent Requests
        </Title>
        <Group gap="sm">
          <Anchor component={Link} to="/request" size="sm">
            View all requests
          </Anchor>
          <NewRequestButton researchMatch variant="default" />
          <NewRequestButton />
        </Group>
      </Group>
      {!requests.data ? (
        <Skeleton h={60} />
      ) : rows.length === 0 ? (
        <Text size="sm">{`No open or previously approved ${PRODUCT_NAME} resource requests.`}</Text>
      ) : (
        <Box role="region" aria-label="Recent requests" tabIndex={0} style={{ overflowX: 'auto' }}>
          <Table aria-label="Your recent requests" miw={640}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Request</Table.Th>
                <Table.Th>Portal ID</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Submitted</Table.Th>
                <Table.Th>Notices</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((request) => {
                const notices = user ? homeNotices(request, user.id) : [];
                return (
                  <Table.Tr key={request.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/request/${request.id}`} size="sm">
                        {request.display_name || request.portal_request_id}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{request.portal_request_id}</Table.Td>
                    <Table.Td>{statusName(request)}</Table.Td>
                    <Table.Td>{formatDate(request.created)}</Table.Td>
                    <Table.Td>{request.submission_date ? formatDate(request.submission_date) : '—'}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {notices.map((notice) => (
                          <NoticeBadge
                            key={notice}
                            color={NOTICE_COLOURS[notice] ?? (notice === 'EXPIRED' ? 'red.9' : 'blue.9')}
                          >
                            {notice}
                          </NoticeBadge>
                        ))}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Box>
      )}
    </Card>
  );
}
