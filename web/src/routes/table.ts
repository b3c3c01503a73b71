import { allStaffRoutes } from '@parley/contracts';
import { matchRoutes } from 'react-router';

/**
 * The one route table of docs/product.md §2, without the screens (router.tsx adds those), so the
 * route guard and the menus can use it without loading any screen.
 */
export interface TRouteEntry {
  path: string;
  /** i18n key of the screen title: `route.<key>`. */
  key: string;
  /** Route name of docs/product.md §2, where it has one. */
  name?: 'login' | 'page_forbidden' | 'page_not_found' | 'index';
  needsLogin: boolean;
  /** Whether opening the screen needs the menu node `path` (false: every signed-in account). */
  menu: boolean;
}

export const publicRoutes: readonly TRouteEntry[] = [
  { path: '/', key: 'home', needsLogin: false, menu: false },
  { path: '/home/satisfaction', key: 'satisfaction', needsLogin: false, menu: false },
  { path: '/page_not_found', key: 'page_not_found', name: 'page_not_found', needsLogin: false, menu: false },
  { path: '/page_forbidden', key: 'page_forbidden', name: 'page_forbidden', needsLogin: false, menu: false },
  { path: '/wswt/login', key: 'login', name: 'login', needsLogin: false, menu: false },
  { path: '/wswt/password', key: 'password', needsLogin: false, menu: false },
];

export const staffRouteEntries: readonly TRouteEntry[] = allStaffRoutes.map((r) => ({
  path: r.path,
  key: r.key,
  needsLogin: true,
  menu: r.menu,
  ...(r.path === '/wswt' ? { name: 'index' as const } : {}),
}));

export const routeTable: readonly TRouteEntry[] = [...publicRoutes, ...staffRouteEntries];

export const paths = {
  index: '/wswt',
  login: '/wswt/login',
  password: '/wswt/password',
  notFound: '/page_not_found',
  forbidden: '/page_forbidden',
  profile: '/wswt/account/my/profile',
} as const;

/**
 * The route a pathname opens, ranked the way React Router ranks them (a static segment beats
 * a parameter: `/wswt/account/my/profile` is not `/wswt/account/:account_id`).
 */
type TRouteMatch = { entry: TRouteEntry; params: Record<string, string | undefined> } | null;

/**
 * The last answers for the app's own table, by path: the route guard, the page title and the
 * header tabs ask on every render of a page change, and each match compiled every route's pattern
 * again (React Router ranks the whole table each time): 10-20 ms of a step at 4× CPU (issue 15).
 */
const matched = new Map<string, TRouteMatch>();

export function matchRoute(pathname: string, table: readonly TRouteEntry[] = routeTable): TRouteMatch {
  const cached = table === routeTable ? matched.get(pathname) : undefined;
  if (cached !== undefined) {
    return cached;
  }
  const matches = matchRoutes(
    table.map((entry) => ({ path: entry.path, entry })),
    pathname,
  );
  const first = matches?.[0];
  const found = first ? { entry: first.route.entry, params: first.params } : null;
  if (table === routeTable) {
    if (matched.size >= 200) {
      matched.clear();
    }
    matched.set(pathname, found);
  }
  return found;
}

/** The login address that brings the user back to `returnTo` (path and query) afterwards. */
export function loginPath(returnTo: string): string {
  return `${paths.login}?next=${encodeURIComponent(returnTo)}`;
}
