import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { matchRoute } from '../routes/table';
import { useDocumentTitle } from '../routes/useDocumentTitle';
import { runGuard } from './guard';
import { GuardPendingContext, useSession } from './SessionContext';
import { authStore } from './storage';

/** Runs the route guard on every change of page and shows a loading state meanwhile. */
export function RouteGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  const { user, setUser } = useSession();
  const [passed, setPassed] = useState<string | null>(null);
  const { pathname, search } = location;
  useDocumentTitle(pathname);
  // The query alone (a list's filters) does not change the page or the permission asked for,
  // so it is read for the return address only and does not re-run the guard.
  const searchRef = useRef(search);
  searchRef.current = search;

  useEffect(() => {
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
        setUser(info, timezone);
      },
    }).then((result) => {
      if (cancelled) {
        return;
      }
      if (result.outcome === 'redirect') {
        void navigate(result.to, { replace: true });
      } else {
        setPassed(pathname);
      }
    });
    return () => {
      cancelled = true;
    };
  }, [pathname, navigate, setUser]);

  const match = matchRoute(pathname);
  const open = passed === pathname || (match != null && !match.entry.needsLogin);
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
