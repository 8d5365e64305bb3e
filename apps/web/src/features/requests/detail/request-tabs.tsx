import { Anchor, Box, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate, type ResearchTeamMemberDto } from '@rrp/domain';
import { Field } from '@/components/field';
import { TermsLink } from '@/components/terms-link';
import { RenewalHistory } from '@/components/renewals';
import { useSession } from '@/lib/session';
import { useRequestTeam, type RequestView } from '../api/requests';
import { expiryText, personName, refId } from '@/lib/request-rules';

export const yesNo = (value: boolean | null | undefined) =>
  value === true ? 'Yes' : value === false ? 'No' : '—';

/** A scrollable, labelled table region (keyboard reachable). */
export function TableBox({ label, children }: { label: string; children: React.ReactNode }) {
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
