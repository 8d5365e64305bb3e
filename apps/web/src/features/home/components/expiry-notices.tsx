import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { irbNotice, sunsetNotice, useProjectUpdates } from '@/lib/renewals';

/**
 * The researcher home's expiry notices (staff §8): a request whose expiration date has passed and
 * a project whose IRB has expired, each linked to where it is dealt with.
 */
export function HomeExpiryNotices({ userId }: { userId: number }) {
  const updates = useProjectUpdates(userId);
  const requests = updates.requests.flatMap((request) => {
    const notice = sunsetNotice(request.expiration_date);
    return notice ? [{ request, notice }] : [];
  });
  const projects = updates.projects.flatMap((project) => {
    const notice = irbNotice(project.irb_renewal_date);
    return notice ? [{ project, notice }] : [];
  });
  if (requests.length === 0 && projects.length === 0) return null;
  return (
    <Alert color="red" variant="light" title="Expired" role="alert">
      <Stack gap={6}>
        {requests.map(({ request, notice }) => (
          <Text size="sm" key={`request-${request.id}`}>
            <Anchor component={Link} to={`/request/${request.id}?tab=renewal`} inherit>
              {request.portal_request_id}
            </Anchor>
            {`: ${notice}`}
          </Text>
        ))}
        {projects.map(({ project, notice }) => (
          <Text size="sm" key={`project-${project.id}`}>
            <Anchor component={Link} to={`/project/${project.id}`} inherit>
              {project.portal_project_id}
            </Anchor>
            {`: ${notice}`}
          </Text>
        ))}
        <Anchor component={Link} to="/compliance_researcher" size="sm">
          Open the Project Updates Dashboard
        </Anchor>
      </Stack>
    </Alert>
  );
}
