import { Anchor, Badge, Card, Group, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  INSTITUTION_STATUSES,
  RDA_STATUSES,
  type SessionUserDto,
  type UserInstitutionDto,
} from '@rrp/domain';
import { apiFetch } from '@/lib/api-client';
import { useAffiliation } from '@/lib/affiliation';

interface Task {
  name: string;
  to: string;
}

/** The signing official's home (staff §2.2): their institution and the tasks waiting for them. */
export function OfficialPanel({ user }: { user: SessionUserDto }) {
  const affiliation = useAffiliation(user);
  const institution = affiliation.data?.institution ?? null;
  const unverified = useQuery({
    queryKey: ['institution-members', institution?.id, 'unverified'],
    queryFn: () =>
      apiFetch<{ count: number; results: UserInstitutionDto[] }>('user-institution/', {
        query: { institution: institution!.id, verified: 'false', limit: 1 },
      }),
    enabled: Boolean(institution),
  });
  if (!institution) return null;
  const tasks: Task[] = [];
  if (institution.rda_status === 1 && institution.current_rda)
    tasks.push({ name: 'Review and sign RDA', to: `/rda/${institution.current_rda}` });
  if (institution.status === 1 || institution.status === 5)
    tasks.push({ name: 'Confirm your institution’s details', to: '/institution-details' });
  if ((unverified.data?.count ?? 0) > 0)
    tasks.push({ name: 'Verify newly affiliated researchers', to: '/annual-researcher-review?recent=true' });

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Card withBorder padding="lg">
        <Title order={2} fz="lg" mb="sm">
          {institution.name}
        </Title>
        <Group gap="xs" mb="sm">
          <Badge variant="outline">
            {INSTITUTION_STATUSES[institution.status as keyof typeof INSTITUTION_STATUSES]}
          </Badge>
          <Badge variant="outline">
            RDA:{' '}
            {institution.rda_status
              ? RDA_STATUSES[institution.rda_status as keyof typeof RDA_STATUSES]
              : 'None'}
          </Badge>
        </Group>
        <Text size="sm">{institution.official_name}</Text>
        <Group mt="sm" gap="md">
          <Anchor component={Link} to={`/institution/${institution.id}`} size="sm">
            Institution page
          </Anchor>
          <Anchor component={Link} to="/annual-researcher-review" size="sm">
            Annual researcher review
          </Anchor>
        </Group>
      </Card>
      <Card withBorder padding="lg">
        <Title order={2} fz="lg" mb="sm">
          Tasks
        </Title>
        {tasks.length === 0 ? (
          <Text size="sm">You currently don't have any tasks</Text>
        ) : (
          <Table>
            <Table.Tbody>
              {tasks.map((task) => (
                <Table.Tr key={task.name}>
                  <Table.Td>
                    <Anchor component={Link} to={task.to}>
                      {task.name}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </SimpleGrid>
  );
}
