import { lazy, Suspense } from 'react';
import { Center, Container, Loader } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { useSession } from '@/lib/session';
import { needsPrimaryRole } from '@/lib/roles';
import { Header } from './shell/header';
import { Footer } from './shell/footer';
import { ImpersonationBanner } from './shell/impersonation-banner';
import { Ribbon } from './shell/ribbon';
import type { RouteEntry } from './route-table';
import classes from './shell/shell.module.css';

// Asked of few people, once: its role picker (a combobox) stays off every first page (issue 15).
const PrimaryRoleModal = lazy(() =>
  import('./shell/primary-role-modal').then((module) => ({ default: module.PrimaryRoleModal })),
);

export function ScreenLoader() {
  return (
    <Center py="xl">
      <Loader aria-label="Loading" />
    </Center>
  );
}

/** The shell every screen renders in: header, main content, footer (landmarks for screen readers). */
export function RootLayout() {
  const matches = useMatches();
  const entry = matches.at(-1)?.handle as RouteEntry | undefined;
  const { user } = useSession();
  // Modals live inside the router so their content can link to screens.
  return (
    <ModalsProvider modalProps={{ closeButtonProps: { 'aria-label': 'Close' } }}>
      <div className={classes.page}>
        <a href="#main" className={classes.skipLink}>
          Skip to content
        </a>
        <header className={classes.header}>
          <Header />
        </header>
        <ImpersonationBanner />
        <Ribbon />
        <main id="main" tabIndex={-1} className={classes.main}>
          <Container size={entry?.wide ? 'xl' : 'lg'} w="100%" py="xl">
            <Suspense fallback={<ScreenLoader />}>
              <Outlet />
            </Suspense>
          </Container>
        </main>
        <footer>
          <Footer minimal={entry?.minimalFooter} wide={entry?.wide} />
        </footer>
        {user && needsPrimaryRole(user) && (
          <Suspense fallback={null}>
            <PrimaryRoleModal user={user} />
          </Suspense>
        )}
      </div>
    </ModalsProvider>
  );
}

/** Signed-in screens: a visitor is sent to sign in first and brought back afterwards. */
export function RequireSession() {
  const { token, loading } = useSession();
  const location = useLocation();
  if (!token)
    return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  if (loading) return <ScreenLoader />;
  return <Outlet />;
}
