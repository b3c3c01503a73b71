import { useSyncExternalStore } from 'react';

/**
 * A hook answering whether a media query matches, known at the first render and kept up to date.
 * `unknown`: the answer where there is no screen to ask (the list drawn on the server, decision
 * 0019, draws a desktop's layout).
 */
function mediaHook(query: string, unknown: boolean): () => boolean {
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
  const subscribe = (notify: () => void) => {
    media?.addEventListener('change', notify);
    return () => media?.removeEventListener('change', notify);
  };
  const matches = () => media?.matches ?? unknown;
  const onServer = () => unknown;
  return () => useSyncExternalStore(subscribe, matches, onServer);
}

/**
 * Whether the screen is phone-wide: narrower than Ant Design's sm breakpoint (576px). Known at the
 * first render (Grid.useBreakpoint answers only after it), so a phone never lays the page out with
 * the side bar first.
 */
export const usePhone = mediaHook('(max-width: 575px)', false);

/**
 * Whether the screen is as wide as Ant Design's lg breakpoint (992px): room for a side column.
 * Grid.useBreakpoint answered this from a layout effect after the first render, which made each
 * screen using it render twice before its first paint (issue 15: the ticket page's second render,
 * and the effects it made React run first, were a fifth of opening a ticket).
 */
export const useWide = mediaHook('(min-width: 992px)', true);
