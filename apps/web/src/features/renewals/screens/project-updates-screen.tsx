import { Alert, Anchor, Box, Button, Card, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { formatDate, IRB_WARNING_DAYS, mayAttempt, type ProjectDto, type RequestDto } from '@rrp/domain';
import { Page } from '@/components/page';
import { NoticeBadge } from '@/components/notice-badge';
import { expiryText, statusName } from '@/lib/request-rules';
import { useProjectUpdates } from '@/lib/renewals';
import { useSession } from '@/lib/session';
import { useActor } from '@/lib/use-can';

const DASHBOARD_TITLE = 'Project Updates Dashboard';
export const NO_EXPIRING_REQUESTS = 'None of your requests expire in the next six months.';
export const NO_EXPIRING_IRBS = `None of your projects' IRBs expire in the next ${IRB_WARNING_DAYS} days.`;

const DAY_MS = 86_400_000;

/** 'EXPIRED' once the IRB's renewal date has come, else 'Expires in {n} days'. */
export function irbExpiryText(renewalDate: string, now = Date.now()): string {
  const at = Date.parse(`${renewalDate.slice(0, 10)}T00:00:00Z`);
  const days = Math.ceil((at - now) / DAY_MS);
  if (days <= 0) return 'EXPIRED';
  return `Expires in ${days} ${days === 1 ? 'day' : 'days'}`;
}

function TableBox({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      {children}
    </Box>
  );
}

function ExpiringRequests({ requests, renewing }: { requests: RequestDto[]; renewing: Set<number> }) {
  if (requests.length === 0) return <Text size="sm">{NO_EXPIRING_REQUESTS}</Text>;
  return (
    <TableBox label="Expiring requests">
      <Table aria-label="Requests expiring in the next six months" miw={720}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Request</Table.Th>
            <Table.Th>Portal ID</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Expiration date</Table.Th>
            <Table.Th>Expiry</Table.Th>
            <Table.Th>Action</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((request) => {
            const expiry = expiryText(request.expiration_date);
            return (
              <Table.Tr key={request.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/request/${request.id}`} size="sm">
                    {request.display_name || `Request ${request.portal_request_id}`}
                  </Anchor>
                </Table.Td>
                <Table.Td>{request.portal_request_id}</Table.Td>
                <Table.Td>{statusName(request)}</Table.Td>
                <Table.Td>{formatDate(request.expiration_date)}</Table.Td>
                <Table.Td>
                  <ExpiryBadge expiry={expiry} />
                </Table.Td>
                <Table.Td>
                  {renewing.has(request.id) ? (
                    <Text size="sm">Renewal submitted</Text>
                  ) : (
                    <Button
                      component={Link}
                      to={`/request/${request.id}/renewal`}
                      size="compact-sm"
                      aria-label={`Renew ${request.portal_request_id}`}
                    >
                      Renew
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableBox>
  );
}

/** 'EXPIRED' in red, 'Expires in {n} days' in orange. */
function ExpiryBadge({ expiry }: { expiry: string | null }) {
  return <NoticeBadge color={expiry === 'EXPIRED' ? 'red.9' : 'orange.7'}>{expiry}</NoticeBadge>;
}

function ExpiringIrbs({ projects }: { projects: ProjectDto[] }) {
  if (projects.length === 0) return <Text size="sm">{NO_EXPIRING_IRBS}</Text>;
  return (
    <TableBox label="Expiring IRBs">
      <Table aria-label={`IRBs expiring in the next ${IRB_WARNING_DAYS} days`} miw={640}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Project</Table.Th>
            <Table.Th>Project ID</Table.Th>
            <Table.Th>IRB expiration date</Table.Th>
            <Table.Th>Expiry</Table.Th>
            <Table.Th>Action</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {projects.map((project) => {
            const expiry = irbExpiryText(project.irb_renewal_date!);
            return (
              <Table.Tr key={project.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/project/${project.id}`} size="sm">
                    {project.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>{project.portal_project_id}</Table.Td>
                <Table.Td>{formatDate(project.irb_renewal_date)}</Table.Td>
                <Table.Td>
                  <ExpiryBadge expiry={expiry} />
                </Table.Td>
                <Table.Td>
                  <Button
                    component={Link}
                    to={`/project/${project.id}?mode=edit`}
                    size="compact-sm"
                    variant="light"
                    aria-label={`Update IRB of ${project.portal_project_id}`}
                  >
                    Update IRB
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableBox>
  );
}

/**
 * /compliance_researcher (staff §2.13, §4.4): the researcher's requests expiring in the next six
 * months (and those already expired) with Renew, and IRBs expiring within 60 days with Update IRB.
 */
export default function ProjectUpdatesScreen() {
  const { user } = useSession();
  // The dashboard is for roles that file requests and renew them (the permission table).
  const actor = useActor();
  const allowed = mayAttempt(actor, 'create', 'Renewal');
  const updates = useProjectUpdates(allowed ? (user?.id ?? null) : null);
  if (actor && !allowed) return <Navigate to="/404" replace />;
  return (
    <Page title={DASHBOARD_TITLE}>
      <Text c="gray.7">
        Requests give access for three years; renew them from six months before they expire. Keep each
        project&apos;s IRB current so its requests stay valid.
      </Text>
      {updates.isError ? (
        <Alert color="red">Your project updates could not be loaded.</Alert>
      ) : updates.isLoading ? (
        <Skeleton h={200} />
      ) : (
        <Stack gap="lg">
          <Card withBorder padding="lg">
            <Stack>
              <Title order={2} fz="lg">
                Request expirations
              </Title>
              <ExpiringRequests requests={updates.requests} renewing={updates.openRenewalRequestIds} />
            </Stack>
          </Card>
          <Card withBorder padding="lg">
            <Stack>
              <Title order={2} fz="lg">
                IRB expirations
              </Title>
              <ExpiringIrbs projects={updates.projects} />
            </Stack>
          </Card>
        </Stack>
      )}
    </Page>
  );
}
