import { authApi } from '../api/auth';
import { useSession } from './SessionContext';
import { authStore } from './storage';

/**
 * After the caller changed their own account: reads it again and stores it in the session (and
 * the name and time zone kept for the next visit), so that the shell shows the change at once.
 * A failed read is quiet: the route guard reads the account again on the next page.
 */
export function useReloadMyInfo(): () => Promise<void> {
  const { setUser } = useSession();
  return async () => {
    const info = await authApi.myInfo({ silent: true }).catch(() => null);
    if (info) {
      authStore.saveProfile(info.real_name, info.timezone);
      setUser(info, info.timezone);
    }
  };
}
