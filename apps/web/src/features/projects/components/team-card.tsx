import { useState } from 'react';
import { Anchor, Box, Button, Card, Group, Skeleton, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { ResearchTeamMemberDto } from '@rrp/domain';
import { rowStarted } from '@/components/research-team';
import { ApiError } from '@/lib/api-client';
import { useResearchTeam, useSaveTeam } from '../api/projects';
import { rowFromMember, teamChanged, teamPayload, validateTeam, type TeamRow } from '../rules';
import { collectMessages } from './error-text';
import { rowTint, TeamEditor, WarningIcon } from './team-editor';
import { notify } from './notify';
import { formatDate } from '@rrp/domain';

const institutionName = (member: ResearchTeamMemberDto) =>
  member.institution && typeof member.institution === 'object' ? member.institution.name : '—';

function TeamTable({ members }: { members: ResearchTeamMemberDto[] }) {
  if (members.length === 0) return <Text size="sm">No team members.</Text>;
  return (
    <Box role="region" aria-label="Research team" tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table aria-label="Research team members" miw={640}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Institution</Table.Th>
            <Table.Th>Active period</Table.Th>
            <Table.Th>Access</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <Table.Tr key={member.id} bg={rowTint({ ...member, warnings: member.warnings })}>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {member.user_id ? (
                    <Anchor component={Link} to={`/user/${member.user_id}`} size="sm">
                      {member.display_name}
                    </Anchor>
                  ) : (
                    <Text size="sm">{member.display_name}</Text>
                  )}
                  <WarningIcon warnings={member.warnings} />
                </Group>
                <Text size="xs" c="gray.7">
                  {member.email}
                </Text>
              </Table.Td>
              <Table.Td>{member.user_role_name}</Table.Td>
              <Table.Td>{institutionName(member)}</Table.Td>
              <Table.Td>
                {formatDate(member.created)} –{' '}
                {member.removal_date ? formatDate(member.removal_date) : 'present'}
              </Table.Td>
              <Table.Td>
                {member.removal_date ? 'Removed' : member.is_pi ? 'Always' : member.active ? 'Yes' : 'No'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

/** The project's research team, with Edit Team for the owner and the staff roles that may edit it. */
export function TeamCard({ projectId, canEdit }: { projectId: number; canEdit: boolean }) {
  const team = useResearchTeam(projectId);
  const save = useSaveTeam(projectId);
  const [editing, setEditing] = useState<TeamRow[] | null>(null);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const members = team.data?.results ?? [];
  const saved = members.map(rowFromMember);
  const errors = editing ? validateTeam(editing) : {};
  const shownErrors = Object.fromEntries(
    Object.entries(errors).filter(([key]) => editing?.some((row) => row.key === key && rowStarted(row))),
  );
  const newRowsInvalid = Object.keys(errors).length > 0;

  const submit = async () => {
    if (!editing) return;
    if (!teamChanged(saved, editing)) {
      setEditing(null);
      notify({ title: 'No changes', message: 'The research team is unchanged.' });
      return;
    }
    setServerErrors([]);
    try {
      await save.mutateAsync(teamPayload(editing));
      setEditing(null);
      notify({ color: 'green', title: 'Research Team Updated', message: 'The team was saved.' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setServerErrors(collectMessages(error.body));
    }
  };

  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          Research Team
        </Title>
        {canEdit && !editing && (
          <Button size="xs" variant="light" onClick={() => setEditing(saved)} disabled={!team.data}>
            Edit Team
          </Button>
        )}
      </Group>
      {!team.data ? (
        <Skeleton h={80} />
      ) : editing ? (
        <>
          <TeamEditor rows={editing} onChange={setEditing} errors={shownErrors} serverErrors={serverErrors} />
          {newRowsInvalid && (
            <Text size="sm" c="gray.7" mt="xs">
              Complete or remove the new rows to save the team.
            </Text>
          )}
          <Group mt="md">
            <Button onClick={() => void submit()} disabled={newRowsInvalid} loading={save.isPending}>
              Save Team
            </Button>
            <Button
              variant="default"
              onClick={() => {
                setEditing(null);
                setServerErrors([]);
              }}
            >
              Cancel
            </Button>
          </Group>
        </>
      ) : (
        <TeamTable members={members} />
      )}
    </Card>
  );
}
