import { useSession } from '@/lib/session';

/**
 * Signs out and starts the app afresh on the home page: one full navigation to `/`, so nothing
 * fetched for the session stays in memory. (Navigating in the app and then reloading could reload
 * the page being left, when the reload came before the navigation was committed.)
 */
export function useSignOut() {
  const session = useSession();
  return async () => {
    await session.signOut();
    window.location.replace('/');
  };
}
