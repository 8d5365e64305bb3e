import { Group, Loader, Switch, Table, Text } from '@mantine/core';
import {
  DATASET_ACCESS_TYPES,
  type DatasetAccessDto,
  type DatasetAccessType,
  type DatasetDto,
} from '@rrp/domain';
import { ApiError } from '@/lib/api-client';
import { openErrorModal } from '@/components/modals';
import { useChangeAccess, useDatasetAccess, useDatasetResearchers } from '../api/catalogue';
import { serverFieldErrors } from '../rules';

/** The channels shown as columns: Globus, AWS and GPF, plus Other when a record uses it. */
const CHANNELS = DATASET_ACCESS_TYPES.filter((type) => type !== 'Other');

interface ResearcherAccess {
  user: { id: number; display_name: string; email: string };
  records: Partial<Record<DatasetAccessType, DatasetAccessDto>>;
}

/**
 * The dataset's researchers (approved requests' owners and teams) with their access records per
 * channel; anyone holding a record is listed too. Ordered by name.
 */
export function groupByResearcher(
  researchers: ResearcherAccess['user'][],
  records: DatasetAccessDto[],
): ResearcherAccess[] {
  const byUser = new Map<number, ResearcherAccess>();
  for (const user of researchers) byUser.set(user.id, { user, records: {} });
  for (const record of records) {
    const user =
      typeof record.user === 'object'
        ? record.user
        : { id: record.user, display_name: `User ${record.user}`, email: '' };
    const entry = byUser.get(user.id) ?? { user, records: {} };
    entry.records[record.access_type] = record;
    byUser.set(user.id, entry);
  }
  return [...byUser.values()].sort((a, b) => a.user.display_name.localeCompare(b.user.display_name));
}

function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    const fields = serverFieldErrors(error.body);
    return fields.non_field_errors ?? Object.values(fields)[0] ?? error.summary;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * A dataset's researchers and their access per channel (staff §2.11 "Dataset access page"):
 * a switch grants or revokes; channels the dataset does not offer are disabled.
 */
export function DatasetResearchers({
  dataset,
  readOnly = false,
}: {
  dataset: DatasetDto;
  readOnly?: boolean;
}) {
  const access = useDatasetAccess(dataset.id, true);
  const associated = useDatasetResearchers(dataset.id, true);
  const change = useChangeAccess(dataset.id);
  const channels = [
    ...CHANNELS,
    ...((access.data?.results ?? []).some((record) => record.access_type === 'Other')
      ? ['Other' as const]
      : []),
  ];

  if (access.isPending || associated.isPending)
    return (
      <Group p="md" gap="xs">
        <Loader size="xs" aria-hidden />
        <Text size="sm" role="status">
          Loading researchers…
        </Text>
      </Group>
    );
  const researchers = groupByResearcher(associated.data?.results ?? [], access.data?.results ?? []);
  if (researchers.length === 0)
    return (
      <Text size="sm" p="md" c="gray.8">
        No researchers associated with this dataset
      </Text>
    );

  const toggle = async (entry: ResearcherAccess, channel: DatasetAccessType, granted: boolean) => {
    try {
      await change.mutateAsync({
        record: entry.records[channel] ?? null,
        user: entry.user.id,
        access_type: channel,
        status: granted ? 'granted' : 'revoked',
      });
    } catch (error) {
      if (error instanceof Error && error.name === 'CancelledError') return;
      openErrorModal({
        title: 'Error Granting Access',
        children: (
          <>
            <Text size="sm">Changing Access for dataset {dataset.name} failed with error:</Text>
            <Text size="sm" fw={500}>
              {failureText(error)}
            </Text>
          </>
        ),
      });
    }
  };

  return (
    <Table aria-label={`Researchers of ${dataset.name}`} m="sm" withTableBorder verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Researcher</Table.Th>
          <Table.Th>Email Address</Table.Th>
          {channels.map((channel) => (
            <Table.Th key={channel}>{channel}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {researchers.map((entry) => (
          <Table.Tr key={entry.user.id}>
            <Table.Td>{entry.user.display_name}</Table.Td>
            <Table.Td>{entry.user.email}</Table.Td>
            {channels.map((channel) => {
              const record = entry.records[channel];
              const offered = channel === 'Other' || dataset.access_types.includes(channel);
              const pending =
                change.isPending &&
                change.variables?.user === entry.user.id &&
                change.variables.access_type === channel;
              return (
                <Table.Td key={channel}>
                  <Switch
                    aria-label={`${channel} access for ${entry.user.display_name}`}
                    checked={record?.status === 'granted'}
                    disabled={readOnly || (!offered && record?.status !== 'granted') || pending}
                    onChange={(event) => void toggle(entry, channel, event.currentTarget.checked)}
                  />
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
