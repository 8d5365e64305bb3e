import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireSession, RootLayout, ScreenLoader } from './layout';
import { RouteErrorScreen } from './route-error';
import { ROUTES, type RouteEntry } from './route-table';
import { SCREENS } from './screens';

type BuiltRoute = RouteEntry & Required<Pick<RouteEntry, 'screen'>>;

function toRoute(entry: BuiltRoute): RouteObject {
  return {
    path: entry.path,
    handle: entry,
    lazy: async () => ({ Component: (await SCREENS[entry.screen]!()).default }),
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
          lazy: async () => ({ Component: (await SCREENS.notFound!()).default }),
        },
      ],
    },
  ];
}

export function createAppRouter(routes: RouteObject[] = appRoutes()) {
  return createBrowserRouter(routes);
}

/**
 * Resolves once the router has loaded the code of the screens its first page shows: a page that
 * arrived rendered is then hydrated by a first render that is the screen itself, as its markup is.
 */
export function routerReady(router: ReturnType<typeof createAppRouter>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
