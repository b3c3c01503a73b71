import type { ReactNode } from 'react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { authApi } from '../../api/auth';
import { useSession } from '../../auth/SessionContext';
import { authStore } from '../../auth/storage';
import { PageLoading } from '../../components/PageLoading';
import { InShellContext } from './StatusPage';

// Loaded only for a signed-in agent, like the router's own staff shell (one chunk for both): a
// visitor's not-found page stays a small public page.
const StaffShell = lazy(() =>
  import('../../layout/StaffShell').then(async (m) => {
    await m.antdLocaleReady;
    return { default: m.StaffShell };
  }),
);

/**
 * A status page (forbidden, not found) as a signed-in agent sees it: inside the staff shell, with
 * the menu to go on from; a visitor sees it on its own. With a session not loaded yet (the page
 * opened directly) the account is asked for once, quietly.
 */
export function InShellWhenSignedIn({ children }: { children: ReactNode }) {
  const { user, setUser } = useSession();
  const [asking, setAsking] = useState(() => user === null && authStore.token() !== null);
  useEffect(() => {
    if (!asking) {
      return;
    }
    let live = true;
    authApi
      .myInfo({ silent: true })
      .then((info) => live && setUser(info, info.timezone))
      .catch(() => undefined)
      .finally(() => live && setAsking(false));
    return () => {
      live = false;
    };
  }, [asking, setUser]);
  if (asking) {
    return null;
  }
  return user && user.user_type !== 'end_user' ? (
    <Suspense fallback={<PageLoading fullScreen />}>
      <StaffShell>
        <InShellContext.Provider value={true}>{children}</InShellContext.Provider>
      </StaffShell>
    </Suspense>
  ) : (
    children
  );
}
