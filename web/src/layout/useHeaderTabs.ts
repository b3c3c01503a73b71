import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useGuardPending } from '../auth/SessionContext';
import { useStableNavigate } from '../routes/useStableNavigate';
import {
  closeTab,
  isTicketListPage,
  isTicketPage,
  lastTicketList,
  onCloseTabRequest,
  openTab,
  type THeaderTab,
  tabStore,
} from './tabs';

/** Header tabs of ticket pages, kept in localStorage, and the last ticket list in sessionStorage. */
export function useHeaderTabs() {
  const { pathname, search } = useLocation();
  const navigate = useStableNavigate();
  const pending = useGuardPending();
  const [tabs, setTabs] = useState<THeaderTab[]>(tabStore.load);

  useEffect(() => {
    // Only pages the guard let through: a forbidden ticket must not leave a tab behind.
    if (pending) {
      return;
    }
    if (isTicketListPage(pathname)) {
      lastTicketList.set(pathname + search);
    }
    if (isTicketPage(pathname)) {
      setTabs((previous) => {
        const next = openTab(previous, pathname, search);
        tabStore.save(next);
        return next;
      });
    }
  }, [pathname, search, pending]);

  const close = useCallback(
    (path: string) => {
      const result = closeTab(tabs, path, pathname, lastTicketList.get());
      tabStore.save(result.tabs);
      setTabs(result.tabs);
      if (result.goTo !== null) {
        void navigate(result.goTo);
      }
    },
    [tabs, pathname, navigate],
  );

  useEffect(() => onCloseTabRequest(close), [close]);

  return { tabs, close, activePath: pathname, onList: isTicketListPage(pathname) };
}
