import { Activity, type ReactNode, type RefObject, Suspense, useContext, useLayoutEffect, useRef } from 'react';
import { UNSAFE_LocationContext as LocationContext, useOutlet } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { useRouteKey } from '../routes/useRouteKey';
import { keepLayoutWhenHidden } from './keepLayoutWhenHidden';

type TLocation = React.ContextType<typeof LocationContext>;

/** Where the list was left: its scroll and focus. */
interface TLeft {
  scrollY: number;
  focus: Element | null;
  /**
   * Why it is hidden, until it shows again: left for a ticket, or waiting while the guard asks
   * about its own page (after a submit brings the agent back, it can show, then wait hidden for the
   * guard). Only a list left for a ticket gets the focus put on its start when it shows: from the
   * guard's wait nothing took it, and the save's toast keeps it ("Open it", actionToast.tsx).
   */
  away: 'ticket' | 'guard' | null;
}

/**
 * The matched staff screen, or the loading state while the route guard asks (`pending`). The
 * ticket list stays mounted, hidden, while a ticket is open from it (issue 15): opening a ticket
 * does not tear its rows down, and going back shows them without building them again.
 * The hidden list is React's `Activity` (hidden): its effects are disconnected — no keyboard
 * handler, no query subscription (an invalidation while a ticket is open refetches it when it
 * shows again, if stale) — and it reads the address it was left at, not the ticket's.
 */
export function Screens({ pending }: { pending: boolean }) {
  const outlet = useOutlet();
  const key = useRouteKey();
  const location = useContext(LocationContext);
  const kept = useRef<{ outlet: ReactNode; location: TLocation } | null>(null);
  const left = useRef<TLeft>({ scrollY: 0, focus: null, away: null });
  const wasShown = useRef(false);
  const onList = key === 'index';
  // While the guard asks about the page (each page change), the list waits hidden.
  const listShown = onList && !pending;
  if (listShown) {
    // Back at the address it was left at: the same elements, so the list shows without drawing
    // its rows again (a new location would redraw every row's links). Its data still updates.
    const was = kept.current?.location.location;
    const now = location.location;
    if (!(was && was.pathname === now.pathname && was.search === now.search && was.hash === now.hash)) {
      kept.current = { outlet, location };
    }
  } else if ((key === 'ticket_edit' || onList) && kept.current) {
    if (wasShown.current) {
      // Leaving the list: where it was, read before the ticket's commit hides it (so in render).
      left.current = {
        scrollY: window.scrollY,
        focus: document.activeElement,
        away: key === 'ticket_edit' ? 'ticket' : 'guard',
      };
    }
  } else {
    kept.current = null;
  }
  // Shown as committed, not as rendered: a navigation renders in a transition, and a render of it
  // that an urgent one interrupts (the old page drawn again, its address still current) is thrown
  // away. Set in render, it made that urgent render take the list as left for a ticket, and the
  // focus went to the list's heading instead of the save's toast.
  useLayoutEffect(() => {
    wasShown.current = listShown;
  });
  const list = kept.current;
  return (
    <>
      {list && (
        <Activity key="list" mode={listShown ? 'visible' : 'hidden'}>
          {/* Hidden, it keeps its layout (keepLayoutWhenHidden): opening a ticket and coming back are cheaper. */}
          <div ref={keepLayoutWhenHidden}>
            <Suspense fallback={<PageLoading />}>
              <LocationContext value={list.location}>
                <Restore left={left} />
                {list.outlet}
              </LocationContext>
            </Suspense>
          </div>
        </Activity>
      )}
      {pending ? (
        <PageLoading key="wait" />
      ) : (
        !listShown && (
          <Suspense key="screen" fallback={<PageLoading />}>
            {outlet}
          </Suspense>
        )
      )}
    </>
  );
}

/** Back on the list: the scroll and the focused row's link as they were (hiding blurred it). */
function Restore({ left }: { left: RefObject<TLeft> }) {
  // Runs when the list mounts and again each time it shows (Activity reconnects its effects).
  useLayoutEffect(() => {
    const { focus, scrollY, away } = left.current;
    if (!away) {
      return;
    }
    left.current = { scrollY: 0, focus: null, away: null };
    if (document.activeElement === document.body || document.activeElement === null) {
      if (focus instanceof HTMLElement && focus.isConnected && focus !== document.body) {
        focus.focus({ preventScroll: true });
      } else if (away === 'ticket') {
        // Left from the keyboard (j/k and Enter focus nothing) or sent back by a submit: the focus
        // goes to the row the agent was on, else to the list's heading, not to the top of the page.
        focusListStart();
      }
    }
    window.scrollTo(0, scrollY);
  }, [left]);
  return null;
}

function focusListStart() {
  const main = document.querySelector('main');
  const row = main?.querySelector<HTMLElement>('.ticket-row-active a[href]');
  if (row) {
    row.focus({ preventScroll: true });
    return;
  }
  const heading = main?.querySelector<HTMLElement>('h1');
  if (heading) {
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }
}
