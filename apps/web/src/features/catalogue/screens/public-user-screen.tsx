import { Anchor, Card, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link, Navigate, useParams } from 'react-router';
import { NO_APPROVED_DATASET_REQUESTS } from '@rrp/domain';
import { Page } from '@/components/page';
import { usePublicResearcher } from '../api/catalogue';
import { datasetPath } from '../rules';

const CRUMBS = [{ label: 'Researchers', to: '/public/user' }];

/** /public/user/{id}: a researcher's approved projects, their datasets and team (researcher §2). */
export default function PublicUserScreen() {
  const { objectId = '' } = useParams();
  const query = usePublicResearcher(objectId);
  if (query.isPending)
    return (
      <Page title="Researcher" crumbs={CRUMBS}>
        <Skeleton h={200} />
      </Page>
    );
  if (!query.data) return <Navigate to="/404" replace />;
  const researcher = query.data;
  return (
    <Page title={researcher.name} crumbs={CRUMBS}>
      <Text c="gray.8">{researcher.institution_name ?? 'No institution listed'}</Text>
      {researcher.projects.length === 0 ? (
        <Card withBorder padding="xl">
          <Text ta="center">{NO_APPROVED_DATASET_REQUESTS}</Text>
        </Card>
      ) : (
        <Stack gap="lg">
          <Title order={2} fz="xl">
            Approved Projects
          </Title>
          {researcher.projects.map((project) => (
            <Card withBorder padding="lg" key={project.id} component="article">
              <Stack gap="sm">
                <Title order={3} fz="lg">
                  {project.title}
                </Title>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {project.abstract}
                </Text>
                <Title order={4} fz="sm">
                  Approved Datasets
                </Title>
                {project.datasets.length === 0 ? (
                  <Text size="sm" c="gray.7">
                    None
                  </Text>
                ) : (
                  <Stack gap={2} component="ul" style={{ margin: 0, paddingLeft: 18 }}>
                    {project.datasets.map((dataset) => (
                      <li key={dataset.id}>
                        <Anchor
                          component={Link}
                          to={datasetPath({ dataset_id: dataset.dataset_id })}
                          size="sm"
                        >
                          {dataset.name}
                        </Anchor>
                      </li>
                    ))}
                  </Stack>
                )}
                <Title order={4} fz="sm">
                  Research Team
                </Title>
                <Table aria-label={`Research team of ${project.title}`} withTableBorder striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Name</Table.Th>
                      <Table.Th>Role</Table.Th>
                      <Table.Th>Institution</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {project.team.map((member, index) => (
                      <Table.Tr key={`${member.name}-${index}`}>
                        <Table.Td>{member.name}</Table.Td>
                        <Table.Td>{member.role}</Table.Td>
                        <Table.Td>{member.institution_name ?? '—'}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
    </Page>
  );
}
