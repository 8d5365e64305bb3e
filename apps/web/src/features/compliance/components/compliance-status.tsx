import { Badge, ColorSwatch } from '@mantine/core';
import { COMPLIANCE_STATUSES, type ComplianceStatusId } from '@rrp/domain';

/** One colour per compliance status: the pie segment, the filter swatch and the table badge. */
export const COMPLIANCE_COLORS: Record<ComplianceStatusId, { chart: string; text: string }> = {
  1: { chart: 'teal.6', text: 'teal.9' },
  // Mantine's darkest yellow is too light for small text on white; a dark amber reads at AA.
  2: { chart: 'yellow.5', text: '#8c5a00' },
  3: { chart: 'red.6', text: 'red.9' },
};

export function ComplianceStatusBadge({ status }: { status: ComplianceStatusId }) {
  return (
    <Badge
      variant="outline"
      color={COMPLIANCE_COLORS[status].text}
      tt="none"
      // Never cut the status short when the table is narrow.
      style={{ minWidth: 'max-content' }}
    >
      {COMPLIANCE_STATUSES[status]}
    </Badge>
  );
}

export function ComplianceSwatch({ status }: { status: ComplianceStatusId }) {
  return (
    <ColorSwatch
      size={12}
      color={`var(--mantine-color-${COMPLIANCE_COLORS[status].chart.replace('.', '-')})`}
      aria-hidden
      withShadow={false}
    />
  );
}
