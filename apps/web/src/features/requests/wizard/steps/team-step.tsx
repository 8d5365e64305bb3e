import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  List,
  Loader,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ResearchTeamMemberDto } from '@rrp/domain';
import {
  GlobusInput,
  InstitutionSelect,
  NewMemberNameCells,
  RoleSelect,
  rowStarted,
  useInstitutionOptions,
  ERROR_CONTRAST,
} from '@/components/research-team';
import { emptyNewMember, newMemberErrors, type NewMemberRow } from '../team-members';

const institutionName = (member: ResearchTeamMemberDto) =>
  member.institution && typeof member.institution === 'object' ? member.institution.name : '—';

/**
 * Step 4: the project's research team; the PI row is fixed and always has access, access is
 * toggled for every other active member. New members are typed into a dynamic table (saved to the
 * project's team on Continue, which is blocked while a new row is invalid).
 */
export function TeamStep({
  members,
  loading,
  error,
  access,
  onChange,
  newRows,
  onNewRowsChange,
  serverErrors,
  saving,
  onContinue,
  preferredInstitutions = [],
}: {
  members: ResearchTeamMemberDto[];
  loading: boolean;
  error: string | null;
  access: Record<number, boolean>;
  onChange: (access: Record<number, boolean>) => void;
  newRows: NewMemberRow[];
  onNewRowsChange: (rows: NewMemberRow[]) => void;
  /** Errors of the team save, listed under the table. */
  serverErrors: string[];
  saving: boolean;
  onContinue: () => void;
  /** Institutions offered first for new members (the PI's own). */
  preferredInstitutions?: readonly number[];
}) {
  const { options: institutionOptions } = useInstitutionOptions(preferredInstitutions);
  if (loading) return <Loader aria-label="Loading the research team" />;
  if (error)
    return (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    );
  const active = members.filter((member) => member.active && !member.removal_date);
  const ordered = [...active.filter((member) => member.is_pi), ...active.filter((member) => !member.is_pi)];
  const errors = newMemberErrors(newRows, members);
  const invalid = Object.keys(errors).length > 0;
  const update = (key: string, patch: Partial<NewMemberRow>) =>
    onNewRowsChange(newRows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  return (
    <Stack gap="md" maw={1180} style={ERROR_CONTRAST}>
      <Text size="sm" c="gray.8">
        Choose which members of the project&apos;s research team get access to the requested resources. The
        team is kept on the project page; members added below are saved to it when you continue.
      </Text>
      {/* Five columns do not fit a phone: the table scrolls in its own focusable region, not the page. */}
      <Box role="region" aria-label="Research team members" tabIndex={0} style={{ overflowX: 'auto' }}>
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
                    aria-describedby={member.user_id === null ? `pending-access-${member.id}` : undefined}
                  />
                  {member.user_id === null && (
                    <Text size="xs" c="gray.7" mt={4} id={`pending-access-${member.id}`}>
                      No portal account yet: access once they register
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      <Title order={3} size="h5">
        New team members
      </Title>
      {newRows.length > 0 && (
        // A focusable region, so keyboard users can scroll the wide table too.
        <Box role="region" aria-label="New team members editor" tabIndex={0} style={{ overflowX: 'auto' }}>
          <Table aria-label="New team members" verticalSpacing="xs" miw={1100}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>First name</Table.Th>
                <Table.Th>Last name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Institution</Table.Th>
                <Table.Th>Globus username</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {newRows.map((row, index) => {
                const rowErrors = rowStarted(row) ? (errors[row.key] ?? {}) : {};
                const label = (field: string) => `${field}, new member ${index + 1}`;
                const change = (patch: Partial<NewMemberRow>) => update(row.key, patch);
                const cellProps = { row, errors: rowErrors, label, onChange: change, disabled: saving };
                return (
                  <Table.Tr key={row.key}>
                    <NewMemberNameCells {...cellProps} />
                    <Table.Td miw={170}>
                      <RoleSelect {...cellProps} />
                    </Table.Td>
                    <Table.Td miw={220}>
                      <InstitutionSelect {...cellProps} options={institutionOptions} />
                    </Table.Td>
                    <Table.Td miw={170}>
                      <GlobusInput {...cellProps} />
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red.9"
                        aria-label={`Remove new member ${index + 1}`}
                        onClick={() => onNewRowsChange(newRows.filter((item) => item.key !== row.key))}
                        disabled={saving}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Box>
      )}
      {invalid && (
        <Text size="sm" c="gray.7">
          Complete or remove the new rows to continue.
        </Text>
      )}
      {serverErrors.length > 0 && (
        <Alert color="red" role="alert" title="The team could not be saved">
          <List size="sm">
            {serverErrors.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => onNewRowsChange([...newRows, emptyNewMember()])}
          disabled={saving}
        >
          Add team member
        </Button>
      </Group>
      <Group>
        <Button onClick={onContinue} disabled={invalid} loading={saving}>
          Continue
        </Button>
      </Group>
    </Stack>
  );
}
