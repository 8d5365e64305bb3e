import { hydrate, QueryClient, type DehydratedState, type Query } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * How long a read the researcher home shows stays fresh: its panels wait for their reads together
 * (home-screen.tsx), and a panel mounting on a read that had just gone stale would fetch it again.
 * Changes invalidate these reads at once, whatever this says.
 */
export const HOME_READ_FRESH_MS = 30_000;

/**
 * How long the reads a page rendered on the server came with are not read again as the page's
 * screens mount: asking at once for what the page has just brought would only make the screen
 * render twice. Changes invalidate them at once, whatever this says.
 */
export const SERVER_READ_FRESH_MS = 30_000;

/** The app's query client; `serverState` holds the reads of a page rendered on the server. */
export function createQueryClient(serverState?: DehydratedState): QueryClient {
  /** The reads the page came with: their hash, and when the server read them. */
  const serverReads = new Map<string, number>();
  const fetchedBeforeMount = (query: Query) => {
    // Rendering on the server, nothing mounts: a read shows as it is, as it will in the browser.
    if (typeof window === 'undefined') return true;
    const readAt = serverReads.get(query.queryHash);
    return (
      readAt !== undefined &&
      query.state.dataUpdatedAt === readAt &&
      Date.now() - readAt < SERVER_READ_FRESH_MS
    );
  };
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        // Client errors will not get better by asking again.
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
        refetchOnMount: (query) => !fetchedBeforeMount(query),
      },
    },
  });
  if (serverState) {
    hydrate(client, serverState);
    for (const { queryHash, state } of serverState.queries) serverReads.set(queryHash, state.dataUpdatedAt);
  }
  return client;
}
