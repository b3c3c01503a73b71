import { useEffect, useReducer, useSyncExternalStore } from 'react';
import { useBranding } from '../components/useBranding';
import { useTranslation } from '../i18n/useTranslation';
import { matchRoute } from './table';

/**
 * Screens' own titles for what they show (the ticket page: "#42 Printer jams"), by pathname, in
 * place of their route's while they are shown. Several screens stay mounted behind the header's
 * tabs: each keeps its own, and the one at the current pathname is the document's.
 */
let screenTitles: ReadonlyMap<string, string> = new Map();
const listeners = new Set<() => void>();
const screenTitleStore = {
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  get: () => screenTitles,
  update: (change: (next: Map<string, string>) => void) => {
    const next = new Map(screenTitles);
    change(next);
    screenTitles = next;
    for (const listener of listeners) {
      listener();
    }
  },
};

/** The screen at `pathname` is titled `title` (null: its route's title) while it is mounted. */
export function useScreenTitle(pathname: string, title: string | null): void {
  useEffect(() => {
    if (title === null) {
      return;
    }
    screenTitleStore.update((titles) => titles.set(pathname, title));
    return () =>
      screenTitleStore.update((titles) => {
        if (titles.get(pathname) === title) {
          titles.delete(pathname);
        }
      });
  }, [pathname, title]);
}

/**
 * "Organizations · Parley": the screen's title, then the brand. Staff screens' titles arrive with
 * the shell's texts (`staffStrings.ts`), so the title is written again when texts are added.
 */
export function useDocumentTitle(pathname: string): void {
  const { t, i18n } = useTranslation();
  const { brandName } = useBranding();
  // Rendering again when texts are added (the reducer's only job) recomputes the title below.
  const [, bump] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    i18n.store.on('added', bump);
    return () => i18n.store.off('added', bump);
  }, [i18n]);
  const own = useSyncExternalStore(screenTitleStore.subscribe, screenTitleStore.get, screenTitleStore.get).get(
    pathname,
  );
  const key = matchRoute(pathname)?.entry.key;
  const brand = brandName ?? t('app.name');
  const title = own !== undefined ? `${own} · ${brand}` : key ? `${t(`route.${key}`)} · ${brand}` : brand;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
