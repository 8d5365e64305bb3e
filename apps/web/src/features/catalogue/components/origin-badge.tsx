import { Badge } from '@mantine/core';

/** Simons Foundation datasets carry a badge (researcher §2 "Public and other researcher-facing pages"). */
export function OriginBadge({ origin }: { origin: number }) {
  if (origin !== 1) return null;
  return (
    <Badge color="indigo.8" variant="filled" size="sm" radius="sm">
      Simons Foundation
    </Badge>
  );
}
