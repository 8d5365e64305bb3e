import { useState } from 'react';
import { Alert, Card, Group, Loader, Select, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import type { HistoryEntryDto, ResearchTeamMemberDto } from '@rrp/domain';
import { useRequestHistory, useRequestTeam, type RequestView } from '../api/requests';
import { refId } from '@/lib/request-rules';
import { RequestTeamTable } from './request-tabs';

/** Every field whose value differs between two snapshots, with both values (researcher §2 audit trail). */
export function compareVersions(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { field: string; before: unknown; after: unknown }[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return fields
    .filter((field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null))
    .map((field) => ({ field, before: before[field], after: after[field] }));
}

export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value, null, 1);
  return String(value);
}

function modifierName(entry: HistoryEntryDto) {
  return entry.modifier && typeof entry.modifier === 'object'
    ? entry.modifier.full_name || entry.modifier.email
    : 'System';
}

const versionLabel = (entry: HistoryEntryDto) =>
  `Version ${entry.version} · ${new Date(entry.modified).toLocaleString('en-US')} · ${modifierName(entry)}`;

/** The request's history: the timeline, a comparison of any two versions, and the team on the request. */
export function RequestAuditTrail({ request }: { request: RequestView }) {
  const history = useRequestHistory(request.id, true);
  const team = useRequestTeam(refId(request.project));
  const entries = [...(history.data?.results ?? [])].sort((a, b) => a.version - b.version);
  const [fromVersion, setFromVersion] = useState<string | null>(null);
  const [toVersion, setToVersion] = useState<string | null>(null);
  const last = entries.at(-1);
  const to = entries.find((entry) => String(entry.version) === toVersion) ?? last;
  const from =
    entries.find((entry) => String(entry.version) === fromVersion) ??
    (to ? entries.filter((entry) => entry.version < to.version).at(-1) : undefined);
  const changes = to ? compareVersions(from?.data ?? {}, to.data) : [];
  const options = entries.map((entry) => ({ value: String(entry.version), label: versionLabel(entry) }));
  const members = new Map<number, ResearchTeamMemberDto>();
  for (const member of team.data?.results ?? [])
    if (member.user_id !== null) members.set(member.user_id, member);

  return (
    <Stack>
      <Card withBorder padding="lg">
        <Title order={2} fz="lg" mb="md">
          Audit Trail
        </Title>
        {history.isError && <Alert color="red">The audit trail could not be loaded.</Alert>}
        {history.isPending && <Loader size="sm" aria-label="Loading the audit trail" />}
        {history.data && entries.length === 0 && <Text size="sm">No changes recorded.</Text>}
        {entries.length > 0 && (
          <Timeline active={entries.length - 1} bulletSize={18} lineWidth={2}>
            {entries.map((entry, index) => (
              <Timeline.Item
                key={entry.id}
                title={`${index === 0 && entry.action === 'create' ? 'Created by' : entry.action === 'delete' ? 'Deleted by' : 'Modified by'} ${modifierName(entry)}`}
              >
                <Text size="xs" c="gray.7">
                  Version {entry.version} · {new Date(entry.modified).toLocaleString('en-US')}
                </Text>
                {index > 0 && entry.changed_fields.length > 0 && (
                  <Text size="sm">Changed: {entry.changed_fields.join(', ')}</Text>
                )}
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Card>
      {entries.length > 0 && (
        <Card withBorder padding="lg">
          <Title order={2} fz="lg" mb="md">
            Compare Versions
          </Title>
          <Group align="flex-end" mb="md">
            <Select
              label="Earlier version"
              data={options}
              value={from ? String(from.version) : null}
              onChange={setFromVersion}
              placeholder="Nothing (before creation)"
              clearable
              w={380}
            />
            <Select
              label="Later version"
              data={options}
              value={to ? String(to.version) : null}
              onChange={setToVersion}
              allowDeselect={false}
              w={380}
            />
          </Group>
          {changes.length === 0 ? (
            <Text size="sm">No field differs between these versions.</Text>
          ) : (
            <div role="region" aria-label="Version comparison" tabIndex={0} style={{ overflowX: 'auto' }}>
              <Table aria-label="Version comparison table" miw={560} layout="fixed">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={200}>Field</Table.Th>
                    <Table.Th>{from ? `Version ${from.version}` : 'Before'}</Table.Th>
                    <Table.Th>{to ? `Version ${to.version}` : 'After'}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {changes.map((change) => (
                    <Table.Tr key={change.field}>
                      <Table.Td fw={600}>{change.field}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                        {valueText(change.before)}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                        {valueText(change.after)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          )}
        </Card>
      )}
      <Card withBorder padding="lg">
        <Title order={2} fz="lg" mb="md">
          Team Members
        </Title>
        {(request.access_control_list ?? []).length === 0 ? (
          <Text size="sm">No team members selected.</Text>
        ) : (
          <RequestTeamTable rows={request.access_control_list ?? []} members={members} />
        )}
      </Card>
    </Stack>
  );
}
