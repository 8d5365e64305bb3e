import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * After deleting the object a screen shows: drop its cached queries without touching any a
 * screen still watches. Navigations render in a transition, so the deleted object's screen can
 * stay mounted a moment; a query removed under it is fetched again, answers 404, and the status
 * handler would send the person to /404 instead of the list. Queries still watched then are
 * left to the cache's garbage collection.
 */
export function forgetDeletedAfterLeaving(
  queryClient: QueryClient,
  { remove, invalidate = [] }: { remove: QueryKey[]; invalidate?: QueryKey[] },
) {
  setTimeout(() => {
    for (const queryKey of remove) queryClient.removeQueries({ queryKey, type: 'inactive' });
    for (const queryKey of invalidate) void queryClient.invalidateQueries({ queryKey });
  }, 0);
}
