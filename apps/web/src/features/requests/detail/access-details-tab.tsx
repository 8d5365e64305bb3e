import { Alert, Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import {
  INSTITUTION_APPROVED,
  RDA_FULLY_EXECUTED,
  type InstitutionDto,
  type RequestDatasetRef,
} from '@rrp/domain';
import { ACCESS_MESSAGES } from '@/lib/request-rules';
import type { RequestView } from '../api/requests';
import { expandedDatasets } from './request-contents';
import { Field } from '@/components/field';
import { TableBox } from './request-tabs';

/**
 * Which Access Details message applies (researcher §2): the institution must be approved and its
 * RDA fully executed, and some dataset must offer an access channel. Null when details can show.
 */
export function accessDetailsMessage(
  institution: Pick<InstitutionDto, 'status' | 'rda_status'> | null,
  datasets: RequestDatasetRef[],
): string | null {
  if (!institution || institution.status !== INSTITUTION_APPROVED) return ACCESS_MESSAGES.institution;
  if (institution.rda_status !== RDA_FULLY_EXECUTED) return ACCESS_MESSAGES.rda;
  if (!datasets.some((dataset) => dataset.access_types.length > 0)) return ACCESS_MESSAGES.none;
  return null;
}

/** Access Details of an approved or fulfilled dataset request (researcher §2, staff §8). */
export function AccessDetailsTab({
  request,
  institution,
}: {
  request: RequestView;
  institution: Pick<InstitutionDto, 'status' | 'rda_status'> | null;
}) {
  const datasets = expandedDatasets(request).filter((dataset) => dataset.access_types.length > 0);
  const message = accessDetailsMessage(institution, expandedDatasets(request));
  const globus = request.additional_data.globus_username;
  return (
    <Stack>
      <Title order={2} fz="lg">
        Access Details
      </Title>
      {message ? (
        <Alert color="yellow" variant="light">
          <Text size="sm">{message}</Text>
        </Alert>
      ) : (
        <>
          {typeof globus === 'string' && globus && <Field label="Globus username">{globus}</Field>}
          <TableBox label="Access details">
            <Table aria-label="Access details table" miw={480}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Dataset</Table.Th>
                  <Table.Th>Accession ID</Table.Th>
                  <Table.Th>Access through</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {datasets.map((dataset) => (
                  <Table.Tr key={dataset.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/dataset/${dataset.id}`} size="sm">
                        {dataset.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{dataset.accession_id ?? '—'}</Table.Td>
                    <Table.Td>{dataset.access_types.join(', ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableBox>
        </>
      )}
    </Stack>
  );
}
