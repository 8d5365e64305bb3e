import { useMemo, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider } from '@/lib/session';
import { ErrorReporting } from '@/lib/error-reporting-starter';
import type { createAppRouter } from './router';
import { createStatusHandler } from './status-handler';
import { cssVariablesResolver, theme } from './theme';

type AppRouter = ReturnType<typeof createAppRouter>;

/** What every screen renders within: theme, notifications, queries, error reporting and the session. */
export function AppFrame({ navigate, children }: { navigate: AppRouter['navigate']; children: ReactNode }) {
  const [queryClient] = useState(() => createQueryClient());
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

export function App({ router }: { router: AppRouter }) {
  return (
    <AppFrame navigate={router.navigate}>
      <RouterProvider router={router} />
    </AppFrame>
  );
}
