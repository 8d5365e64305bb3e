import { useMemo, useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider } from '@/lib/session';
import { ErrorReporting } from '@/lib/error-reporting-starter';
import { createAppRouter } from './router';
import { createStatusHandler } from './status-handler';
import { cssVariablesResolver, theme } from './theme';

export function App() {
  const [queryClient] = useState(() => createQueryClient());
  const [router] = useState(() => createAppRouter());
  const onApiError = useMemo(() => createStatusHandler(router.navigate), [router]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <ErrorReporting />
        <SessionProvider onApiError={onApiError}>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
