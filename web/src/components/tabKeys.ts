import type { KeyboardEvent } from 'react';

/**
 * Arrows, Home and End move the focus between the tabs of a tab list, as Ant Design's tabs do
 * (the light tabs: `LightCardTabs`, the header's `LightTabs`). Answers whether the key was one.
 */
export function moveTabFocus(event: KeyboardEvent<HTMLElement>, index: number, list: HTMLElement | null): boolean {
  const tabs = [...(list?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
  const move = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: tabs.length - 1 }[event.key];
  if (move === undefined) {
    return false;
  }
  event.preventDefault();
  tabs[Math.max(0, Math.min(tabs.length - 1, move))]?.focus();
  return true;
}

/**
 * A tab's keys, as Ant Design's: arrows, Home and End move the focus, Enter or Space opens it,
 * Delete or Backspace closes it where it can be closed (`close` given).
 */
export function onTabKey(
  event: KeyboardEvent<HTMLElement>,
  index: number,
  list: HTMLElement | null,
  open: () => void,
  close?: () => void,
): void {
  if (moveTabFocus(event, index, list)) {
    return;
  }
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    open();
  } else if ((event.key === 'Delete' || event.key === 'Backspace') && close) {
    event.preventDefault();
    close();
  }
}
