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
  if (passed === pathname || (match && !match.entry.needsLogin)) {
    return <Outlet />;
  }
  if (user && match?.entry.needsLogin) {
    // Keep the shell on screen; it shows the loading state in its content area.
    return (
      <GuardPendingContext.Provider value={true}>
        <Outlet />
      </GuardPendingContext.Provider>
    );
  }
  return <PageLoading fullScreen />;
}
