import type { ReactNode } from 'react';
import { Badge } from '@mantine/core';

/**
 * A notice about a request or project ('IRB Required', 'EXPIRED', 'Expires in 30 days') as an
 * outline badge: the border carries the colour, the text stays dark, so every colour reads at
 * WCAG AA contrast in badge-sized text.
 */
export function NoticeBadge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge variant="outline" color={color} styles={{ label: { color: 'var(--mantine-color-text)' } }}>
      {children}
    </Badge>
  );
}
