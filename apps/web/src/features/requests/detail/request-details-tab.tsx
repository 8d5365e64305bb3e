import { Anchor, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDate, REQUEST_TYPE, REQUEST_TYPES, RESEARCH_MATCH_TYPE, TISSUE_FORM_IDS } from '@rrp/domain';
import { fileFieldKeys } from '@rrp/domain/forms';
import { answerText, formLabels, loadFormSchema } from '@/components/dynamic-form';
import { RequestDocuments } from '@/components/documents';
import { statusName } from '@/lib/request-rules';
import type { RequestView } from '../api/requests';
import { expandedDatasets, requestedSamples } from './request-contents';
import { Field } from '@/components/field';
import { TableBox, yesNo } from './request-tabs';

/** The Research Match application form (researcher §3). */
const RESEARCH_MATCH_FORM = 'research_match_application';

const HIDDEN_ANSWERS = new Set([
  // A tissue request's collection has its own tab.
  'cart',
  'samples',
  'sample_type',
  'usage_answers',
  'title',
  'abstract',
  'public_title',
  'public_abstract',
]);

const label = (key: string) =>
  key
    .replace(/_/g, ' ')
    .replace(/\b\w/g, (letter) => letter.toUpperCase())
    .replace(/\bIpsc(s?)\b/g, 'iPSC$1');

function DatasetsTable({ request }: { request: RequestView }) {
  const datasets = expandedDatasets(request);
  if (datasets.length === 0) return <Text size="sm">No datasets on this request.</Text>;
  return (
    <TableBox label="Requested datasets">
      <Table aria-label="Requested datasets table" miw={560}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Dataset</Table.Th>
            <Table.Th>Cohort</Table.Th>
            <Table.Th>Version</Table.Th>
            <Table.Th>Accession ID</Table.Th>
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
              <Table.Td>{dataset.cohort?.name ?? '—'}</Table.Td>
              <Table.Td>{dataset.version}</Table.Td>
              <Table.Td>{dataset.accession_id ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableBox>
  );
}

export function RequestDetailsTab({ request }: { request: RequestView }) {
  const samples = requestedSamples(request);
  const researchMatch = request.type === RESEARCH_MATCH_TYPE;
  const tissueForm = TISSUE_FORM_IDS[request.type as keyof typeof TISSUE_FORM_IDS] as string | undefined;
  const formId = researchMatch ? RESEARCH_MATCH_FORM : (tissueForm ?? request.sample_type?.type ?? null);
  // The sample type's form names the answers; without it they show under their keys.
  const schema = useQuery({
    queryKey: ['form-schema', formId],
    queryFn: () => loadFormSchema(formId!),
    enabled: formId !== null,
    retry: false,
    staleTime: 60_000,
  });
  const labels = formLabels(schema.data);
  // A Research Match application's answers are under rm_application, in the form's order (staff §3).
  const application = request.additional_data.rm_application as Record<string, unknown> | undefined;
  const files = new Set(schema.data ? fileFieldKeys(schema.data.fields) : []);
  const answers = researchMatch
    ? [...labels.keys()].flatMap((key) =>
        application && application[key] !== undefined ? [[key, application[key]] as [string, unknown]] : [],
      )
    : Object.entries(request.additional_data).filter(([key]) => !HIDDEN_ANSWERS.has(key));
  const shown = (key: string, value: unknown) =>
    files.has(key) ? <RequestDocuments value={value} /> : answerText(value, labels, key);
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Field label="Request type">
          {request.type_name || REQUEST_TYPES[request.type as keyof typeof REQUEST_TYPES]}
        </Field>
        <Field label="Status">{statusName(request)}</Field>
        <Field label="Date submitted">
          {request.submission_date ? formatDate(request.submission_date) : null}
        </Field>
      </SimpleGrid>
      {request.expected_decision && (
        <Field label="Expected decision">
          {formatDate(request.expected_decision.date)}
          <Text size="xs" c="gray.7">
            {request.expected_decision.basis}
          </Text>
        </Field>
      )}
      {request.type === REQUEST_TYPE.dataset && (
        <>
          <Title order={2} fz="lg">
            Datasets
          </Title>
          <DatasetsTable request={request} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Field label="Agreed to the NIH security best practices">{yesNo(request.agreed_nih)}</Field>
            <Field label="Will safeguard the data">{yesNo(request.data_safeguard)}</Field>
            <Field label="Intends to download the data">{yesNo(request.intent_to_download)}</Field>
            <Field label="GPF access required">
              {request.gpf_access_status === 2 ? 'Yes' : request.gpf_access_status === 1 ? 'No' : '—'}
            </Field>
          </SimpleGrid>
        </>
      )}
      {request.sample_type && <Field label="Sample type">{request.sample_type.name}</Field>}
      {samples.length > 0 && (
        <>
          <Title order={2} fz="lg">
            Samples
          </Title>
          <TableBox label="Requested samples">
            <Table aria-label="Requested samples table" miw={320}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Sample ID</Table.Th>
                  <Table.Th>Amount requested</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {samples.map(([id, amount]) => (
                  <Table.Tr key={id}>
                    <Table.Td>{id}</Table.Td>
                    <Table.Td>{answerText(amount)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableBox>
        </>
      )}
      {answers.length > 0 && (
        <>
          <Title order={2} fz="lg">
            {researchMatch ? 'Research Match application' : 'Form answers'}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {answers.map(([key, value]) => (
              <Field key={key} label={labels.get(key)?.label ?? label(key)}>
                {shown(key, value)}
              </Field>
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
