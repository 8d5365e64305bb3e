import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * How long a read the researcher home shows stays fresh: its panels wait for their reads together
 * (home-screen.tsx), and a panel mounting on a read that had just gone stale would fetch it again.
 * Changes invalidate these reads at once, whatever this says.
 */
export const HOME_READ_FRESH_MS = 30_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Client errors will not get better by asking again.
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}
