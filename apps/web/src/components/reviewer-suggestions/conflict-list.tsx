import { Badge, Group, List, Text } from '@mantine/core';
import type { ConflictKind, ReviewerConflict } from '@rrp/domain';

/** Each kind's badge; the sentence beside it says why. */
const KIND_LABELS: Record<ConflictKind, string> = {
  institution: 'Same institution',
  research_team: 'Research team',
  declared: 'Declared conflict',
};

/** A reviewer's possible conflicts of interest, each with its reason in words (never only a tooltip). */
export function ConflictList({ conflicts }: { conflicts: readonly ReviewerConflict[] }) {
  return (
    <List spacing={4} size="sm" listStyleType="none" aria-label="Possible conflicts" m={0} p={0}>
      {conflicts.map((conflict) => (
        <List.Item key={`${conflict.kind}:${conflict.reason}`}>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <Badge color="red.9" variant="outline" size="sm" style={{ flexShrink: 0 }}>
              {KIND_LABELS[conflict.kind]}
            </Badge>
            <Text size="sm">{conflict.reason}</Text>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}
