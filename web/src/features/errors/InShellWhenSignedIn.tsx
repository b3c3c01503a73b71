import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { authApi } from '../../api/auth';
import { useSession } from '../../auth/SessionContext';
import { authStore } from '../../auth/storage';
import { StaffShell } from '../../layout/StaffShell';
import { InShellContext } from './StatusPage';

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
    <StaffShell>
      <InShellContext.Provider value={true}>{children}</InShellContext.Provider>
    </StaffShell>
  ) : (
    children
  );
}
