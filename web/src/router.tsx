import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouteGuard } from './auth/RouteGuard';
import { PageLoading } from './components/PageLoading';
import { RouteErrorPage } from './features/errors/RouteErrorPage';
import { paths, publicRoutes, staffRouteEntries, type TRouteEntry } from './routes/table';

/** What a route's `handle` carries: the i18n key of its title (`route.<key>`). */
export interface TRouteHandle {
  key: string;
}

type TScreenLoader = () => Promise<ComponentType>;

const notBuilt: TScreenLoader = () => import('./features/placeholder/NotBuiltPage').then((m) => m.NotBuiltPage);
const publicNotBuilt: TScreenLoader = () =>
  import('./features/placeholder/PublicNotBuiltPage').then((m) => m.PublicNotBuiltPage);

/** Screens built so far; every other route shows the "not built yet" page. */
const screens: Record<string, TScreenLoader> = {
  home: publicNotBuilt,
  satisfaction: publicNotBuilt,
  login: () => import('./features/auth/LoginPage').then((m) => m.LoginPage),
  page_not_found: () => import('./features/errors/NotFoundPage').then((m) => m.NotFoundPage),
  page_forbidden: () => import('./features/errors/ForbiddenPage').then((m) => m.ForbiddenPage),
  my_profile: () => import('./features/account/ProfilePage').then((m) => m.ProfilePage),
};

function toRoute(entry: TRouteEntry, path: string | undefined, fallback: TScreenLoader): RouteObject {
  const load = screens[entry.key] ?? fallback;
  const handle: TRouteHandle = { key: entry.key };
  const lazy = async () => ({ Component: await load() });
  return path === undefined ? { index: true, handle, lazy } : { path, handle, lazy };
}

const staffChildren: RouteObject[] = staffRouteEntries.map((entry) =>
  toRoute(entry, entry.path === paths.index ? undefined : entry.path.slice(`${paths.index}/`.length), notBuilt),
);

export const routes: RouteObject[] = [
  {
    element: <RouteGuard />,
    errorElement: <RouteErrorPage />,
    HydrateFallback: () => <PageLoading fullScreen />,
    children: [
      ...publicRoutes.map((entry) => toRoute(entry, entry.path, publicNotBuilt)),
      {
        path: paths.index,
        lazy: async () => ({ Component: (await import('./layout/StaffShell')).StaffShell }),
        children: staffChildren,
      },
      { path: '*', element: <Navigate to={paths.notFound} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
