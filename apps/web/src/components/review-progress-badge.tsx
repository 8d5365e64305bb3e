import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = { Completed: 'teal', 'In Progress': 'blue', New: 'gray' };

/**
 * A reviewer's progress on a Research Match application (staff §4.3: New, In Progress,
 * Completed), or that they declared a conflict of interest and do not score it.
 */
export function ReviewProgressBadge({ progress, conflict }: { progress: string; conflict?: boolean | null }) {
  return (
    <Badge variant="light" color={conflict ? 'red' : (COLORS[progress] ?? 'gray')}>
      {conflict ? 'Conflict declared' : progress}
    </Badge>
  );
}
