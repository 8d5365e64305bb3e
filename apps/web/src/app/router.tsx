import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RequireSession, RootLayout, ScreenLoader } from './layout';
import { RouteErrorScreen } from './route-error';
import { ROUTES, type RouteEntry } from './route-table';

type BuiltRoute = RouteEntry & Required<Pick<RouteEntry, 'screen'>>;

function toRoute(entry: BuiltRoute): RouteObject {
  return {
    path: entry.path,
    handle: entry,
    lazy: async () => ({ Component: (await entry.screen()).default }),
  };
}

/** Routes whose screens are built; a planned one falls through to the 404 page. */
const built = (access: RouteEntry['access']) =>
  ROUTES.filter((entry): entry is BuiltRoute => entry.access === access && entry.screen !== undefined);

/** One route table (route-table.ts); each screen loads its own code when first visited. */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorScreen />,
      hydrateFallbackElement: <ScreenLoader />,
      children: [
        ...built('public').map(toRoute),
        {
          element: <RequireSession />,
          children: built('signedIn').map(toRoute),
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
  ];
}

/**
 * Loads the code of the screens `path` shows into `routes`, so that their first render is the
 * screen itself: a prerendered page (the sign-in page) hydrates against the same markup.
 */
export async function loadScreensOf(routes: RouteObject[], path: string): Promise<void> {
  const matches = matchRoutes(routes, path) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

export function createAppRouter(routes: RouteObject[] = appRoutes()) {
  return createBrowserRouter(routes);
}
