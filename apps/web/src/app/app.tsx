import { useMemo, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { SessionProvider } from '@/lib/session';
import { ErrorReporting } from '@/lib/error-reporting-starter';
import type { createAppRouter } from './router';
import { createStatusHandler } from './status-handler';
import { cssVariablesResolver, theme } from './theme';

type AppRouter = ReturnType<typeof createAppRouter>;

/** What every screen renders within: theme, notifications, queries, error reporting and the session. */
export function AppFrame({
  navigate,
  queryClient,
  children,
}: {
  navigate: AppRouter['navigate'];
  queryClient: QueryClient;
  children: ReactNode;
}) {
  const onApiError = useMemo(() => createStatusHandler(navigate), [navigate]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <ErrorReporting />
        <SessionProvider onApiError={onApiError}>{children}</SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <AppFrame navigate={router.navigate} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppFrame>
  );
}
