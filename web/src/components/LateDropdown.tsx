import type { DropdownProps } from 'antd';
import { lazy, type ReactElement, Suspense, useLayoutEffect, useRef } from 'react';

const Dropdown = lazy(() => import('./dropdownModule').then((m) => ({ default: m.Dropdown })));

/** What happened to the trigger while the Dropdown was loading. */
interface TEarly {
  /** Clicked (a press and release, or Enter or Space): the menu opens once the Dropdown is in. */
  clicked: boolean;
  /** Pressed and not yet released: the release may come after the trigger is replaced. */
  pressed: boolean;
  /** Called on the press's release (with what it was released on), once the Dropdown is in and waits for it. */
  onRelease: ((on: EventTarget | null) => void) | null;
}

/**
 * Ant Design's Dropdown (click trigger), loaded just after the first render instead of with the
 * staff shell (issue 15: with rc-menu and rc-trigger it is ~20 KB gzipped). Until then the trigger
 * is shown as is; a click made before it is in opens the menu once it is. So does a press made
 * before and released after: the loaded Dropdown draws its trigger anew, and the browser sends no
 * click for a press whose element was replaced under it (a click lost on a loaded machine, CI
 * 2026-12-06).
 */
export function LateDropdown({ children, ...props }: Omit<DropdownProps, 'children'> & { children: ReactElement }) {
  const early = useRef<TEarly>({ clicked: false, pressed: false, onRelease: null });
  const press = () => {
    const state = early.current;
    state.pressed = true;
    const release = (event: Event) => {
      window.removeEventListener('pointerup', release, true);
      window.removeEventListener('pointercancel', release, true);
      state.pressed = false;
      const then = state.onRelease;
      state.onRelease = null;
      // After the release's own click, if one comes (it reaches the trigger, loaded or not).
      if (then && event.type === 'pointerup') {
        setTimeout(() => then(event.target), 0);
      }
    };
    window.addEventListener('pointerup', release, true);
    window.addEventListener('pointercancel', release, true);
  };
  return (
    <Suspense
      fallback={
        // biome-ignore lint/a11y/noStaticElementInteractions: the click is the button's, kept for the menu
        // biome-ignore lint/a11y/useKeyWithClickEvents: the button inside answers the keyboard
        <span
          style={{ display: 'contents' }}
          onPointerDown={press}
          onClick={() => {
            early.current.clicked = true;
          }}
        >
          {children}
        </span>
      }
    >
      <Loaded early={early}>
        <Dropdown trigger={['click']} {...props}>
          {children}
        </Dropdown>
      </Loaded>
    </Suspense>
  );
}

/** Around the loaded Dropdown: opens it if its trigger was clicked (or pressed) while it was loading. */
function Loaded({ early, children }: { early: { current: TEarly }; children: ReactElement }) {
  const holder = useRef<HTMLSpanElement>(null);
  // A layout effect: it runs with the commit that replaces the trigger, so no release comes between.
  useLayoutEffect(() => {
    const state = early.current;
    const box = holder.current;
    const open = () => box?.querySelector('button')?.click();
    if (state.clicked) {
      state.clicked = false;
      open();
      return;
    }
    if (!state.pressed || !box) {
      return;
    }
    // Released on the trigger, as a click is; not elsewhere (a press dragged away is taken back). A
    // browser that does send the release's click to the new trigger has opened the menu itself.
    let reached = false;
    const seen = () => {
      reached = true;
    };
    box.addEventListener('click', seen, true);
    state.onRelease = (on) => on instanceof Node && box.contains(on) && !reached && open();
    return () => {
      box.removeEventListener('click', seen, true);
      state.onRelease = null;
    };
  }, [early]);
  return (
    <span ref={holder} style={{ display: 'contents' }}>
      {children}
    </span>
  );
}
