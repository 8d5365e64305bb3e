import { Alert, Badge, Stack, Table, Text, Title } from '@mantine/core';
import { answerText } from '@/components/dynamic-form';
import { useSampleAvailability, type RequestView } from '../api/requests';
import { requestedSamples } from './request-contents';
import { TableBox, yesNo } from './request-tabs';

const AVAILABILITY_COLOURS: Record<string, string> = {
  Available: 'green.7',
  Limited: 'yellow.6',
  Unavailable: 'red.7',
  'Invalid Id': 'gray.6',
  'IPSC NOT CONSENTED': 'orange.7',
  'CPLs Available': 'blue.7',
};

/** Sample availability for staff: validateSamples on the request's ids (researcher §2, §7). */
export function AvailabilityTab({ request }: { request: RequestView }) {
  const samples = requestedSamples(request);
  const ids = samples.map(([id]) => id);
  const availability = useSampleAvailability(
    ids,
    request.sample_type?.id ?? null,
    request.additional_data.generate_ipscs === true,
    true,
  );
  const requested = new Map(samples);
  return (
    <Stack>
      <Title order={2} fz="lg">
        Availability
      </Title>
      {ids.length === 0 ? (
        <Text size="sm">No samples on this request.</Text>
      ) : availability.isError ? (
        <Alert color="red">Sample availability could not be loaded.</Alert>
      ) : (
        <TableBox label="Sample availability">
          <Table aria-label="Sample availability table" miw={640}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Sample ID</Table.Th>
                <Table.Th>Requested</Table.Th>
                <Table.Th>Availability</Table.Th>
                <Table.Th>Amount available</Table.Th>
                <Table.Th>iPSC consented</Table.Th>
                <Table.Th>Requests</Table.Th>
                <Table.Th>Approved</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(availability.data ?? ids.map((id) => ({ id, availability: 'Checking…' }) as const)).map(
                (row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{row.id}</Table.Td>
                    <Table.Td>{answerText(requested.get(row.id))}</Table.Td>
                    <Table.Td>
                      <Badge
                        color={AVAILABILITY_COLOURS[row.availability] ?? 'gray.8'}
                        variant="outline"
                        // Coloured border, dark text: every colour of the legend stays readable (WCAG AA).
                        styles={{ label: { color: 'var(--mantine-color-text)' } }}
                      >
                        {row.availability}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {'amount_available' in row &&
                      row.amount_available !== null &&
                      row.amount_available !== undefined
                        ? `${row.amount_available} ${row.unit ?? ''}`.trim()
                        : '—'}
                    </Table.Td>
                    <Table.Td>{'ipsc_consented' in row ? yesNo(row.ipsc_consented) : '—'}</Table.Td>
                    <Table.Td>{'request_count' in row ? (row.request_count ?? '—') : '—'}</Table.Td>
                    <Table.Td>{'approved_count' in row ? (row.approved_count ?? '—') : '—'}</Table.Td>
                  </Table.Tr>
                ),
              )}
            </Table.Tbody>
          </Table>
        </TableBox>
      )}
    </Stack>
  );
}
