import { local, session, storageKeys } from '../auth/storage';
import { matchRoute } from '../routes/table';

/** A ticket page open in the header (docs/product.md §2). */
export interface THeaderTab {
  path: string;
  query: string;
  fullPath: string;
}

export const maxHeaderTabs = 20;

const ticketListPaths = new Set(['/wswt', '/wswt/search', '/wswt/ticket_views']);

/** `/wswt/ticket/...` pages open as header tabs. */
export function isTicketPage(pathname: string): boolean {
  return pathname.startsWith('/wswt/ticket/') && matchRoute(pathname) !== null;
}

export function isTicketListPage(pathname: string): boolean {
  return ticketListPaths.has(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
}

/** Opens (or refreshes the query of) the tab of this page; the oldest tab goes past the limit. */
export function openTab(tabs: readonly THeaderTab[], pathname: string, search: string): THeaderTab[] {
  const query = search.startsWith('?') ? search.slice(1) : search;
  const tab: THeaderTab = { path: pathname, query, fullPath: query ? `${pathname}?${query}` : pathname };
  const at = tabs.findIndex((t) => t.path === pathname);
  if (at >= 0) {
    const existing = tabs[at];
    if (existing && existing.fullPath === tab.fullPath) {
      return [...tabs];
    }
    return tabs.map((t, i) => (i === at ? tab : t));
  }
  const next = [...tabs, tab];
  return next.length > maxHeaderTabs ? next.slice(next.length - maxHeaderTabs) : next;
}

/** Closes a tab; when it was the one on screen, says where to go: its neighbour, else `fallback`. */
export function closeTab(
  tabs: readonly THeaderTab[],
  path: string,
  activePath: string,
  fallback: string,
): { tabs: THeaderTab[]; goTo: string | null } {
  const at = tabs.findIndex((t) => t.path === path);
  if (at < 0) {
    return { tabs: [...tabs], goTo: null };
  }
  const rest = tabs.filter((_, i) => i !== at);
  if (path !== activePath) {
    return { tabs: rest, goTo: null };
  }
  const neighbour = rest[at] ?? rest[at - 1];
  return { tabs: rest, goTo: neighbour ? neighbour.fullPath : fallback };
}

function isTab(value: unknown): value is THeaderTab {
  if (value === null || typeof value !== 'object') {
    return false;
  }
  const v = value as Record<string, unknown>;
  return typeof v.path === 'string' && typeof v.query === 'string' && typeof v.fullPath === 'string';
}

export const tabStore = {
  load(): THeaderTab[] {
    const stored = local.get<unknown>(storageKeys.headerTabs);
    return Array.isArray(stored) ? stored.filter(isTab).filter((t) => isTicketPage(t.path)) : [];
  },
  save(tabs: readonly THeaderTab[]): void {
    local.set(storageKeys.headerTabs, tabs);
  },
  clear(): void {
    local.remove(storageKeys.headerTabs);
  },
};

/** The ticket list the agent came from (list, search or views, with their query), per browser tab. */
export const lastTicketList = {
  get: (): string => session.get<string>(storageKeys.lastTicketList) ?? '/wswt',
  set: (fullPath: string) => session.set(storageKeys.lastTicketList, fullPath),
};

const closeTabEvent = 'parley:close-tab';

/** Asks the header to close the tab of `path` (a ticket page closing itself after a submit). */
export function requestCloseTab(path: string): void {
  window.dispatchEvent(new CustomEvent<string>(closeTabEvent, { detail: path }));
}

/** Calls `onClose` with the path of each tab a page asks to close; returns the unsubscribe. */
export function onCloseTabRequest(onClose: (path: string) => void): () => void {
  const listener = (event: Event) => onClose((event as CustomEvent<string>).detail);
  window.addEventListener(closeTabEvent, listener);
  return () => window.removeEventListener(closeTabEvent, listener);
}
