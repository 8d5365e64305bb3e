import { Anchor, Card, Group, Skeleton, Table, Text, Title } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ProjectDto } from '@rrp/domain';
import { apiFetch } from '@/lib/api-client';
import { HOME_READ_FRESH_MS } from '@/lib/query-client';

/** The home page lists at most this many projects (staff §2.2, §9); all of them are at /project. */
export const HOME_PROJECTS_CAP = 10;

/** What the Projects panel reads: the newest projects. */
export const homeProjectsQuery = queryOptions({
  queryKey: ['projects', 'home'],
  // Read once for the home's panels and their gate (home-screen.tsx), not again as each mounts.
  staleTime: HOME_READ_FRESH_MS,
  queryFn: () =>
    apiFetch<{ count: number; results: ProjectDto[] }>('project/', {
      query: { limit: HOME_PROJECTS_CAP, ordering: '-created' },
    }),
});

/** The researcher home's Projects panel: newest projects first, each opening its page. */
export function ProjectsPanel() {
  const projects = useQuery(homeProjectsQuery);
  const rows = projects.data?.results ?? [];
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          Projects
        </Title>
        <Anchor component={Link} to="/project" size="sm">
          View all projects
        </Anchor>
      </Group>
      {!projects.data ? (
        <Skeleton h={60} />
      ) : rows.length === 0 ? (
        <Text size="sm">No Projects.</Text>
      ) : (
        <Table aria-label="Your projects">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Project</Table.Th>
              <Table.Th>Portal ID</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((project) => (
              <Table.Tr key={project.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/project/${project.id}`} size="sm">
                    {project.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{project.portal_project_id}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
