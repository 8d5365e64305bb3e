import { Alert, Button, Group, Loader, Stack, Switch, Table, Text } from '@mantine/core';
import type { ResearchTeamMemberDto } from '@rrp/domain';

const institutionName = (member: ResearchTeamMemberDto) =>
  member.institution && typeof member.institution === 'object' ? member.institution.name : '—';

/**
 * Step 4: the project's research team; the PI row is fixed and always has access, access is
 * toggled for every other active member.
 */
export function TeamStep({
  members,
  loading,
  error,
  access,
  onChange,
  onContinue,
}: {
  members: ResearchTeamMemberDto[];
  loading: boolean;
  error: string | null;
  access: Record<number, boolean>;
  onChange: (access: Record<number, boolean>) => void;
  onContinue: () => void;
}) {
  if (loading) return <Loader aria-label="Loading the research team" />;
  if (error)
    return (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    );
  const active = members.filter((member) => member.active && !member.removal_date);
  const ordered = [...active.filter((member) => member.is_pi), ...active.filter((member) => !member.is_pi)];
  return (
    <Stack gap="md" maw={960}>
      <Text size="sm" c="gray.8">
        Choose which members of the project&apos;s research team get access to the requested resources. The
        team is kept on the project page.
      </Text>
      <Table withTableBorder striped aria-label="Research team">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email Address</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Institution</Table.Th>
            <Table.Th>Access</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ordered.map((member) => (
            <Table.Tr key={member.id}>
              <Table.Td>{member.display_name}</Table.Td>
              <Table.Td>{member.email}</Table.Td>
              <Table.Td>{member.user_role_name}</Table.Td>
              <Table.Td>{institutionName(member)}</Table.Td>
              <Table.Td>
                <Switch
                  aria-label={`Access for ${member.display_name}`}
                  checked={member.is_pi || Boolean(access[member.id])}
                  disabled={member.is_pi || member.user_id === null}
                  onChange={(event) => onChange({ ...access, [member.id]: event.currentTarget.checked })}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {ordered.length <= 1 && (
        <Text size="sm" c="gray.8">
          The project has no other team members. Add members on the project page to give them access.
        </Text>
      )}
      <Group>
        <Button onClick={onContinue}>Continue</Button>
      </Group>
    </Stack>
  );
}
