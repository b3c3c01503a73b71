import type { TMyInfoResponse } from '@parley/contracts';
import { loginPath, matchRoute, paths, routeTable, type TRouteEntry } from '../routes/table';

export interface TGuardInput {
  /** The address being opened. */
  pathname: string;
  /** Its query string, with or without the leading `?`. */
  search?: string;
  token: string | null;
  /** `GET auth.my.info.get`; rejects when the call fails. */
  myInfo(): Promise<TMyInfoResponse>;
  /** `POST auth.check {node_value, node_type: 'menu'}`; resolves `has_auth`. */
  checkMenu(nodeValue: string): Promise<boolean>;
  /** Step 6: keep the caller's info and time zone for the shell. */
  store(info: TMyInfoResponse, timezone: string): void;
  routes?: readonly TRouteEntry[];
}

export type TGuardResult =
  | { outcome: 'pass'; route: TRouteEntry; user: TMyInfoResponse | null }
  | { outcome: 'redirect'; to: string; reason: 'not_found' | 'login' | 'forbidden' };

/** The route guard of docs/product.md §2, steps in the spec's order. */
export async function runGuard(input: TGuardInput): Promise<TGuardResult> {
  const search = input.search ? (input.search.startsWith('?') ? input.search : `?${input.search}`) : '';
  const toLogin = (): TGuardResult => ({
    outcome: 'redirect',
    to: loginPath(input.pathname + search),
    reason: 'login',
  });

  // 1. Unknown route.
  const match = matchRoute(input.pathname, input.routes ?? routeTable);
  if (!match) {
    return { outcome: 'redirect', to: paths.notFound, reason: 'not_found' };
  }
  const route = match.entry;

  // 2. A route that needs no login.
  if (!route.needsLogin) {
    return { outcome: 'pass', route, user: null };
  }

  // 3. No token.
  if (!input.token) {
    return toLogin();
  }

  // Both calls are asked at once (one round trip before the page mounts, not two in series);
  // their answers are still read in the spec's order, so a failed my-info sends the visitor to
  // sign in whatever the menu check said.
  const infoAnswer = input.myInfo().then(
    (info): TMyInfoResponse | null => info,
    () => null,
  );
  const menuAllowed = route.menu ? input.checkMenu(route.path).catch(() => false) : null;

  // 4. The token must still name a signed-in account.
  const info = await infoAnswer;
  if (!info) {
    return toLogin();
  }

  // 5. Menu authorisation of the first matched route pattern (a failed check is a refusal).
  if (menuAllowed) {
    if (!(await menuAllowed)) {
      return { outcome: 'redirect', to: paths.forbidden, reason: 'forbidden' };
    }
  }

  // 6. Keep the caller's info and time zone.
  input.store(info, info.timezone);
  return { outcome: 'pass', route, user: info };
}

/**
 * The route guard's step 3 (a staff page without a token goes to sign in), taken before the router
 * starts: the router loads the lazy modules of every route the address matches as it starts, so a
 * signed-out visitor at a staff address would download the staff shell and the screen (Ant Design
 * with them) only to be sent to the light sign-in page. Returns where to start instead, or null.
 */
export function signInFirst(pathname: string, search: string, token: string | null): string | null {
  const match = matchRoute(pathname);
  return match?.entry.needsLogin && !token ? loginPath(pathname + search) : null;
}
