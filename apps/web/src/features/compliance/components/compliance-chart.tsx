import { Center, Text, VisuallyHidden } from '@mantine/core';
import { PieChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import type { ComplianceSummaryDto } from '@rrp/domain';
import { COMPLIANCE_COLORS } from './compliance-status';

/** The staff §9 size of the compliance pie chart. */
const CHART_SIZE = { width: 425, height: 230 } as const;

/** Institutions by compliance status as a pie (staff §2.13), with the numbers for screen readers. */
export function ComplianceChart({ summary }: { summary: ComplianceSummaryDto | undefined }) {
  const data = (summary?.statuses ?? [])
    .filter((status) => status.count > 0)
    .map((status) => ({ name: status.name, value: status.count, color: COMPLIANCE_COLORS[status.id].chart }));
  const description = (summary?.statuses ?? []).map((status) => `${status.name}: ${status.count}`).join(', ');
  return (
    <figure
      style={{ margin: 0, width: CHART_SIZE.width, height: CHART_SIZE.height }}
      data-testid="compliance-chart"
    >
      <VisuallyHidden component="figcaption">Institutions by compliance status. {description}</VisuallyHidden>
      {data.length ? (
        <PieChart
          data={data}
          w={CHART_SIZE.width}
          h={CHART_SIZE.height}
          size={170}
          withLabels
          withLabelsLine
          labelsPosition="outside"
          labelsType="value"
          withTooltip
          tooltipDataSource="segment"
          strokeWidth={1}
          pieProps={{ isAnimationActive: false }}
        />
      ) : (
        <Center h={CHART_SIZE.height}>
          <Text c="dimmed" size="sm">
            {summary ? 'No approved institutions to chart.' : 'Loading…'}
          </Text>
        </Center>
      )}
    </figure>
  );
}
