import { Group, Text } from '@mantine/core';
import { ROLE_LABELS, type RoleKey } from '@rrp/domain';

/** A reviewer's load as the API answers it (a suggestion, a workload row). */
interface ReviewLoad {
  open_reviews: number;
  due_soon: number;
  overdue: number;
  median_days_to_complete: number | null;
}

const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** '4.5 days', '1 day', or '—' for a reviewer with no review completed in the last 12 months. */
export function medianDaysText(days: number | null): string {
  if (days === null) return '—';
  return `${oneDecimal.format(days)} ${days === 1 ? 'day' : 'days'}`;
}

/** The reviewer groups' names, as the admin user form shows them. */
export const groupNames = (groups: readonly string[]) =>
  groups.map((group) => ROLE_LABELS[group as RoleKey] ?? group).join(', ');

/** Open, due soon, overdue and median days, each labelled in words; an overdue count stands out. */
export function LoadFacts({ load }: { load: ReviewLoad }) {
  const facts: [string, string, boolean][] = [
    ['Open', String(load.open_reviews), false],
    ['Due soon', String(load.due_soon), false],
    ['Overdue', String(load.overdue), load.overdue > 0],
    ['Median time to complete', medianDaysText(load.median_days_to_complete), false],
  ];
  return (
    <Group gap="md" component="dl" m={0} wrap="wrap">
      {facts.map(([label, value, alert]) => (
        <Group key={label} gap={4} wrap="nowrap">
          <Text component="dt" size="sm" c="gray.7">
            {label}:
          </Text>
          <Text component="dd" size="sm" fw={alert ? 700 : 500} c={alert ? 'red.9' : undefined} m={0}>
            {value}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
