import { useId } from 'react';
import { Card, Stack, Table, Text, Title } from '@mantine/core';
import type { DurationStatsDto } from '@rrp/domain';
import { days } from './format';
import { ScrollContainer } from '@/components/scroll-table';

/** The parts /insights builds its report from: a figure, a section, and tables of durations. */

export function Figure({
  title,
  stats,
  of,
}: {
  title: string;
  stats: DurationStatsDto;
  of: [string, string];
}) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <Text size="xl" fw={700} mt={4}>
        {days(stats.median_days)}
      </Text>
      <Text size="sm" c="gray.7">
        median · 90th percentile {days(stats.p90_days)}
      </Text>
      <Text size="sm" c="gray.7">
        {stats.count.toLocaleString('en-US')} {stats.count === 1 ? of[0] : of[1]}
      </Text>
    </Card>
  );
}

export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  const heading = useId();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={heading}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id={heading}>
            {title}
          </Title>
          <Text size="sm" c="gray.7">
            {description}
          </Text>
        </div>
        {children}
      </Stack>
    </Card>
  );
}

function DurationRows<T>({
  rows,
  name,
}: {
  rows: (T & DurationStatsDto)[];
  name: (row: T) => React.ReactNode;
}) {
  return rows.map((row, index) => (
    <Table.Tr key={index}>
      <Table.Td>{name(row)}</Table.Td>
      <Table.Td ta="right">{row.count.toLocaleString('en-US')}</Table.Td>
      <Table.Td ta="right">{days(row.median_days)}</Table.Td>
      <Table.Td ta="right">{days(row.p90_days)}</Table.Td>
    </Table.Tr>
  ));
}

export function DurationTable<T>({
  caption,
  first,
  count,
  rows,
  name,
}: {
  caption: string;
  first: string;
  count: string;
  rows: (T & DurationStatsDto)[];
  name: (row: T) => React.ReactNode;
}) {
  return (
    <ScrollContainer minWidth={320} label={caption}>
      <Table striped>
        <caption style={{ captionSide: 'top', textAlign: 'left' }}>
          <Text size="sm" c="gray.7" component="span">
            {caption}
          </Text>
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{first}</Table.Th>
            <Table.Th ta="right">{count}</Table.Th>
            <Table.Th ta="right">Median</Table.Th>
            <Table.Th ta="right">90th percentile</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <DurationRows rows={rows} name={name} />
        </Table.Tbody>
      </Table>
    </ScrollContainer>
  );
}
