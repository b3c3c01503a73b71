/**
 * Tab and Shift+Tab go round a modal dialog's controls. Ant Design's dialogs keep the focus in by
 * pulling it back when it lands outside, but a dialog is the page's last element: a Tab from its
 * last button left the document (the browser's own bar), an empty stop before the focus came back
 * to the first button. Here the last control's Tab goes straight to the first, and back.
 */

const candidates = 'a[href], button, input, select, textarea, [tabindex]';

function isTabStop(el: HTMLElement): boolean {
  if (el.tabIndex < 0 || el.matches(':disabled') || el.closest('[inert]') || el.getClientRects().length === 0) {
    return false;
  }
  // A group of radio buttons is one stop: its checked one (or its first, none being checked).
  if (el instanceof HTMLInputElement && el.type === 'radio' && el.name && !el.checked) {
    const group = [...(el.form ?? document).querySelectorAll<HTMLInputElement>(`input[type="radio"]`)].filter(
      (other) => other.name === el.name,
    );
    return !group.some((other) => other.checked) && group[0] === el;
  }
  return true;
}

/** The controls of `dialog` that Tab stops at, in order (no positive tabindex is used in the app). */
export function tabStops(dialog: HTMLElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(candidates)].filter(isTabStop);
}

function onKeyDown(event: KeyboardEvent): void {
  if (event.key !== 'Tab' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) {
    return;
  }
  const at = document.activeElement;
  const dialog = at instanceof HTMLElement ? at.closest<HTMLElement>('[role="dialog"][aria-modal="true"]') : null;
  if (!dialog || !at) {
    return;
  }
  const stops = tabStops(dialog);
  const first = stops[0];
  const last = stops.at(-1);
  if (!first || !last) {
    return;
  }
  if (!event.shiftKey && at === last) {
    event.preventDefault();
    first.focus();
  } else if (event.shiftKey && (at === first || at === dialog)) {
    event.preventDefault();
    last.focus();
  }
}

let installed = false;

/** Installs the loop once for the whole page (the staff shell's dialogs). */
export function installDialogTabLoop(): void {
  if (!installed) {
    installed = true;
    document.addEventListener('keydown', onKeyDown);
  }
}
