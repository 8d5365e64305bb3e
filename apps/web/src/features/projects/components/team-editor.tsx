import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  List,
  Switch,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import { RESEARCH_TEAM_ROLES, TEAM_WARNINGS } from '@rrp/domain';
import {
  GlobusInput,
  institutionLabel,
  InstitutionSelect,
  NewMemberNameCells,
  RoleSelect,
  useInstitutionOptions,
  ERROR_CONTRAST,
} from '@/components/research-team';
import { emptyTeamRow, type TeamRow } from '../rules';

export function WarningIcon({ warnings }: { warnings: TeamRow['warnings'] }) {
  if (!warnings.length) return null;
  const text = warnings.map((warning) => TEAM_WARNINGS[warning]).join('; ');
  return (
    <Tooltip label={text} multiline w={260} withArrow>
      <ActionIcon variant="subtle" color="orange.9" size="sm" aria-label={`Warnings: ${text}`}>
        <IconAlertTriangle size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/** Row tint: removed members red or green by verification (staff only), warnings yellow. */
export function rowTint(row: Pick<TeamRow, 'removal_date' | 'verified' | 'warnings'>): string | undefined {
  if (row.removal_date) return row.verified ? 'var(--mantine-color-green-0)' : 'var(--mantine-color-red-0)';
  if (row.warnings.length) return 'var(--mantine-color-yellow-0)';
  return undefined;
}

/**
 * The research team editor (researcher §2 step 4, §5 "Team"): the PI row is fixed and always has
 * access; other members get an access toggle, a role, an institution (or "Institution is not
 * listed") and an optional Globus username. New rows are typed in full.
 */
export function TeamEditor({
  rows,
  onChange,
  errors,
  serverErrors,
  disabled,
  preferredInstitutions = [],
}: {
  rows: TeamRow[];
  onChange: (rows: TeamRow[]) => void;
  errors: Record<string, Record<string, string>>;
  /** Save errors, listed under the table (researcher §5). */
  serverErrors?: string[];
  disabled?: boolean;
  /** Institutions offered first, under 'Your institution' (the PI's). */
  preferredInstitutions?: readonly number[];
}) {
  const { options: institutionOptions } = useInstitutionOptions(preferredInstitutions);
  const update = (key: string, patch: Partial<TeamRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const remove = (key: string) => onChange(rows.filter((row) => row.key !== key));

  return (
    <div style={ERROR_CONTRAST}>
      {/* A focusable region, so keyboard users can scroll the wide table too. */}
      <Box role="region" aria-label="Research team editor" tabIndex={0} style={{ overflowX: 'auto' }}>
        <Table verticalSpacing="xs" aria-label="Research team" miw={1150}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>First name</Table.Th>
              <Table.Th>Last name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Institution</Table.Th>
              <Table.Th>Globus username</Table.Th>
              <Table.Th>Access</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => {
              const rowErrors = errors[row.key] ?? {};
              const label = (field: string) => `${field}, team member ${index + 1}`;
              const fixed = row.isPi || Boolean(row.removal_date) || disabled;
              const name = `${row.first_name} ${row.last_name}`.trim() || `team member ${index + 1}`;
              return (
                <Table.Tr key={row.key} bg={rowTint(row)} data-removed={row.removal_date ? true : undefined}>
                  {row.isNew ? (
                    <NewMemberNameCells
                      row={row}
                      errors={rowErrors}
                      label={label}
                      onChange={(patch) => update(row.key, patch)}
                      disabled={disabled}
                    />
                  ) : (
                    <>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Text size="sm">{row.first_name}</Text>
                          <WarningIcon warnings={row.warnings} />
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{row.last_name}</Text>
                        {row.isPi && <Badge size="xs">PI</Badge>}
                        {row.removal_date && (
                          <Badge size="xs" color={row.verified ? 'green.9' : 'red.9'} variant="light">
                            Removed
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{row.email}</Text>
                      </Table.Td>
                    </>
                  )}
                  <Table.Td miw={170}>
                    {row.isPi ? (
                      <Text size="sm">{RESEARCH_TEAM_ROLES[0]}</Text>
                    ) : (
                      <RoleSelect
                        row={row}
                        errors={rowErrors}
                        label={label}
                        onChange={(patch) => update(row.key, patch)}
                        disabled={fixed}
                      />
                    )}
                  </Table.Td>
                  <Table.Td miw={210}>
                    {row.isPi ? (
                      <Text size="sm">{institutionLabel(institutionOptions, row.institution)}</Text>
                    ) : (
                      <InstitutionSelect
                        row={row}
                        errors={rowErrors}
                        label={label}
                        onChange={(patch) => update(row.key, patch)}
                        disabled={fixed}
                        options={institutionOptions}
                      />
                    )}
                  </Table.Td>
                  <Table.Td miw={170}>
                    {row.isPi ? (
                      <Text size="sm">{row.globus_username || '—'}</Text>
                    ) : (
                      <GlobusInput
                        row={row}
                        errors={rowErrors}
                        label={label}
                        onChange={(patch) => update(row.key, patch)}
                        disabled={Boolean(row.removal_date) || disabled}
                      />
                    )}
                  </Table.Td>
                  <Table.Td>
                    {row.isPi ? (
                      <Text size="sm">Always</Text>
                    ) : (
                      <Switch
                        aria-label={`Access for ${name}`}
                        checked={row.active && !row.removal_date}
                        onChange={(e) => update(row.key, { active: e.currentTarget.checked })}
                        disabled={fixed}
                      />
                    )}
                  </Table.Td>
                  <Table.Td>
                    {!row.isPi && !row.removal_date && (
                      <Tooltip label="Remove from the team" withArrow>
                        <ActionIcon
                          variant="subtle"
                          color="red.9"
                          aria-label={`Remove ${name}`}
                          onClick={() => remove(row.key)}
                          disabled={disabled}
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Box>
      <Button
        mt="sm"
        variant="light"
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={() => onChange([...rows, emptyTeamRow()])}
        disabled={disabled}
      >
        Add Team Member
      </Button>
      {serverErrors && serverErrors.length > 0 && (
        <List mt="sm" c="red.8" size="sm" role="alert">
          {serverErrors.map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
      )}
    </div>
  );
}
