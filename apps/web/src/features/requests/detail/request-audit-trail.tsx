import { useState } from 'react';
import { Alert, Card, Group, Loader, Select, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import {
  REQUEST_STATUSES,
  REQUEST_TYPES,
  type HistoryEntryDto,
  type ResearchTeamMemberDto,
} from '@rrp/domain';
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
    .filter((field) => !IGNORED_FIELDS.has(field))
    .filter((field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null))
    .map((field) => ({ field, before: before[field], after: after[field] }));
}

/** Readable names of the snapshot's columns; others show as they are. */
const FIELD_LABELS: Record<string, string> = {
  statusId: 'Status',
  typeId: 'Type',
  projectId: 'Project',
  ownerId: 'Principal Investigator',
  creatorId: 'Filed by',
  institutionId: 'Institution',
  displayName: 'Requested resource',
  submissionDate: 'Date submitted',
  decisionDate: 'Decision date',
  expirationDate: 'Expiration date',
  additionalData: 'Form answers',
  cohortIds: 'Cohorts',
  sampleTypeId: 'Sample type',
  intentToDownload: 'Intends to download',
  agreedNih: 'Agreed to NIH policy',
  dataSafeguard: 'Data safeguards',
  gpfAccessStatus: 'GPF access',
  agreedToUsagePolicy: 'Agreed to usage policy',
  access_control_list: 'Team on the request',
  datasets: 'Datasets',
  samples: 'Samples',
};
export const fieldLabel = (field: string) => FIELD_LABELS[field] ?? field;

/** Snapshot bookkeeping that is not a change a reader cares about. */
const IGNORED_FIELDS = new Set(['modified', 'portalRequestId', 'id', 'created']);

export function valueText(value: unknown, field?: string): string {
  if (field === 'statusId' && typeof value === 'number')
    return REQUEST_STATUSES[value as keyof typeof REQUEST_STATUSES] ?? String(value);
  if (field === 'typeId' && typeof value === 'number')
    return REQUEST_TYPES[value as keyof typeof REQUEST_TYPES] ?? String(value);
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value))
    return new Date(value).toLocaleString('en-US');
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
                  <Text size="sm">
                    Changed:{' '}
                    {[
                      ...new Set(
                        entry.changed_fields.filter((field) => !IGNORED_FIELDS.has(field)).map(fieldLabel),
                      ),
                    ].join(', ')}
                  </Text>
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
                      <Table.Td fw={600}>{fieldLabel(change.field)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                        {valueText(change.before, change.field)}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                        {valueText(change.after, change.field)}
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
