import type { THasNodeListResponse } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { dismissPreview } from '../list-preview/preview';
import { matchRoute } from '../routes/table';
import { useDocumentTitle } from '../routes/useDocumentTitle';
import { adoptAccountLanguage } from './accountLanguage';
import { runGuard } from './guard';
import { mayI, nodeListKey } from './nodes';
import { GuardPendingContext, useSession } from './SessionContext';
import { authStore } from './storage';

/** The first page of the caller's menu (loaded when needed: most sessions never ask), or null. */
async function firstOpenPage(): Promise<string | null> {
  try {
    const [{ authApi }, { firstMenuPath }] = await Promise.all([import('../api/auth'), import('../layout/menu')]);
    const { list } = await authApi.hasNodeList({ node_types: ['menu'] }, { silent: true });
    return firstMenuPath((path) => list.some((n) => n.node_type === 'menu' && n.node_value === path));
  } catch {
    return null;
  }
}

/** Runs the route guard on every change of page and shows a loading state meanwhile. */
export function RouteGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  const { user, setUser } = useSession();
  // The page the guard last let through. A ref: when the page is already on screen (granted
  // below), its answer must not draw the whole shell and page again; `rerender` wakes a page
  // that waited for it.
  const passed = useRef<string | null>(null);
  const shown = useRef(false);
  const [, rerender] = useState(0);
  const { pathname, search } = location;
  useDocumentTitle(pathname);
  // The query alone (a list's filters) does not change the page or the permission asked for,
  // so it is read for the return address only and does not re-run the guard.
  const searchRef = useRef(search);
  searchRef.current = search;

  useEffect(() => {
    // The server drew the list (decision 0019); any other page, or a guard sending away, replaces it.
    if (matchRoute(pathname)?.entry.key !== 'index') {
      dismissPreview();
    }
    let cancelled = false;
    void runGuard({
      pathname,
      search: searchRef.current,
      token: authStore.token(),
      // The account calls load with the first staff page only: public pages never ask them.
      myInfo: async () => (await import('../api/auth')).authApi.myInfo({ silent: true }),
      // A failed check means "forbidden"; only network trouble is worth a toast on top.
      checkMenu: async (nodeValue) =>
        (
          await (
            await import('../api/auth')
          ).authApi.check({ node_value: nodeValue, node_type: 'menu' }, { silent: ['0401', '0403', '0404'] })
        ).has_auth,
      store: (info, timezone) => {
        if (cancelled) {
          return;
        }
        authStore.touch();
        authStore.saveProfile(info.real_name, timezone);
        adoptAccountLanguage(info.default_language);
        setUser(info, timezone);
      },
    }).then(async (result) => {
      if (cancelled) {
        return;
      }
      if (result.outcome === 'redirect') {
        dismissPreview();
        // Home is the ticket list: a staff member whose roles leave it out starts on their first page.
        const home = result.reason === 'forbidden' && matchRoute(pathname)?.entry.key === 'index';
        const to = (home && (await firstOpenPage())) || result.to;
        if (!cancelled) {
          void navigate(to, { replace: true });
        }
      } else {
        passed.current = pathname;
        if (!shown.current) {
          rerender((n) => n + 1);
        }
      }
    });
    return () => {
      cancelled = true;
    };
  }, [pathname, navigate, setUser]);

  const match = matchRoute(pathname);
  // A signed-in agent moving to a page whose menu their nodes (already loaded) grant sees it at
  // once, the guard asking meanwhile (issue 15: the page's own data no longer waits a round trip
  // behind it). Its answer still decides: a token gone or a menu taken away in the meantime leaves
  // for sign-in or page_forbidden, and the server refuses the page's calls whatever shows.
  const queryClient = useQueryClient();
  const granted =
    user !== null &&
    match?.entry.needsLogin === true &&
    (!match.entry.menu ||
      mayI(
        user,
        queryClient.getQueryData<THasNodeListResponse>(nodeListKey(user.account_id))?.list,
        'menu',
        match.entry.path,
      ));
  const open = passed.current === pathname || (match != null && !match.entry.needsLogin) || granted;
  shown.current = open;
  // A signed-in agent moving to another staff page keeps the shell on screen while the guard
  // asks (it shows the loading state in its content area).
  const pending = !open && user !== null && match?.entry.needsLogin === true;
  if (!open && !pending) {
    return <PageLoading fullScreen />;
  }
  // One shape whether the guard is asking or done: a change of shape here would rebuild the whole
  // shell on every page change, and with it Ant Design's messages ("ticket updated" and its link).
  return (
    <GuardPendingContext.Provider value={pending}>
      <Outlet />
    </GuardPendingContext.Provider>
  );
}
