import { lazy, Suspense, useDeferredValue, type ReactNode } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ROLE_LABELS } from '@rrp/domain';
import { FourStepGuide } from '@/components/four-step-guide';
import { Page } from '@/components/page';
import { LazyPart } from '@/components/until-hydrated';
import { COHORT_NAMES, PRODUCT_NAME } from '@/lib/config';
import { useSession } from '@/lib/session';
import { navigationFor, viewMenuFor } from '@/lib/navigation';
import { expiryNoticeQueries, HomeExpiryNotices } from '../components/expiry-notices';
import { homeProjectsQuery, ProjectsPanel } from '../components/projects-panel';
import { RecentRequestsPanel, recentRequestsQuery } from '../components/recent-requests-panel';
import { REVIEWER_HOME_ROLES } from '../components/reviewer-roles';

// Each role's panel is its own chunk: a researcher's first visit loads none of the staff tables
// (bundle budget, issue 15).
const SuperuserPanel = lazy(() =>
  import('../components/superuser-panel').then((m) => ({ default: m.SuperuserPanel })),
);
const OfficialPanel = lazy(() =>
  import('../components/official-panel').then((m) => ({ default: m.OfficialPanel })),
);
const CommandCentre = lazy(() =>
  import('../components/command-centre').then((m) => ({ default: m.CommandCentre })),
);
const ReviewerPanel = lazy(() =>
  import('../components/reviewer-panel').then((m) => ({ default: m.ReviewerPanel })),
);
const ResearchMatchAdminPanel = lazy(() =>
  import('../components/rm-admin-panel').then((m) => ({ default: m.ResearchMatchAdminPanel })),
);
const SignInCard = lazy(() => import('./login-screen').then((m) => ({ default: m.SignInCard })));
// Only researchers with ABN data access have collections; the others never load the panel.
const TissueCollectionsPanel = lazy(() =>
  import('../components/tissue-collections-panel').then((m) => ({ default: m.TissueCollectionsPanel })),
);

function VisitorHome() {
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="lg">
          <Title order={1} fz={34}>
            {PRODUCT_NAME}
          </Title>
          <Text size="lg">
            Request research resources drawn from the autism cohorts below: apply for data access, order
            biospecimens and submit Research Match applications to recontact participants.
          </Text>
          <Group gap="xs" aria-label="Cohorts">
            {COHORT_NAMES.map((cohort) => (
              <Badge key={cohort} size="lg" variant="light">
                {cohort}
              </Badge>
            ))}
          </Group>
          <Group>
            <Button component={Link} to="/public-resources" variant="light">
              Browse public resources
            </Button>
            <Anchor component={Link} to="/terms-and-conditions">
              Learn more
            </Anchor>
          </Group>
          <Card withBorder padding="lg" radius="md">
            <FourStepGuide />
          </Card>
          <Text size="sm" c="gray.7">
            Only principal investigators may create accounts. Resources are restricted for researchers and
            organisations in China (including Hong Kong and Macau), Russia, Iran, North Korea, Cuba and
            Venezuela; people at institutions there should not register.
          </Text>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Suspense fallback={null}>
          <SignInCard next="/" />
        </Suspense>
      </Grid.Col>
    </Grid>
  );
}

/**
 * The researcher's panels show together once what they read has arrived (or failed): shown one by
 * one, each pushed the ones below it down the screen as it filled (issue 15, layout shift). The
 * placeholder reaches past the screen's foot, so nothing below it is in view until then.
 */
function ResearcherPanels({ userId, children }: { userId: number; children: ReactNode }) {
  const reads = useQueries({
    queries: [recentRequestsQuery, homeProjectsQuery, ...expiryNoticeQueries(userId)],
  });
  // Deferred: React renders the panels in slices, leaving the page free to answer input meanwhile.
  const arrived = useDeferredValue(reads.every((read) => !read.isPending));
  if (!arrived) {
    return (
      <Stack mih="100vh" aria-hidden>
        <Skeleton h={56} />
        <Skeleton h={320} />
        <Skeleton h={200} />
      </Stack>
    );
  }
  return children;
}

/** The signed-in home: a welcome and the places the active role works in. */
function RoleHome() {
  const { user, activeRole } = useSession();
  if (!user) return null;
  const nav = navigationFor(activeRole, user);
  const places = [...nav.links, ...(nav.viewMenu ? viewMenuFor(activeRole) : [])];
  const placeLinks =
    places.length > 0 ? (
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {places.map((place) => (
          <Card key={place.to} withBorder component={Link} to={place.to} padding="lg" radius="md">
            <Text fw={600}>{place.label}</Text>
          </Card>
        ))}
      </SimpleGrid>
    ) : (
      <List>
        <List.Item>
          <Anchor component={Link} to="/my-profile">
            My Profile
          </Anchor>
        </List.Item>
      </List>
    );
  return (
    <Page title={`Welcome, ${user.first_name || user.full_name || user.email}`}>
      <Text c="gray.7">
        {activeRole
          ? `You are working as ${ROLE_LABELS[activeRole]}.`
          : 'Choose your primary role to continue.'}
      </Text>
      <LazyPart>
        {activeRole === 'superuser' && <SuperuserPanel />}
        {activeRole === 'sbso' && <OfficialPanel user={user} />}
        {(activeRole === 'portal_admin' || activeRole === 'portal_reviewer') && (
          <CommandCentre role={activeRole} />
        )}
        {activeRole && REVIEWER_HOME_ROLES.includes(activeRole) && <ReviewerPanel role={activeRole} />}
        {activeRole === 'rm_admin' && <ResearchMatchAdminPanel />}
      </LazyPart>
      {activeRole === 'primary_researcher' ? (
        <ResearcherPanels userId={user.id}>
          <HomeExpiryNotices userId={user.id} />
          <RecentRequestsPanel />
          <ProjectsPanel />
          {user.abn_approved && (
            <LazyPart>
              <TissueCollectionsPanel />
            </LazyPart>
          )}
          {placeLinks}
        </ResearcherPanels>
      ) : (
        placeLinks
      )}
    </Page>
  );
}

export default function HomeScreen() {
  const { token } = useSession();
  return token ? <RoleHome /> : <VisitorHome />;
}
