import type { ReactNode } from 'react';
import { Badge } from '@mantine/core';

/**
 * A notice about a request or project ('IRB Required', 'EXPIRED', 'Expires in 30 days') as an
 * outline badge: the border carries the colour, the text stays dark, so every colour reads at
 * WCAG AA contrast in badge-sized text. Its least width is its whole text: Mantine's badge clips
 * its label, so it could shrink to nothing, and a table squeezed its column to 'EXPIRES IN 45 D…'.
 */
export function NoticeBadge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge
      variant="outline"
      color={color}
      styles={{ root: { minWidth: 'max-content' }, label: { color: 'var(--mantine-color-text)' } }}
    >
      {children}
    </Badge>
  );
}
