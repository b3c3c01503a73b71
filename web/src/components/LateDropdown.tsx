import type { DropdownProps } from 'antd';
import { lazy, type ReactElement, Suspense, useEffect, useRef } from 'react';

const Dropdown = lazy(() => import('./dropdownModule').then((m) => ({ default: m.Dropdown })));

/**
 * Ant Design's Dropdown (click trigger), loaded just after the first render instead of with the
 * staff shell (issue 15: with rc-menu and rc-trigger it is ~20 KB gzipped). Until then the trigger
 * is shown as is; a click made before it is in opens the menu once it is.
 */
export function LateDropdown({ children, ...props }: Omit<DropdownProps, 'children'> & { children: ReactElement }) {
  const clicked = useRef(false);
  return (
    <Suspense
      fallback={
        // biome-ignore lint/a11y/noStaticElementInteractions: the click is the button's, kept for the menu
        // biome-ignore lint/a11y/useKeyWithClickEvents: the button inside answers the keyboard
        <span
          style={{ display: 'contents' }}
          onClick={() => {
            clicked.current = true;
          }}
        >
          {children}
        </span>
      }
    >
      <Loaded clicked={clicked}>
        <Dropdown trigger={['click']} {...props}>
          {children}
        </Dropdown>
      </Loaded>
    </Suspense>
  );
}

/** Around the loaded Dropdown: opens it if its trigger was clicked while it was loading. */
function Loaded({ clicked, children }: { clicked: { current: boolean }; children: ReactElement }) {
  const holder = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (clicked.current) {
      clicked.current = false;
      holder.current?.querySelector('button')?.click();
    }
  }, [clicked]);
  return (
    <span ref={holder} style={{ display: 'contents' }}>
      {children}
    </span>
  );
}
