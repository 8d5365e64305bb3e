import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { DONOR_MESSAGES, type DonorDto } from '@rrp/domain';
import { Page } from '@/components/page';
import { downloadDonorDocument, downloadDonorSurvey, useDonor } from '@/components/tissue';
import { NoCatalogueAccess, useCatalogueAccess } from '../components/catalogue-access';
import { ScrollContainer } from '@/components/scroll-table';

const crumbs = [{ label: 'Tissue Catalogue', to: '/tissue-catalogue' }];

/** /abn_donor?donor_hash= (staff §2.8 donor detail): the donor's details and sample details. */
export default function DonorScreen() {
  const [params] = useSearchParams();
  const hash = params.get('donor_hash');
  const allowed = useCatalogueAccess();
  const donor = useDonor(allowed ? hash : null);
  const title = hash ? `Donor ${hash}` : 'Tissue Donor';
  if (!allowed)
    return (
      <Page title={title} crumbs={crumbs}>
        <NoCatalogueAccess />
      </Page>
    );
  if (!hash || donor.isError)
    return (
      <Page title={title} crumbs={crumbs}>
        <Alert color="gray">{DONOR_MESSAGES.notFound}</Alert>
      </Page>
    );
  return (
    <Page title={title} crumbs={crumbs}>
      {donor.data && <DonorDetails donor={donor.data} />}
    </Page>
  );
}

const shown = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

function Facts({ title, facts }: { title: string; facts: [string, React.ReactNode][] }) {
  return (
    <Card withBorder padding="lg">
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {facts.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="gray.7" tt="uppercase" fw={600}>
              {label}
            </Text>
            <Text size="sm" component="div">
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
}

function DonorDetails({ donor }: { donor: DonorDto }) {
  const functioning = donor.intellectual_functioning;
  return (
    <Stack>
      <Group gap="xs">
        <Badge variant="default">{donor.pilot ? 'Pilot set' : 'Catalogue'}</Badge>
        <Badge variant="default">{donor.confirmation_status}</Badge>
        {donor.flag && <Badge variant="default">{donor.flag}</Badge>}
        {!donor.selectable && (
          <Text size="sm" c="gray.7">
            Under review or not confirmed: the network’s staff can add this donor to a collection.
          </Text>
        )}
      </Group>
      <Facts
        title="Donor Details"
        facts={[
          ['Diagnosis', donor.diagnosis],
          ['Age', shown(donor.age)],
          ['Sex', shown(donor.gender)],
          ['Ethnicity', donor.ethnicities.join(', ') || '—'],
          ['Cause of death', shown(donor.cause_of_death)],
          ['Secondary cause of death', shown(donor.secondary_cause_of_death)],
          ['Respirator', shown(donor.respirator)],
          ['Time on respirator', shown(donor.respirator_length)],
          ['Medical conditions', donor.medical_conditions.join(', ') || '—'],
          ['Psychiatric conditions', donor.psych_conditions.join(', ') || '—'],
          [
            'Genetic conditions',
            donor.genetic_conditions
              .map((c) => `${c.condition}${c.source ? ` (${c.source})` : ''}`)
              .join(', ') || '—',
          ],
          ['SPARK genes', donor.spark_genes.map((c) => c.condition).join(', ') || '—'],
        ]}
      />
      <Facts
        title="Sample Details"
        facts={[
          ['Left hemisphere', shown(donor.left_hemisphere)],
          ['Right hemisphere', shown(donor.right_hemisphere)],
          ['Brainstem', shown(donor.brainstem)],
          ['Brainstem collected', shown(donor.collected_brainstem_detail)],
          ['Tissue quality', shown(donor.tissue_quality)],
          ['Preservation', shown(donor.preservation)],
          ['PMI (hours)', shown(donor.pmi)],
          ['RIN', shown(donor.rin)],
          ['Brain weight (g)', shown(donor.brain_weight)],
          ['Amount', shown(donor.amount)],
          ['Detail', shown(donor.detail)],
        ]}
      />
      {functioning && (
        <Card withBorder padding="lg">
          <Title order={2} fz="lg" mb="sm">
            Intellectual Functioning
          </Title>
          <ScrollContainer minWidth={560} label="Intellectual functioning">
            <Table aria-label="Intellectual functioning">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Level</Table.Th>
                  <Table.Th>Test</Table.Th>
                  <Table.Th>Year</Table.Th>
                  <Table.Th>Age at test</Table.Th>
                  <Table.Th>FSIQ</Table.Th>
                  <Table.Th>NVIQ</Table.Th>
                  <Table.Th>VIQ</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Td>{shown(functioning.level)}</Table.Td>
                  <Table.Td>{shown(functioning.test_type)}</Table.Td>
                  <Table.Td>{shown(functioning.year_conducted)}</Table.Td>
                  <Table.Td>
                    {functioning.age_years === null
                      ? '—'
                      : `${functioning.age_years} y${functioning.age_months ? ` ${functioning.age_months} m` : ''}`}
                  </Table.Td>
                  <Table.Td>{shown(functioning.fsiq)}</Table.Td>
                  <Table.Td>{shown(functioning.nviq)}</Table.Td>
                  <Table.Td>{shown(functioning.viq)}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </ScrollContainer>
        </Card>
      )}
      <Card withBorder padding="lg">
        <Title order={2} fz="lg" mb="sm">
          Clinical Summary
        </Title>
        <Text size="sm">{donor.clinical_summary || 'No clinical summary.'}</Text>
      </Card>
      <Card withBorder padding="lg">
        <Title order={2} fz="lg" mb="sm">
          Documents and Surveys
        </Title>
        {donor.documents.length === 0 && donor.surveys.length === 0 ? (
          <Text size="sm">No documents or surveys for this donor.</Text>
        ) : (
          <Group gap="sm">
            {donor.documents.map((document) => (
              <Button
                key={document.id}
                variant="light"
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={() => void downloadDonorDocument(donor.donor_hash, document.id, document.name)}
              >
                {document.doc_type_v}
              </Button>
            ))}
            {donor.surveys.map((survey) => (
              <Button
                key={survey}
                variant="light"
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={() => void downloadDonorSurvey(donor.donor_hash, survey)}
              >
                {survey} survey (CSV)
              </Button>
            ))}
          </Group>
        )}
      </Card>
    </Stack>
  );
}
