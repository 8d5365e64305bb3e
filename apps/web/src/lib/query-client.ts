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
const SERVER_READ_FRESH_MS = 30_000;

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
        // A failed read is not asked again because another part of the screen mounts on it: a
        // panel that showed a placeholder while its read was pending, then remounted its content
        // on the failure, asked again at once, forever (issue 30: 1,495 calls in 10 s on a 403).
        retryOnMount: false,
      },
    },
  });
  // Once no screen shows a failed read any more, it is forgotten, so the next screen that needs it
  // asks once afresh instead of showing the old failure. Checked a moment later: a screen
  // remounting in the same render keeps it.
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'observerRemoved' || event.query.state.status !== 'error') return;
    const { query } = event;
    setTimeout(() => {
      if (query.getObserversCount() === 0 && query.state.status === 'error')
        client.getQueryCache().remove(query);
    }, 0);
  });
  if (serverState) {
    hydrate(client, serverState);
    for (const { queryHash, state } of serverState.queries) serverReads.set(queryHash, state.dataUpdatedAt);
  }
  return client;
}
