import { Badge, NavLink, Stack, Text } from '@mantine/core';
import type { ComplianceStatusId, ComplianceSummaryDto } from '@rrp/domain';
import { ComplianceSwatch } from './compliance-status';

/** The filter list: every institution, or one compliance status, each with its count. */
export function StatusFilter({
  summary,
  value,
  onChange,
}: {
  summary: ComplianceSummaryDto | undefined;
  value: ComplianceStatusId | null;
  onChange: (status: ComplianceStatusId | null) => void;
}) {
  const entries = [
    { id: null, name: 'All institutions', count: summary?.total },
    ...(summary?.statuses ?? []).map((status) => ({ ...status })),
  ];
  return (
    <Stack gap={2} role="group" aria-label="Filter by compliance status" w={280}>
      <Text fw={600} size="sm" mb={4}>
        Compliance status
      </Text>
      {entries.map((entry) => (
        <NavLink
          key={entry.id ?? 'all'}
          component="button"
          type="button"
          label={entry.name}
          active={value === entry.id}
          aria-pressed={value === entry.id}
          leftSection={entry.id ? <ComplianceSwatch status={entry.id} /> : undefined}
          rightSection={
            <Badge variant="light" color="gray">
              {entry.count ?? '–'}
            </Badge>
          }
          onClick={() => onChange(entry.id)}
        />
      ))}
    </Stack>
  );
}
