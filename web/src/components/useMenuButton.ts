import type { KeyboardEvent } from 'react';
import { useRef, useState } from 'react';

/**
 * A button that opens a menu (Ant Design's Dropdown), as WAI-ARIA's menu button: the button says
 * it has a menu and whether it is open; Enter, Space or ArrowDown open it with the focus in the
 * menu (the arrows move between its items, Escape and Tab close it with the focus back on the
 * button); once an item is chosen the focus is back on the button, not lost with the menu.
 * Spread `dropdown` on the Dropdown and `button` on its button; call `chosen` from the menu's onClick.
 */
export function useMenuButton() {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return {
    open,
    dropdown: { open, onOpenChange: (next: boolean) => setOpen(next), autoFocus: true },
    button: {
      ref: trigger,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key === 'ArrowDown' && !open) {
          event.preventDefault();
          setOpen(true);
        }
      },
    },
    /** Settles once the focus is back on the button: what the item does next may move it on. */
    chosen: () => {
      setOpen(false);
      // After the key's own handling, not during it: focused while Enter is handled, the button
      // would take the Enter's click too and open the menu again.
      return new Promise<void>((resolve) =>
        setTimeout(() => {
          trigger.current?.focus();
          resolve();
        }, 0),
      );
    },
  };
}
