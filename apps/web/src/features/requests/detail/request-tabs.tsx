import { Alert, Anchor, Badge, Box, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  formatDate,
  INSTITUTION_APPROVED,
  RDA_FULLY_EXECUTED,
  REQUEST_TYPES,
  RESEARCH_MATCH_TYPE,
  TISSUE_FORM_IDS,
  type InstitutionDto,
  type RequestDatasetRef,
  type ResearchTeamMemberDto,
} from '@rrp/domain';
import { TermsLink } from '@/components/terms-link';
import { RenewalHistory } from '@/components/renewals';
import { useSession } from '@/lib/session';
import { answerText, formLabels, loadFormSchema, rangeText } from '@/components/dynamic-form';
import { fileFieldKeys } from '@rrp/domain/forms';
import { RequestDocuments } from '@/components/documents';

/** The Research Match application form (researcher §3). */
const RESEARCH_MATCH_FORM = 'research_match_application';
import { useRequestTeam, useSampleAvailability, type RequestView } from '../api/requests';
import { ACCESS_MESSAGES, expiryText, personName, refId, statusName } from '@/lib/request-rules';

export function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" fw={700} c="gray.7" tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ whiteSpace: 'pre-wrap' }}>
        {children === null || children === undefined || children === '' ? '—' : children}
      </Text>
    </div>
  );
}

const yesNo = (value: boolean | null | undefined) => (value === true ? 'Yes' : value === false ? 'No' : '—');

/** A scrollable, labelled table region (keyboard reachable). */
function TableBox({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      {children}
    </Box>
  );
}

export function PiAndProjectTab({ request }: { request: RequestView }) {
  const project = typeof request.project === 'object' ? request.project : null;
  const irb = project?.latest_irb ?? null;
  return (
    <Stack>
      <Title order={2} fz="lg">
        Principal Investigator
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Field label="Name">{personName(request.owner)}</Field>
        <Field label="Institution">{request.institution?.name}</Field>
        <Field label="Filed by">{request.creator ? personName(request.creator) : null}</Field>
      </SimpleGrid>
      <Title order={2} fz="lg">
        Project
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Field label="Title">
          {project ? (
            <Anchor component={Link} to={`/project/${project.id}`} size="sm">
              {project.title ?? `Project ${project.id}`}
            </Anchor>
          ) : null}
        </Field>
        <Field label="Project ID">{project?.portal_project_id}</Field>
      </SimpleGrid>
      <Field label="IRB">
        {irb
          ? `${irb.designation === 2 ? 'Exempt or not required' : 'Approved'}${irb.renewal_date ? `, renews ${formatDate(irb.renewal_date)}` : ''}`
          : 'No IRB on file'}
      </Field>
      <Field label="Abstract">{project?.abstract}</Field>
    </Stack>
  );
}

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

/** The request's datasets when the call expanded them. */
export function expandedDatasets(request: RequestView): RequestDatasetRef[] {
  return request.datasets.filter((dataset): dataset is RequestDatasetRef => typeof dataset === 'object');
}

const label = (key: string) =>
  key
    .replace(/_/g, ' ')
    .replace(/\b\w/g, (letter) => letter.toUpperCase())
    .replace(/\bIpsc(s?)\b/g, 'iPSC$1');

