import { useSyncExternalStore } from 'react';

// Ant Design's xs: narrower than its sm breakpoint (576px).
const phoneWide = typeof window.matchMedia === 'function' ? window.matchMedia('(max-width: 575px)') : null;
const onWidthChange = (notify: () => void) => {
  phoneWide?.addEventListener('change', notify);
  return () => phoneWide?.removeEventListener('change', notify);
};
const isPhone = () => phoneWide?.matches ?? false;

/**
 * Whether the screen is phone-wide. Known at the first render (Grid.useBreakpoint answers only
 * after it), so a phone never lays the page out with the side bar first.
 */
export function usePhone(): boolean {
  return useSyncExternalStore(onWidthChange, isPhone, isPhone);
}
