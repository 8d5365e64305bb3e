import { Anchor, Badge, Button, Card, Group, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ReviewCentreDto } from '@rrp/domain';
import { apiFetch } from '@/lib/api-client';

/**
 * The Research Match administrator's home (staff §6 rm_admin "Research match administration"): the
 * review cycle at a glance — each review-centre tab with its count — and Begin Review.
 */
export function ResearchMatchAdminPanel() {
  const centre = useQuery({
    queryKey: ['research-match', 'review-centre'],
    queryFn: () => apiFetch<ReviewCentreDto>('research-match/review-centre/'),
  });
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="rm-admin-heading">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="xl" id="rm-admin-heading">
          Research Match
        </Title>
        <Group gap="xs">
          <Button component={Link} to="/research-match-applications" variant="default" size="sm">
            All Applications
          </Button>
          {centre.data?.can_start_review && (
            <Button component={Link} to="/research-match-review/start-review" size="sm">
              Begin Review
            </Button>
          )}
        </Group>
      </Group>
      {!centre.data ? (
        <Skeleton h={80} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {centre.data.tabs.map((tab) => (
            <Card key={tab.key} withBorder padding="md">
              <Group justify="space-between" wrap="nowrap">
                <Anchor component={Link} to={`/research-match-review?tab=${tab.key}`} fw={600}>
                  {tab.label}
                </Anchor>
                <Badge size="lg" variant="filled" color="blue.9">
                  {tab.count}
                </Badge>
              </Group>
              {tab.heading !== tab.label && (
                <Text size="xs" c="gray.7" mt={4}>
                  {tab.heading}
                </Text>
              )}
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Card>
  );
}
