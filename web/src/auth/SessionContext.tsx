import type { TMyInfoResponse } from '@parley/contracts';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { authStore } from './storage';

interface TSession {
  /** The signed-in account, as the route guard last loaded it. */
  user: TMyInfoResponse | null;
  timezone: string | null;
  setUser(user: TMyInfoResponse, timezone: string): void;
  clearUser(): void;
}

const SessionContext = createContext<TSession | null>(null);

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function SessionProvider({ children, initialUser }: { children: ReactNode; initialUser?: TMyInfoResponse }) {
  const [user, setUserState] = useState<TMyInfoResponse | null>(initialUser ?? null);
  const [timezone, setTimezone] = useState<string | null>(() => authStore.timezone());

  const setUser = useCallback((next: TMyInfoResponse, tz: string) => {
    // The route guard stores the account on every change of page: the same account again keeps
    // the same object, or every screen that reads the session would render again for nothing.
    setUserState((previous) => (previous !== null && sameJson(previous, next) ? previous : next));
    setTimezone(tz);
  }, []);
  const clearUser = useCallback(() => {
    setUserState(null);
  }, []);

  const value = useMemo(() => ({ user, timezone, setUser, clearUser }), [user, timezone, setUser, clearUser]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): TSession {
  const session = useContext(SessionContext);
  if (!session) {
    throw new Error('useSession needs a SessionProvider');
  }
  return session;
}

/** True while the route guard re-checks a staff page the shell is already showing. */
export const GuardPendingContext = createContext(false);

export function useGuardPending(): boolean {
  return useContext(GuardPendingContext);
}
