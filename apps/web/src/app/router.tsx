import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireSession, RootLayout, ScreenLoader } from './layout';
import { RouteErrorScreen } from './route-error';
import { ROUTES, type RouteEntry } from './route-table';

const pending = () => import('@/features/pages/screens/pending-screen');

function toRoute(entry: RouteEntry): RouteObject {
  const load = entry.screen ?? pending;
  return {
    path: entry.path,
    handle: entry,
    lazy: async () => ({ Component: (await load()).default }),
  };
}

/** One route table (route-table.ts); each screen loads its own code when first visited. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteErrorScreen />,
      hydrateFallbackElement: <ScreenLoader />,
      children: [
        ...ROUTES.filter((entry) => entry.access === 'public').map(toRoute),
        {
          element: <RequireSession />,
          children: ROUTES.filter((entry) => entry.access === 'signedIn').map(toRoute),
        },
        {
          path: '*',
          handle: ROUTES.find((entry) => entry.path === '/404'),
          lazy: async () => ({
            Component: (await import('@/features/pages/screens/not-found-screen')).default,
          }),
        },
      ],
    },
  ]);
}
