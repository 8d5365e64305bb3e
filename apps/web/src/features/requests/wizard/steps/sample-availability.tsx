import { forwardRef, useImperativeHandle, useRef } from 'react';
import { Alert, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { availabilityPasses, type SampleAvailability } from '@rrp/domain';
import type { SampleResult } from '../api';
import { CPLS_PASSING_COLOR, SAMPLE_LEGEND, SAMPLE_MESSAGES } from '../rules';

/** Whether a checked id may be requested (an unknown answer blocks, as an invalid id does). */
export const samplePasses = (availability: string | undefined, generateIpscs: boolean) =>
  availabilityPasses((availability ?? 'Invalid Id') as SampleAvailability, generateIpscs);

function legendEntry(availability: string, generateIpscs: boolean) {
  const entry = SAMPLE_LEGEND.find((item) => item.value.toLowerCase() === availability.toLowerCase());
  const passes = samplePasses(entry?.value ?? availability, generateIpscs);
  const color = entry?.value === 'CPLs Available' && passes ? CPLS_PASSING_COLOR : (entry?.color ?? 'red.3');
  return { label: entry?.label ?? availability, note: entry?.note, color, passes };
}

/** A state's badge: its colour, and a tick or a cross so it does not rest on colour alone. */
function StateBadge({ availability, generateIpscs }: { availability: string; generateIpscs: boolean }) {
  const { label, color, passes } = legendEntry(availability, generateIpscs);
  const Icon = passes ? IconCheck : IconX;
  return (
    // Never cut short: on a narrow screen the legend wraps and the table scrolls instead.
    <Badge
      color={color}
      variant="filled"
      c="black"
      miw="max-content"
      style={{ flexShrink: 0 }}
      leftSection={<Icon size={12} aria-hidden />}
    >
      {label}
    </Badge>
  );
}

/** What each availability means, grouped by whether it lets the request through (researcher §8). */
function SampleLegend({ generateIpscs }: { generateIpscs: boolean }) {
  const group = (passes: boolean) =>
    SAMPLE_LEGEND.filter((entry) => samplePasses(entry.value, generateIpscs) === passes);
  const row = (title: string, entries: typeof SAMPLE_LEGEND) => (
    <Stack gap={4}>
      <Text size="sm">{title}</Text>
      <Group gap="sm">
        {entries.map((entry) => (
          <Group gap={4} key={entry.value} wrap="nowrap">
            <StateBadge availability={entry.value} generateIpscs={generateIpscs} />
            {entry.note && (
              <Text size="xs" c="gray.8">
                {entry.note}
              </Text>
            )}
          </Group>
        ))}
      </Group>
    </Stack>
  );
  return (
    <Stack gap="xs" component="section" aria-label="Sample status legend">
      <Text size="sm" fw={600}>
        Sample status legend
      </Text>
      {row('Can be requested:', group(true))}
      {row('Block the request (remove or replace these ids):', group(false))}
    </Stack>
  );
}

export interface SampleResultsHandle {
  /** Moves focus to the first id that blocks the request. */
  focusFirstBlocked(): void;
}

/**
 * The checked sample ids (researcher §5 "Sample IDs"), right under the ids: the banner that
 * explains what to fix, the availability of each id (blocking ones first and tinted), and the legend.
 */
export const SampleResults = forwardRef<
  SampleResultsHandle,
  {
    ids: readonly string[];
    results: Record<string, SampleResult>;
    epic: boolean;
    generateIpscs: boolean;
    /** The save-failed or required-ids banner, when Continue was refused. */
    banner: string | null;
    checking: boolean;
  }
>(function SampleResults({ ids, results, epic, generateIpscs, banner, checking }, ref) {
  const table = useRef<HTMLDivElement>(null);
  useImperativeHandle(ref, () => ({
    focusFirstBlocked: () => table.current?.querySelector<HTMLElement>('[data-blocked="true"]')?.focus(),
  }));
  const checked = ids.filter((id) => results[id]);
  const blocked = checked.filter((id) => !samplePasses(results[id]!.availability, generateIpscs));
  const rows = [...blocked, ...checked.filter((id) => !blocked.includes(id))];
  return (
    <Stack gap="xs" aria-live="polite">
      {checking && (
        <Text size="sm" c="gray.8">
          Checking the sample ids…
        </Text>
      )}
      {(banner || blocked.length > 0) && (
        <Alert color="red" role="alert" p="xs">
          {banner && (
            <Text size="sm" fw={600} c="red.9">
              {banner}
            </Text>
          )}
          {blocked.length > 0 && (
            <Text size="sm" fw={600} c="red.9">
              {SAMPLE_MESSAGES.fixIds(epic)}
            </Text>
          )}
          {blocked.length > 0 && (
            <Text size="sm">
              {blocked.length === 1 ? '1 id blocks' : `${blocked.length} ids block`} the request: remove or
              replace {blocked.length === 1 ? 'it' : 'them'} in Sample IDs above.
            </Text>
          )}
        </Alert>
      )}
      {rows.length > 0 && (
        // Scrolls sideways on a narrow screen; focusable so the keyboard can scroll it too.
        <div
          ref={table}
          role="region"
          aria-label="Checked sample ids"
          tabIndex={0}
          style={{ overflowX: 'auto' }}
        >
          <Table withTableBorder aria-label="Sample availability">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Sample ID</Table.Th>
                <Table.Th>Availability</Table.Th>
                <Table.Th>Amount available</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((id) => {
                const result = results[id]!;
                const isBlocked = blocked.includes(id);
                return (
                  <Table.Tr key={id} bg={isBlocked ? 'red.0' : undefined}>
                    <Table.Td>
                      <Text
                        span
                        size="sm"
                        tabIndex={-1}
                        data-blocked={isBlocked}
                        style={{ whiteSpace: 'nowrap' }}
                        fw={isBlocked ? 700 : undefined}
                      >
                        {id}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <StateBadge availability={result.availability} generateIpscs={generateIpscs} />
                    </Table.Td>
                    <Table.Td>
                      {result.amount_available != null
                        ? `${result.amount_available} ${result.unit ?? ''}`.trim()
                        : '—'}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </div>
      )}
      {(epic || rows.length > 0) && <SampleLegend generateIpscs={generateIpscs} />}
    </Stack>
  );
});
