import { Badge } from '@mantine/core';

// Dark shades on an outline: readable on striped and hovered table rows (WCAG AA).
const COLORS: Record<string, string> = { Completed: 'teal.9', 'In Progress': 'blue.9', New: 'gray.8' };

/**
 * A reviewer's progress on a Research Match application (staff §4.3: New, In Progress,
 * Completed), or that they declared a conflict of interest and do not score it.
 */
export function ReviewProgressBadge({ progress, conflict }: { progress: string; conflict?: boolean | null }) {
  return (
    <Badge variant="outline" color={conflict ? 'red.9' : (COLORS[progress] ?? 'gray.8')}>
      {conflict ? 'Conflict declared' : progress}
    </Badge>
  );
}
