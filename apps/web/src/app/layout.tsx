import { Suspense } from 'react';
import { AppShell, Center, Container, Loader } from '@mantine/core';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { useSession } from '@/lib/session';
import { needsPrimaryRole } from '@/lib/roles';
import { Header } from './shell/header';
import { Footer } from './shell/footer';
import { PrimaryRoleModal } from './shell/primary-role-modal';
import type { RouteEntry } from './route-table';
import classes from './shell/shell.module.css';

export function ScreenLoader() {
  return (
    <Center py="xl">
      <Loader aria-label="Loading" />
    </Center>
  );
}

/** The shell every screen renders in: header, main content, footer. */
export function RootLayout() {
  const matches = useMatches();
  const entry = matches.at(-1)?.handle as RouteEntry | undefined;
  const { user } = useSession();
  return (
    <AppShell header={{ height: 60 }} padding={0}>
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      <AppShell.Header className={classes.header} component="header">
        <Header />
      </AppShell.Header>
      <AppShell.Main
        id="main"
        tabIndex={-1}
        style={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}
      >
        <Container size="lg" w="100%" py="xl" style={{ flex: 1 }}>
          <Suspense fallback={<ScreenLoader />}>
            <Outlet />
          </Suspense>
        </Container>
        <footer>
          <Footer minimal={entry?.minimalFooter} />
        </footer>
      </AppShell.Main>
      {user && needsPrimaryRole(user) && <PrimaryRoleModal user={user} />}
    </AppShell>
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
