import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { RENEWABLE_STATUSES, type ProjectDto, type RequestDto } from '@rrp/domain';
import { apiFetch, type ListPage } from '@/lib/api-client';
import { HOME_READ_FRESH_MS } from '@/lib/query-client';
import { irbNotice, sunsetNotice } from '@/lib/renewals';

/**
 * The home names this many expired requests and this many expired IRBs; the Project Updates
 * Dashboard lists them all. A researcher with years of lapsed requests would otherwise get a
 * notice as long as the page, and the home would read every one of them to draw it.
 */
export const HOME_NOTICES_CAP = 5;

/**
 * Today (UTC) as YYYY-MM-DD: requests whose sunset date is today or earlier. Not the domain's
 * `todayIso`: it sits with the zod schemas, which the home's first load leaves out (bundle budget).
 */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * What the notices read: the owner's oldest lapsed approved or fulfilled requests, and their
 * projects by IRB renewal date, the earliest first (the expired ones among them); one more of
 * each than is shown, to know whether the dashboard holds more.
 */
export function expiryNoticeQueries(userId: number) {
  return [
    queryOptions({
      queryKey: ['requests', 'expired', userId],
      staleTime: HOME_READ_FRESH_MS,
      queryFn: () =>
        apiFetch<ListPage<RequestDto>>('request/', {
          query: {
            owner: userId,
            status__in: RENEWABLE_STATUSES.join(','),
            expiration_date__lte: today(),
            ordering: 'expiration_date',
            limit: HOME_NOTICES_CAP + 1,
          },
        }),
    }),
    queryOptions({
      queryKey: ['projects', 'irb-expired', userId],
      staleTime: HOME_READ_FRESH_MS,
      queryFn: () =>
        apiFetch<ListPage<ProjectDto>>('project/', {
          query: { owner: userId, ordering: 'irb_renewal_date', limit: HOME_NOTICES_CAP + 1 },
        }),
    }),
  ] as const;
}

/**
 * The researcher home's expiry notices (staff §8): a request whose expiration date has passed and
 * a project whose IRB has expired, each linked to where it is dealt with.
 */
export function HomeExpiryNotices({ userId }: { userId: number }) {
  const [requestPage, projectPage] = useQueries({ queries: expiryNoticeQueries(userId) });
  const requests = (requestPage.data?.results ?? []).flatMap((request) => {
    const notice = sunsetNotice(request.expiration_date);
    return notice ? [{ request, notice }] : [];
  });
  const projects = (projectPage.data?.results ?? []).flatMap((project) => {
    const notice = irbNotice(project.irb_renewal_date);
    return notice ? [{ project, notice }] : [];
  });
  if (requests.length === 0 && projects.length === 0) return null;
  const more = requests.length > HOME_NOTICES_CAP || projects.length > HOME_NOTICES_CAP;
  return (
    <Alert color="red" variant="light" title="Expired" role="alert">
      <Stack gap={6}>
        {requests.slice(0, HOME_NOTICES_CAP).map(({ request, notice }) => (
          <Text size="sm" key={`request-${request.id}`}>
            <Anchor component={Link} to={`/request/${request.id}?tab=renewal`} inherit>
              {request.portal_request_id}
            </Anchor>
            {`: ${notice}`}
          </Text>
        ))}
        {projects.slice(0, HOME_NOTICES_CAP).map(({ project, notice }) => (
          <Text size="sm" key={`project-${project.id}`}>
            <Anchor component={Link} to={`/project/${project.id}`} inherit>
              {project.portal_project_id}
            </Anchor>
            {`: ${notice}`}
          </Text>
        ))}
        <Anchor component={Link} to="/compliance_researcher" size="sm">
          {more ? 'See all of them on the Project Updates Dashboard' : 'Open the Project Updates Dashboard'}
        </Anchor>
      </Stack>
    </Alert>
  );
}
