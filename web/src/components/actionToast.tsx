import type { MessageInstance } from 'antd/es/message/interface';
import { type FocusEvent, type ReactNode, useCallback, useEffect, useRef } from 'react';

let nextKey = 0;
/** How long an action toast stays unless pointed at or focused (seconds). */
const toastSeconds = 8;

/**
 * The toast's content, holding its own time: it closes the toast after `ms`, but not while the
 * pointer or the keyboard is on it (the time starts again when they leave).
 */
function HeldToast({ ms, close, children }: { ms: number; close: () => void; children: ReactNode }) {
  const timer = useRef(0);
  const held = useRef({ pointer: false, focus: false });
  const arm = useCallback(() => {
    window.clearTimeout(timer.current);
    if (!held.current.pointer && !held.current.focus) {
      timer.current = window.setTimeout(close, ms);
    }
  }, [close, ms]);
  useEffect(() => {
    arm();
    return () => window.clearTimeout(timer.current);
  }, [arm]);
  const hold = (kind: 'pointer' | 'focus', on: boolean) => {
    held.current[kind] = on;
    arm();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: it only notices the pointer and the focus on the link it holds, to keep the toast; it does nothing itself
    <span
      data-action-toast=""
      onMouseEnter={() => hold('pointer', true)}
      onMouseLeave={() => hold('pointer', false)}
      onFocus={() => hold('focus', true)}
      onBlur={(event: FocusEvent<HTMLSpanElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          hold('focus', false);
        }
      }}
    >
      {children}
    </span>
  );
}

/**
 * A success toast that holds a control (a link to what was saved): it goes after `toastSeconds`, but
 * not while the pointer or the keyboard is on it. The toasts come first in the page's order
 * (AppHolders): from the toast, Tab goes on to the page.
 */
export function showActionToast(message: MessageInstance, content: ReactNode): void {
  nextKey += 1;
  const key = `action-toast-${nextKey}`;
  const close = () => message.destroy(key);
  // Its own time (HeldToast), not Ant Design's: updating a toast to pause it draws it anew, and
  // the focus on its link was lost.
  void message.success({
    key,
    duration: 0,
    content: (
      <HeldToast ms={toastSeconds * 1000} close={close}>
        {content}
      </HeldToast>
    ),
  });
}

/**
 * After a save that took the agent to another page (its control gone with the old one, the focus
 * fell to the page's body): the keyboard goes to the action toast's control, which says what was
 * saved and leads back to it. Focus that is somewhere (a page that kept it) is left alone.
 */
export function focusActionToastWhenLost(): void {
  const started = Date.now();
  let focused: HTMLElement | null = null;
  const timer = window.setInterval(() => {
    const control = document.querySelector<HTMLElement>('[data-action-toast] a, [data-action-toast] button');
    const lost = !document.activeElement || document.activeElement === document.body;
    // Given, then taken off the control by the agent (a click on the page's blank, the control
    // still there), or the toast's time is over: done. Focus elsewhere (the old page's, before it
    // goes, or the next page's) is waited out, not taken.
    if ((lost && focused?.isConnected) || Date.now() - started > toastSeconds * 1000) {
      window.clearInterval(timer);
      return;
    }
    if (control && lost) {
      // Watched on while the window lasts: a toast drawn anew (its control replaced) loses the
      // focus to the body, and it is given back.
      control.focus();
      focused = document.activeElement === control ? control : null;
    }
  }, 100);
}