/** The request's samples, `{ id: amount }` in additional_data (researcher §3). */
export function requestedSamples(request: RequestView): [string, unknown][] {
  const samples = request.additional_data?.samples;
  if (Array.isArray(samples)) return samples.map((id) => [String(id), null]);
  if (samples && typeof samples === 'object') return Object.entries(samples as Record<string, unknown>);
  return [];
}

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
      {request.type === 1 && (
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

/** The request's team: its access list joined with the project's team for names and roles. */
export function ResearchTeamTab({ request, showRemoved }: { request: RequestView; showRemoved: boolean }) {
  const projectId = refId(request.project);
  const team = useRequestTeam(projectId);
  const members = new Map<number, ResearchTeamMemberDto>();
  for (const member of team.data?.results ?? [])
    if (member.user_id !== null) members.set(member.user_id, member);
  const rows = request.access_control_list.filter((entry) => showRemoved || !entry.removal_date);
  return (
    <Stack>
      <Title order={2} fz="lg">
        Research Team
      </Title>
      {rows.length === 0 ? (
        <Text size="sm">No team members selected.</Text>
      ) : (
        <RequestTeamTable rows={rows} members={members} />
      )}
    </Stack>
  );
}

export function RequestTeamTable({
  rows,
  members,
}: {
  rows: RequestView['access_control_list'];
  members: Map<number, ResearchTeamMemberDto>;
}) {
  return (
    <TableBox label="Request team">
      <Table aria-label="Request team table" miw={560}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Access</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((entry) => {
            const member = members.get(entry.user_id);
            const name = entry.display_name || member?.display_name || `User ${entry.user_id}`;
            return (
              <Table.Tr key={entry.user_id} bg={entry.removal_date ? 'red.0' : undefined}>
                <Table.Td>{name}</Table.Td>
                <Table.Td>{entry.email ?? member?.email ?? '—'}</Table.Td>
                <Table.Td>{member?.user_role_name ?? '—'}</Table.Td>
                <Table.Td>
                  {entry.removal_date ? `Removed ${formatDate(entry.removal_date)}` : 'Has access'}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableBox>
  );
}

export function DataSharingPolicyTab({ request }: { request: RequestView }) {
  return (
    <Stack>
      <Title order={2} fz="lg">
        Data Sharing Policy
      </Title>
      <Text size="sm">
        Resources are shared under the portal&apos;s data usage policy: they may be used only for the project
        named on this request, by the research team listed on it, and may not be shared with anyone else or
        used to identify participants.
      </Text>
      <Field label="Agreed to the data usage policy">{yesNo(request.agreed_to_usage_policy)}</Field>
      <Text size="sm">
        Read the full <TermsLink />.
      </Text>
    </Stack>
  );
}

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

export function RenewalInfoTab({ request }: { request: RequestView }) {
  const expiry = expiryText(request.expiration_date);
  const { user } = useSession();
  const isOwner = user !== null && refId(request.owner) === user.id;
  return (
    <Stack>
      <Title order={2} fz="lg">
        Renewal Info
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Field label="Decision date">
          {request.decision_date ? formatDate(request.decision_date) : null}
        </Field>
        <Field label="Expiration date">
          {request.expiration_date ? formatDate(request.expiration_date) : null}
        </Field>
        <Field label="Access period">{expiry}</Field>
      </SimpleGrid>
      <Text size="sm">
        {request.expiration_date
          ? 'Access lasts three years from fulfilment; a renewal extends it by another three years.'
          : 'This request has no access period yet: it starts when the request is fulfilled.'}
      </Text>
      <RenewalHistory request={request} isOwner={isOwner} />
    </Stack>
  );
}

/** PI and Recruitment Study of a Research Match application: the PI and project, and the lay study. */
export function PiAndStudyTab({ request }: { request: RequestView }) {
  const application = (request.additional_data.rm_application ?? {}) as Record<string, unknown>;
  return (
    <Stack gap="xl">
      <PiAndProjectTab request={request} />
      <Stack>
        <Title order={2} fz="lg">
          Recruitment Study
        </Title>
        <Field label="Lay title">{answerText(application.lay_title)}</Field>
        <Field label="Lay abstract">{answerText(application.lay_abstract)}</Field>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Field label="Cohorts">{request.cohorts.map((cohort) => cohort.name).join(', ')}</Field>
          <Field label="Participants">{answerText(application.num_participants)}</Field>
          <Field label="Participant ages">{rangeText(application.age_range)}</Field>
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}

/** The renewals of a Research Match application, each with its own status (researcher §2). */
export function ResearchMatchRenewalTab({ request }: { request: RequestView }) {
  const { user } = useSession();
  return <RenewalHistory request={request} isOwner={user !== null && refId(request.owner) === user.id} />;
}

/**
 * Publication Info of a Research Match application: what the study reported at its renewals
 * (findings and lay summary), newest first (decision 167).
 */
export function PublicationInfoTab({ request }: { request: RequestView }) {
  const renewal = request.latest_renewal;
  return (
    <Stack>
      <Title order={2} fz="lg">
        Publication Info
      </Title>
      <Text size="sm">
        {renewal
          ? `Findings and publications are reported with each renewal; the latest was filed ${renewal.submission_date ? formatDate(renewal.submission_date) : ''} (see the Renewal tab).`
          : 'No publication has been reported for this study yet. Findings and publications are reported when the application is renewed.'}
      </Text>
    </Stack>
  );
}
