import { Fragment, useState, type ReactNode } from 'react';
import { Alert, Card, Group, Loader, Select, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { formatDateTime, type HistoryEntryDto } from '@rrp/domain';
import { compareVersions, entryVerb, modifierName } from './compare-versions';
import { HistoryValue } from './history-value';
import { useHistory, type HistoryModel } from './use-history';

interface AuditTrailProps {
  model: HistoryModel;
  objectId: number;
  /** Said after the modifier's name, e.g. ' (PI)' on a project (researcher §2). */
  modifierSuffix?: (entry: HistoryEntryDto) => string;
  /** Shown after the comparison (a request's team). */
  children?: ReactNode;
}

const versionLabel = (entry: HistoryEntryDto) =>
  `Version ${entry.version} · ${formatDateTime(entry.modified)} · ${modifierName(entry)}`;

/**
 * The audit trail of requests, projects and institutions alike (decision 126): a timeline of who
 * changed what and when, oldest first, and a field-by-field comparison of any two versions.
 */
export function AuditTrail({ model, objectId, modifierSuffix, children }: AuditTrailProps) {
  const history = useHistory(model, objectId);
  const entries = [...(history.data?.results ?? [])].sort((a, b) => a.version - b.version);
  const [fromVersion, setFromVersion] = useState<string | null>(null);
  const [toVersion, setToVersion] = useState<string | null>(null);
  const to = entries.find((entry) => String(entry.version) === toVersion) ?? entries.at(-1);
  const from =
    entries.find((entry) => String(entry.version) === fromVersion) ??
    (to ? entries.filter((entry) => entry.version < to.version).at(-1) : undefined);
  const changes = to ? compareVersions(from?.fields ?? [], to.fields) : [];
  const options = entries.map((entry) => ({ value: String(entry.version), label: versionLabel(entry) }));
  const who = (entry: HistoryEntryDto) => `${modifierName(entry)}${modifierSuffix?.(entry) ?? ''}`;

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
              <Timeline.Item key={entry.id} title={`${entryVerb(entry, index === 0)} ${who(entry)}`}>
                <Text size="xs" c="gray.7">
                  Version {entry.version} · {formatDateTime(entry.modified)}
                </Text>
                {entry.changed.length > 0 && <Text size="sm">Changed: {entry.changed.join(', ')}</Text>}
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
              w={{ base: '100%', sm: 380 }}
            />
            <Select
              label="Later version"
              data={options}
              value={to ? String(to.version) : null}
              onChange={setToVersion}
              allowDeselect={false}
              w={{ base: '100%', sm: 380 }}
            />
          </Group>
          {changes.length === 0 ? (
            <Text size="sm">No field differs between these versions.</Text>
          ) : (
            <div role="region" aria-label="Version comparison" tabIndex={0} style={{ overflowX: 'auto' }}>
              <Table aria-label="Version comparison table" miw={560} layout="fixed">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={220}>Field</Table.Th>
                    <Table.Th>{from ? `Version ${from.version}` : 'Before'}</Table.Th>
                    <Table.Th>{to ? `Version ${to.version}` : 'After'}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {changes.map((change, index) => (
                    <Fragment key={change.key}>
                      {change.section && change.section !== changes[index - 1]?.section && (
                        <Table.Tr>
                          <Table.Th colSpan={3} scope="colgroup" bg="gray.0">
                            {change.section}
                          </Table.Th>
                        </Table.Tr>
                      )}
                      <Table.Tr>
                        <Table.Th scope="row" fw={600}>
                          {change.label}
                        </Table.Th>
                        <Table.Td>
                          <HistoryValue field={change.before} />
                        </Table.Td>
                        <Table.Td>
                          <HistoryValue field={change.after} />
                        </Table.Td>
                      </Table.Tr>
                    </Fragment>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          )}
        </Card>
      )}
      {children}
    </Stack>
  );
}
