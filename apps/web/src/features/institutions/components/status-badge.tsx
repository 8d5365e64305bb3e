import { Badge } from '@mantine/core';
import { INSTITUTION_STATUSES, RDA_STATUSES } from '@rrp/domain';

const INSTITUTION_COLORS: Record<number, string> = {
  1: 'violet.9',
  2: 'blue.8',
  3: 'teal.9',
  4: 'red.9',
  5: 'pink.9',
  6: 'gray.8',
};
const RDA_COLORS: Record<number, string> = { 1: 'violet.9', 2: 'blue.8', 3: 'teal.9', 4: 'gray.8' };

export function InstitutionStatusBadge({ status }: { status: number }) {
  return (
    <Badge variant="outline" color={INSTITUTION_COLORS[status]}>
      {INSTITUTION_STATUSES[status as keyof typeof INSTITUTION_STATUSES] ?? status}
    </Badge>
  );
}

export function RdaStatusBadge({ status }: { status: number | null }) {
  if (status === null)
    return (
      <Badge variant="outline" color="gray.8">
        No RDA
      </Badge>
    );
  return (
    <Badge variant="outline" color={RDA_COLORS[status]}>
      {RDA_STATUSES[status as keyof typeof RDA_STATUSES] ?? status}
    </Badge>
  );
}
